/// A control bound to a value it does not own: its body reads the binding, so it re-evaluates
/// when the value changes, like any view reading a binding; a driver finds it by its title.
protocol BoundControl {
    /// The text that names the control (its label's, for a `Text` label); nil when it has none.
    var controlTitle: String? { get }
}

/// A switch bound to a `Bool`; a scenario flips it with `ViewGraph.toggle(titled:)`.
public struct Toggle<Label: View>: View, BoundControl {
    /// Whether the switch is on.
    public let isOn: Binding<Bool>
    let label: Label

    /// A switch bound to `isOn`, labelled with the views `label` builds.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        HStack {
            label
            Text(isOn.wrappedValue ? "On" : "Off")
        }
    }

    var controlTitle: String? { (label as? Text)?.content }
}

extension Toggle where Label == Text {
    /// A switch titled `title`, bound to `isOn`.
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A one-line text field bound to a `String`; a scenario types into it with
/// `ViewGraph.type(_:intoFieldTitled:)`, one write per character.
public struct TextField: View, BoundControl {
    /// The placeholder, shown while the text is empty.
    public let title: String
    /// The edited text.
    public let text: Binding<String>

    /// A field with placeholder `title`, editing `text`.
    public init(_ title: String, text: Binding<String>) {
        self.title = title
        self.text = text
    }

    public var body: some View {
        let text = text.wrappedValue
        Text(text.isEmpty ? title : text)
    }

    var controlTitle: String? { title }
}

/// A slider bound to a floating-point value in a range; a scenario moves it with
/// `ViewGraph.slide(to:sliderAt:)`.
public struct Slider<Value: BinaryFloatingPoint>: View, BoundControl where Value.Stride: BinaryFloatingPoint {
    /// The value.
    public let value: Binding<Value>
    /// The values it can take.
    public let bounds: ClosedRange<Value>
    /// The distance between the values it can take; nil for any value in `bounds`.
    public let step: Value.Stride?

    /// A slider bound to `value`, within `bounds`, moving by `step` (nil: continuously).
    public init(value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1, step: Value.Stride? = nil) {
        self.value = value
        self.bounds = bounds
        self.step = step
    }

    public var body: some View { Text("\(Double(value.wrappedValue))") }

    var controlTitle: String? { nil }

    /// Moves the thumb to `target`: clamped to the bounds and rounded to the step.
    func slide(to target: Double) {
        var newValue = min(max(Value(target), bounds.lowerBound), bounds.upperBound)
        if let step {
            let steps = (bounds.lowerBound.distance(to: newValue) / step).rounded()
            newValue = bounds.lowerBound.advanced(by: steps * step)
        }
        value.wrappedValue = newValue
    }
}

/// A stepper bound to a value in a range; a scenario steps it with `ViewGraph.step(_:stepperTitled:)`.
public struct Stepper<Value: Strideable>: View, BoundControl {
    /// What the stepper is labelled.
    public let title: String
    /// The value.
    public let value: Binding<Value>
    /// The values it can take.
    public let bounds: ClosedRange<Value>
    /// How far one step moves the value.
    public let step: Value.Stride

    /// A stepper titled `title`, bound to `value`, within `bounds`, moving by `step`.
    public init(_ title: String, value: Binding<Value>, in bounds: ClosedRange<Value>, step: Value.Stride = 1) {
        self.title = title
        self.value = value
        self.bounds = bounds
        self.step = step
    }

    public var body: some View { Text("\(title): \(value.wrappedValue)") }

    var controlTitle: String? { title }

    /// One tap on + (`up`) or − : one write, unless the value is at that end of the bounds.
    func step(up: Bool) {
        let next = value.wrappedValue.advanced(by: up ? step : -step)
        guard bounds.contains(next) else { return }
        value.wrappedValue = next
    }
}
