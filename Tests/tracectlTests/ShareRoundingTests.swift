import Foundation
import Testing
import TracerTestSupport

/// The `extract-subviews` figures are exact sums, rounded once, whatever the reading.
@Suite("advise: shares summed exactly, rounded once, read any way", .temporaryDirectory)
struct ShareRoundingTests {
    /// 150,003 evaluations of one view, each charged 1 of its 6 values' share of 1,000 ns: three
    /// per write, a write per transaction.
    static func trace() -> String {
        var text = #"{"kind":"meta","schema":"tracer/1","tool":"test","scenario":"shares","variant":"v","unit":"ns","pid":1}"# + "\n"
        var seq = 0
        for tx in 1...50_001 {
            let write = seq + 1
            text += #"{"seq":\#(write),"ts":\#(write),"tid":1,"tx":\#(tx),"kind":"write","view":"V","prop":"p","wrapper":"State","site":"V.swift:1"}"# + "\n"
            for offset in 1...3 {
                text += #"{"seq":\#(write + offset),"ts":\#(write + offset),"tid":1,"tx":\#(tx),"kind":"body-eval","view":"V","cause":\#(write),"reason":"state","dur":1000,"changed":1,"built":6,"extract":1}"# + "\n"
            }
            seq += 4
        }
        return text
    }

    @Test("150,003 evaluations, 1 of 6 values each: 25,000.5 evaluations rounded up to 25,001, body time 25,000,500 ns exactly — as a file, from standard input and in five seeded splits, each with a steal")
    func halfwayShares() throws {
        let directory = temporaryDirectory()
        let path = directory + "/shares.jsonl"
        try Self.trace().write(toFile: path, atomically: false, encoding: .utf8)
        for variant in [ReadVariant.file, .standardInput] + ReadVariant.splits(seed: 150_003) {
            let (run, steals) = try InProcessRun.run(
                ["advise", "TRACE", "--format", "json", "--min-savings", "0"], trace: path, as: variant, outputPath: directory + "/advice.json")
            #expect(run.status == 0, "\(variant): \(run.stderr)")
            if case .split = variant { #expect(steals > 0, "\(variant): no thread took over another's rest") }
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let finding = try #require((document["findings"] as? [[String: Any]])?.first { $0["pattern"] as? String == "extract-subviews" })
            let savings = try #require(finding["savings"] as? [String: Any])
            #expect((savings["evaluationEquivalents"] as? NSNumber)?.intValue == 25_001, "\(variant)")
            #expect((savings["bodyTimeNs"] as? NSNumber)?.int64Value == 25_000_500, "\(variant)")
            #expect((savings["viewValues"] as? NSNumber)?.intValue == 150_003, "\(variant)")
        }
    }
}
