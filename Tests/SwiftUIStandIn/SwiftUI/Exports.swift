// NB: Apple's SwiftUI makes Foundation's and CoreGraphics' types (CGPoint, CGFloat) visible, and
// Observation's (`@Observable` with `import SwiftUI` alone).
@_exported import Combine
@_exported import Foundation
@_exported import Observation
