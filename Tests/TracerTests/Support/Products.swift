import Foundation

/// Parses each line of `text` with Foundation's `JSONSerialization`; nil where a line is not an object.
func parseLines(_ text: String) -> [[String: Any]?] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
