/// Driving bound controls: each change is one frame, a write through the control's binding and
/// a flush, as a user's gesture is.
extension ViewGraph {
    /// Flips the first `Toggle` titled `title` (depth-first), then flushes.
    public func toggle(titled title: String) throws(ViewGraphError) {
        let toggle = try control("Toggle \"\(title)\"", titled: title) { $0 as? any ToggleControl }
        toggle.flip()
        flush()
    }

    /// Types `text` into the first `TextField` titled `title`: one write and one frame per character.
    public func type(_ text: String, intoFieldTitled title: String) throws(ViewGraphError) {
        for character in text {
            let field = try control("TextField \"\(title)\"", titled: title) { $0 as? TextField }
            field.text.wrappedValue.append(character)
            flush()
        }
    }

    /// Moves the slider at `path` (default: the first slider) to `value`, clamped to its bounds
    /// and rounded to its step, then flushes.
    public func slide(to value: Double, sliderAt path: String? = nil) throws(ViewGraphError) {
        let node = try target(path ?? "Slider") { ($0.view is any SliderControl) && (path == nil || $0.path == path) }
        (node.view as! any SliderControl).slide(to: value)
        flush()
    }

    /// Taps + (positive `steps`) or − of the first `Stepper` titled `title`, once per step: one
    /// write and one frame each (none past the end of its bounds).
    public func step(_ steps: Int, stepperTitled title: String) throws(ViewGraphError) {
        for _ in 0..<steps.magnitude {
            let stepper = try control("Stepper \"\(title)\"", titled: title) { $0 as? any StepperControl }
            stepper.step(up: steps > 0)
            flush()
        }
    }

    /// The current value of the first mounted control `as` accepts whose title is `title`.
    private func control<Control>(
        _ query: String, titled title: String, as cast: (any View) -> Control?
    ) throws(ViewGraphError) -> Control {
        let node = try target(query) { node in
            cast(node.view) != nil && (node.view as? any BoundControl)?.controlTitle == title
        }
        return cast(node.view)!
    }
}

/// A toggle a driver can flip.
protocol ToggleControl: BoundControl {
    func flip()
}

extension Toggle: ToggleControl {
    func flip() { isOn.wrappedValue.toggle() }
}

/// A slider a driver can move.
protocol SliderControl {
    func slide(to target: Double)
}

extension Slider: SliderControl {}

/// A stepper a driver can step.
protocol StepperControl: BoundControl {
    func step(up: Bool)
}

extension Stepper: StepperControl {}
