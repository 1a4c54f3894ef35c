/// A deterministic cost charged to each body evaluation, growing with the content the body
/// builds: on a `ManualClock` a larger body then takes longer, as it does on a device.
///
/// The content counted is what the body's evaluation reconciles: every child view value it
/// produces (user views, primitives, `ForEach` rows, `.background`/`.overlay` content), down to
/// the next user views, whose own content is charged to their own bodies, and every modifier
/// applied to each of them. Scenarios charge 1 µs per view value.
public struct SimulatedBodyCost: Sendable {
    /// The clock the cost is charged to.
    public let clock: ManualClock
    /// Nanoseconds per view value a body builds.
    public let nanosecondsPerViewValue: UInt64

    /// A cost of `nanosecondsPerViewValue` per view value, charged to `clock`.
    public init(clock: ManualClock, nanosecondsPerViewValue: UInt64) {
        self.clock = clock
        self.nanosecondsPerViewValue = nanosecondsPerViewValue
    }

    /// Advances the clock by the cost of a body that built `viewValues` view values.
    func charge(viewValues: Int) {
        clock.advance(by: nanosecondsPerViewValue &* UInt64(viewValues))
    }
}
