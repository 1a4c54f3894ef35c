import Testing
import Tracer
import TracerTesting
import XCTest

/// A list whose rows show their own text: appending a row must evaluate only the new row.
struct NotesList: View {
    @State var notes = ["milk"]

    var body: some View {
        VStack {
            Button("Add") { notes.append("eggs") }
            ForEach(notes, id: \.self) { NoteRow(text: $0) }
        }
    }
}

/// One note.
struct NoteRow: View {
    let text: String

    var body: some View { Text(text) }
}

/// Mounts the list and adds a note.
func addNote() throws -> Redraws {
    try Redraws.record {
        let graph = ViewGraph()
        graph.mount(NotesList())
        try graph.tap(buttonTitled: "Add")
    }
}

@Test func appendingANoteEvaluatesOnlyTheNewRow() throws {
    let redraws = try addNote()
    redraws.expectEvaluations(of: "NotesList", atMost: 2)
    redraws.expectEvaluations(of: "NotesList/**/NoteRow[milk]", exactly: 1)
    redraws.expectEvaluations(of: "NotesList/**/NoteRow[eggs]", exactly: 1)
}

final class NotesListTests: XCTestCase {
    func testAppendingANoteEvaluatesOnlyTheNewRow() throws {
        let redraws = try addNote()
        redraws.assertEvaluations(of: "NotesList", atMost: 2)
        redraws.assertEvaluations(of: "NotesList/**/NoteRow[milk]", exactly: 1)
        redraws.assertEvaluations(of: "NotesList/**/NoteRow[eggs]", exactly: 1)
    }
}
