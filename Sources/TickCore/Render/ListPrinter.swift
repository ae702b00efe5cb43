/// Prints the rows of a list view (`ListRows`), one at a time, in the order the view shows
/// them: what is left of a row once its file's part is rendered.
///
/// Grouped, a heading comes before each run of rows from one group of one file; line numbers
/// are right-aligned per file and subtasks indented by depth. Flat, each row starts with its
/// location (`line`, or `path:line` with several files), right-aligned to `widest` (the widest
/// of the view, `ListRows.locationWidth`). Rows can come a few at a time: a file printed as it
/// is read passes its rows in pieces, each naming the same `file`.
package struct ListPrinter {
    let options: ListRows.Options
    let widest: Int
    /// The file and group of the heading printed last.
    private var current: (file: Int, group: Int32)?

    package init(options: ListRows.Options, widest: Int = 0) {
        self.options = options
        self.widest = widest
    }

    package mutating func print(_ rows: ListRows, row index: Int, file: Int, into out: inout TextBuffer) {
        let row = rows.rows[index]
        let indent = printLocation(file: file, group: row.group, line: Int(row.line), depth: Int(row.depth),
                                   numberWidth: rows.numberWidth, path: rows.shownPath, header: rows.headers[Int(row.header)],
                                   into: &out)
        rows.bytes.withBytes { bytes in
            out.append(UnsafeBufferPointer(rebasing: bytes[rows.start(of: index)..<Int(row.textEnd)]))
            out.append(Byte.lf)
            // The notes, a line each, at the indent.
            var start = Int(row.textEnd)
            while start < Int(row.notesEnd) {
                var end = start
                while bytes[end] != Byte.lf { end += 1 }
                out.appendSpaces(indent)
                out.append(UnsafeBufferPointer(rebasing: bytes[start...end]))
                start = end + 1
            }
        }
    }

    /// What comes before a row's text: grouped, the group's heading when the group (or file)
    /// changes, then the line number right-aligned to `numberWidth` and indented by depth;
    /// flat, the location right-aligned to `widest`. Returns the column its notes start at.
    private mutating func printLocation(file: Int, group: Int32, line: Int, depth: Int, numberWidth: Int,
                                        path: ShownPath, header: @autoclosure () -> [UInt8],
                                        into out: inout TextBuffer) -> Int {
        let style = options.style
        if options.grouped {
            if current == nil || current!.file != file || current!.group != group {
                current = (file, group)
                let header = header()
                if !header.isEmpty {
                    header.withUnsafeBufferPointer { out.append($0) }
                    out.append(Byte.lf)
                }
            }
            out.appendSpaces(2 + numberWidth - TextBuffer.decimalDigits(line))
            out.appendStyled(style, .dim) { $0.appendDecimal(line) }
            out.appendSpaces(2 + 2 * depth)
            return 2 + numberWidth + 2 + 2 * depth + 4
        }
        let width = path.columns + TextBuffer.decimalDigits(line)
        out.appendSpaces(2)
        if !options.showFiles { out.appendSpaces(widest - width) }
        out.appendStyled(style, .dim) { out in
            if options.showFiles {
                path.bytes.withUnsafeBufferPointer { out.append($0) }
                out.append(Byte.colon)
            }
            out.appendDecimal(line)
        }
        if options.showFiles { out.appendSpaces(widest - width) }
        out.appendSpaces(2)
        return 2 + widest + 2 + 4
    }
}

/// Prints the rows of a `--json` list view (`ListRows` rendered with `json`), one at a time:
/// the array `JSONWriter.lines` writes, with the objects as their files rendered them.
package struct JSONRowPrinter: ~Copyable {
    private var json = JSONWriter()

    package init() {
        json.beginLines()
    }

    /// `emit` is handed the output in pieces of about 64 KiB.
    package mutating func print(_ rows: ListRows, row index: Int, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        json.nextLine(emit: emit)
        rows.writeJSON(row: index, to: &json)
    }

    package mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        json.endLines(emit: emit)
    }
}
