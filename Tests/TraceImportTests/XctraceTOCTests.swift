import Testing
@testable import TraceImport

@Suite("xctrace TOC reader")
struct XctraceTOCTests {
    static let toc = """
        <?xml version="1.0"?>
        <trace-toc>
          <run number="1">
            <info>
              <target>
                <device platform="iOS" model="iPhone 15" name="Ann&apos;s iPhone" os-version="26.1 (23B85)" uuid="X"/>
                <process type="launched" return-exit-status="0" termination-reason="exit() syscall" name="MyApp" pid="1001"/>
              </target>
              <summary>
                <start-date>2026-05-01T10:00:00.000+02:00</start-date>
                <end-date/>
                <duration>20.99</duration>
                <end-reason>Time limit reached</end-reason>
                <instruments-version>26.0 (17A324)</instruments-version>
                <template-name>SwiftUI</template-name>
              </summary>
            </info>
            <processes><process pid="1001" path="/x/MyApp" name="MyApp"/><process pid="0" name="kernel"/></processes>
            <data>
              <table schema="swiftui-updates" target-pid="SINGLE"/>
              <table schema="SwiftUIFilteredUpdates" swift-table="…including: nil…"/>
            </data>
          </run>
          <run number="2"><info><summary><duration>3.5</duration></summary></info><data><table schema="hitches"/></data></run>
        </trace-toc>
        """

    @Test("runs, target, device, summary, Instruments version and tables are read from the TOC")
    func reads() throws {
        let bytes = Array(Self.toc.utf8)
        let toc = try bytes.withUnsafeBytes { try XctraceTOC.read(bytes: $0, name: "toc.xml") }
        #expect(toc.instrumentsVersion == "26.0 (17A324)")
        #expect(toc.runs.map(\.number) == [1, 2])
        let run = toc.runs[0]
        #expect(run.duration == 20.99)
        #expect(run.startDate == "2026-05-01T10:00:00.000+02:00")
        #expect(run.endDate == nil)
        #expect(run.endReason == "Time limit reached")
        #expect(run.templateName == "SwiftUI")
        #expect(run.target?.name == "MyApp" && run.target?.pid == 1001)
        #expect(run.device?.name == "Ann's iPhone" && run.device?.platform == "iOS" && run.device?.osVersion == "26.1 (23B85)")
        #expect(run.processes.map(\.pid) == [1001, 0])
        #expect(run.tables.map(\.schema) == ["swiftui-updates", "SwiftUIFilteredUpdates"])
        #expect(run.tables[1].attributes["swift-table"] == "…including: nil…")
        #expect(toc.runs[1].duration == 3.5 && toc.runs[1].tables.map(\.schema) == ["hitches"])
    }

    @Test("a document's kind is told from its first element", arguments: [
        ("<?xml version=\"1.0\"?>\n<trace-toc>", XctraceDocumentKind?.some(.toc)),
        ("\u{FEFF}<!-- c --><trace-query-result>\n<node>", .tables),
        ("<trace-query-result/>", .tables),
        ("<trace-tocx>", nil),
        ("{\"kind\":\"meta\"}", nil),
        ("", nil),
    ])
    func detects(prefix: String, kind: XctraceDocumentKind?) {
        let bytes = Array(prefix.utf8)
        #expect(bytes.withUnsafeBytes { XctraceDocumentKind.detect(prefix: $0) } == kind)
    }
}
