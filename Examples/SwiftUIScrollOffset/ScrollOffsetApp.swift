import SwiftUI
import TracerSwiftUI

/// Seed 000's screen as a SwiftUI app, in the variant `TRACER_VARIANT` names: `state`,
/// `observable-object` or `view-storage` (the names of the built-in scenario's variants, so that
/// `tracectl diff` compares like with like).
@main
struct ScrollOffsetApp: App {
    var body: some Scene {
        WindowGroup {
            NavigationStack {
                switch ProcessInfo.processInfo.environment["TRACER_VARIANT"] {
                case "observable-object": TrackerScreen()
                case "view-storage": ViewStorageScreen()
                default: StateScreen()
                }
            }
        }
    }
}
