/// A color, usable as a view and as a `background`/`overlay`.
public struct Color: PrimitiveView, Equatable, Sendable {
    /// The red component, 0 to 1.
    public var red: Double
    /// The green component, 0 to 1.
    public var green: Double
    /// The blue component, 0 to 1.
    public var blue: Double
    /// The opacity, 0 (transparent) to 1.
    public var opacity: Double

    /// A color from RGB components in 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    /// Black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// White.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Red, as SwiftUI's.
    public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    /// Green, as SwiftUI's.
    public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    /// Blue, as SwiftUI's.
    public static let blue = Color(red: 0, green: 0.48, blue: 1)
    /// Gray, as SwiftUI's.
    public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)

    /// A different random color on every evaluation: shows when a body re-ran.
    public static var random: Color {
        Color(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1))
    }

    static var segmentName: String { "Color" }
    var attributes: Color { self }
}
