/// Columns of text padded to their widest cell: numbers right-aligned, chosen columns left-aligned.
enum TextTable {
    /// `rows` as lines; a dashed rule goes before row `separatorBefore` when given. Cells are
    /// made safe for a terminal (`TerminalText`), so a name cannot break the layout.
    static func render(_ rows: [[String]], leftAligned: Set<Int>, separatorBefore: Int? = nil) -> String {
        let rows = rows.map { $0.map(TerminalText.sanitize) }
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var output = ""
        for (rowIndex, row) in rows.enumerated() {
            if rowIndex == separatorBefore {
                output += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            }
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                line += (index > 0 ? "  " : "") + (leftAligned.contains(index) ? cell + padding : padding + cell)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
