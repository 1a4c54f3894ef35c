import Foundation

/// Polls `condition` every 10 ms for up to `seconds`; whether it became true.
///
/// NB: the deadline only keeps a broken run from hanging; it is not a timing assertion.
public func eventually(within seconds: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
