import TracerCore

/// Why a line is not a valid `tracer/1` event, at a byte offset in the line.
package struct ParseFailure: Error {
    /// What went wrong.
    enum Problem: Equatable {
        case expectedObjectStart
        case expectedKeyOrEnd
        case expectedKey
        case expectedColon
        case expectedValue
        case expectedFieldSeparator
        case expectedElementSeparator
        case expectedLineEnd
        case unterminatedString
        case controlCharacter
        case invalidEscape
        case expectedHexDigits
        case expectedLowSurrogate
        case unpairedLowSurrogate
        case invalidUTF8
        case expectedDigit
        case expectedLiteral(String)
        case tooDeep
        case wrongType(TraceField)
        case negative(TraceField)
        case missingKind
        case missingView(EventKind)
    }

    /// The 0-based byte offset in the line.
    var offset: Int
    var problem: Problem

    /// The diagnostic text, phrased as what was expected.
    var message: String {
        switch problem {
        case .expectedObjectStart: return "expected '{' to start an event"
        case .expectedKeyOrEnd: return "expected a string key or '}'"
        case .expectedKey: return "expected a string key"
        case .expectedColon: return "expected ':' after a key"
        case .expectedValue: return "expected a value"
        case .expectedFieldSeparator: return "expected ',' or '}' after a field"
        case .expectedElementSeparator: return "expected ',' or ']' after an array element"
        case .expectedLineEnd: return "expected the end of the line after the event's '}'"
        case .unterminatedString: return "expected '\"' to close the string"
        case .controlCharacter: return "expected an escape such as '\\n' or '\\u001f' for a control character in a string"
        case .invalidEscape: return "expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX"
        case .expectedHexDigits: return "expected 4 hex digits after '\\u'"
        case .expectedLowSurrogate: return "expected a low surrogate '\\uDC00'-'\\uDFFF' after a high surrogate"
        case .unpairedLowSurrogate: return "expected a high surrogate before a low surrogate"
        case .invalidUTF8: return "invalid UTF-8 in a string"
        case .expectedDigit: return "expected a digit"
        case .expectedLiteral(let literal): return "expected '\(literal)'"
        case .tooDeep: return "expected at most \(EventParser.maximumDepth) levels of nesting"
        case .wrongType(let field):
            switch field.valueType {
            case .integer: return "expected an integer for \"\(field.key)\""
            case .string: return "expected a string for \"\(field.key)\""
            case .booleanOrInteger: return "expected a boolean or an integer for \"\(field.key)\""
            case .boolean: return "expected a boolean for \"\(field.key)\""
            case .stringList: return "expected an array of strings for \"\(field.key)\""
            case .integerList: return "expected an array of integers for \"\(field.key)\""
            }
        case .negative(let field): return "expected a non-negative integer for \"\(field.key)\""
        case .missingKind: return "expected a \"\(TraceSchema.Field.kind)\" field"
        case .missingView(let kind): return "expected a \"\(TraceSchema.Field.view)\" field (required on \"\(kind.name)\" events)"
        }
    }
}
