import Foundation

/// Parses each line of `text` with Foundation's `JSONSerialization`; nil where a line is not an object.
func parseLines(_ text: String) -> [[String: Any]?] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}

/// The fields of a recorded line that tests of ordering and threads look at.
struct RecordedLine: Decodable {
    let kind: String
    let seq: Int?
    let tx: Int?
    let tid: Int?
}

/// Decodes every line of `text` as `T` with one `JSONDecoder` pass over them as a JSON array; throws
/// when a line is not a `T` (a cut or merged line among them).
func decodeLines<T: Decodable>(_ type: T.Type, _ text: String) throws -> [T] {
    var array = "["
    array.reserveCapacity(text.utf8.count + 2)
    var first = true
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        if !first { array += "," }
        array += line
        first = false
    }
    array += "]"
    return try JSONDecoder().decode([T].self, from: Data(array.utf8))
}
