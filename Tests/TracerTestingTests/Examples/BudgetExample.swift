import Foundation
import Testing
import Tracer
import TracerTesting
import XCTest

/// The budget the counter is held to, a `tracer-budget/1` file as `tracectl check` reads it.
let counterBudget = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("counter-budget.json").path

/// Ten taps of the counter screen (`Tests/TracerTestingTests/TestViews.swift`).
func tapTenTimes() throws -> Redraws {
    try Redraws.record {
        let graph = ViewGraph()
        graph.mount(CounterScreen())
        for _ in 0..<10 { try graph.tap(buttonTitled: "Increment") }
    }
}

@Test func tenTapsStayWithinTheBudget() throws {
    try tapTenTimes().expectWithinBudget(at: counterBudget)
}

final class CounterBudgetTests: XCTestCase {
    func testTenTapsStayWithinTheBudget() throws {
        try tapTenTimes().assertWithinBudget(at: counterBudget)
    }
}
