// NB: Apple's SwiftUI makes Foundation's and CoreGraphics' types (CGPoint, CGFloat) visible.
@_exported import Combine
@_exported import Foundation
