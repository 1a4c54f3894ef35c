import Synchronization
import Tracer

/// Seed 001: a die rolled by a button; `@State` keeps the number across re-creations of the view.
enum DiceRoll {
    static let scenario = Scenario(
        name: "dice-roll", seed: "seed 001",
        summary: "A die rolled by a button: @State persists the number; each new number re-evaluates the view.",
        variants: [
            ScenarioVariant("default", "20 taps on Roll; a roll equal to the previous number writes but redraws nothing."),
        ],
        script: play)

    /// Taps on Roll.
    static let taps = 20
    /// The seed of the die, so that every recording rolls the same numbers.
    static let seed: UInt64 = 0x5EED_0001

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        session.mark("launch")
        session.graph.mount(ContentView(die: Die(seed: seed)))
        session.mark("roll")
        for _ in 0..<taps {
            session.nextFrame()
            try session.graph.tap(buttonTitled: "Roll")
        }
    }

    /// The numbers `taps` rolls give, in order (what the scenario's tests derive counts from).
    static var rolls: [Int] {
        let die = Die(seed: seed)
        return (0..<taps).map { _ in die.roll() }
    }

    /// A six-sided die on a fixed-seed generator (SplitMix64), safe to roll from any thread.
    final class Die: Sendable {
        private let state: Mutex<UInt64>

        init(seed: UInt64) { state = Mutex(seed) }

        /// A number from 1 to 6.
        func roll() -> Int {
            state.withLock { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                mixed ^= mixed >> 31
                return Int(mixed % 6) + 1
            }
        }
    }

    /// The seed's view: `number` in `@State`, re-rolled by the button.
    struct ContentView: View {
        let die: Die
        @State private var number: Int = 1

        var body: some View {
            VStack {
                Text("\(number)")
                Button("Roll") {
                    number = die.roll()
                }
            }
        }
    }
}
