/// Durations for people: `36.0 µs`, `1.25 ms`, `2.10 s`.
public enum DurationFormat {
    /// `nanoseconds` in the largest unit that keeps it at least 1.
    public static func human(_ nanoseconds: Int64) -> String {
        let value = Double(nanoseconds)
        switch nanoseconds.magnitude {
        case 0..<1_000: return "\(nanoseconds) ns"
        case 1_000..<1_000_000: return JSONText.decimal(value / 1e3, places: 1) + " µs"
        case 1_000_000..<1_000_000_000: return JSONText.decimal(value / 1e6, places: 2) + " ms"
        default: return JSONText.decimal(value / 1e9, places: 2) + " s"
        }
    }
}
