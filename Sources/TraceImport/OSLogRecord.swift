import TraceFormat
import TraceSupport
/// The fields of one unified-log record that the importer uses.
///
/// `log show|stream --style json|ndjson` write `timestamp` (`2025-05-01 12:00:00.123456+0200`),
/// `eventMessage`, `subsystem`, `category`, `processID` and `threadID`, among others.
struct OSLogRecord {
    static let subsystem = "com.apple.SwiftUI"
    static let category = "Changed Body Properties"

    var message: String
    var timestamp: Int64?
    var processID: Int32?
    /// The thread id as written (a number's digits, or a string such as `0x1a2b`).
    var thread: String?
    /// Whether `subsystem` and `category` name SwiftUI's change records (false when both are absent).
    var isChangeCategory = false

    /// The record in `object`, or nil when it is not a log record with an `eventMessage`, or comes
    /// from another subsystem or category.
    init?(_ object: JSONNode, timestamps: inout LogTimestamp) {
        guard case .string(let message)? = object["eventMessage"]?.value else { return nil }
        self.message = message
        let subsystem = Self.string(object["subsystem"]), category = Self.string(object["category"])
        if subsystem != nil || category != nil {
            guard subsystem == Self.subsystem, category == Self.category else { return nil }
            isChangeCategory = true
        }
        if let text = Self.string(object["timestamp"]) {
            timestamp = Array(text.utf8).withUnsafeBufferPointer { timestamps.parse($0)?.nanoseconds }
        }
        if case .number(let pid)? = object["processID"]?.value, let exact = Int32(exactly: pid) { processID = exact }
        switch object["threadID"]?.value {
        case .number(let number)?: thread = Int64(exactly: number).map { String($0) }
        case .string(let text)?: thread = text
        default: break
        }
    }

    private static func string(_ node: JSONNode?) -> String? {
        guard case .string(let text)? = node?.value else { return nil }
        return text
    }
}
