import Testing
import Tracer
import TracerTesting
import XCTest

/// A badge that shows whether there is unread mail, fed a count.
struct MailBadge: View {
    @State var unread = 0

    var body: some View {
        VStack {
            Button("Receive") { unread += 1 }
            UnreadDot(isShown: unread > 0)
        }
    }
}

/// Shown while there is unread mail.
struct UnreadDot: View {
    let isShown: Bool

    var body: some View { Text(isShown ? "●" : "") }
}

/// Mounts the badge and receives two mails.
func receiveTwoMails() throws -> Redraws {
    try Redraws.record {
        let graph = ViewGraph()
        graph.mount(MailBadge())
        try graph.tap(buttonTitled: "Receive")
        try graph.tap(buttonTitled: "Receive")
    }
}

@Test func receivingMailWastesNoEvaluation() throws {
    try receiveTwoMails().expectNoWastedEvaluations(of: "MailBadge/**/UnreadDot")
}

final class MailBadgeTests: XCTestCase {
    func testReceivingMailWastesNoEvaluation() throws {
        try receiveTwoMails().assertNoWastedEvaluations(of: "MailBadge/**/UnreadDot")
    }
}
