#if canImport(Glibc)
import Glibc
#endif
import CMarkGFM
import TickCore

/// What the harnesses share: libFuzzer's input as bytes, a law that stops the run when broken
/// (libFuzzer then saves the input as a crash file), GitHub's renderer in process, and the
/// structural laws every parsed document keeps.
enum Fuzz {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    static func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Set TICK_FUZZ_TRACE=1 to see each step when replaying an input.
    static let tracing = getenv("TICK_FUZZ_TRACE") != nil

    static func trace(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Stops the run with `message` when `holds` is false.
    static func law(_ holds: Bool, _ message: @autoclosure () -> String) {
        if !holds { fatalError("broken law: " + message()) }
    }

    /// What a task means, the part an edit elsewhere or a reformat must not change.
    static func meaning(_ task: Task, in document: Document) -> String {
        "\(task.status.name) \(task.important) \(document.dueValue(of: task) ?? "-") \(document.text(of: task))"
    }

    /// The meaning of each of the document's tasks, in order.
    static func meanings(_ document: Document) -> [String] {
        document.tasks.map { meaning($0, in: document) }
    }

    /// Every structural promise of `Document`: the lines tile the bytes, every task and heading
    /// lies inside the document, and the task tree is consistent.
    static func checkStructure(_ document: Document) {
        let bytes = document.bytes, lines = document.lines
        law(document.serialized() == bytes, "serializing does not give back the input")
        var offset = 0
        for (index, line) in lines.enumerated() {
            law(line.start == offset && line.start <= line.contentEnd && line.contentEnd <= line.end,
                "line \(index + 1) does not follow the one before it")
            law(!bytes[line.contentRange].contains { $0 == 0x0A || $0 == 0x0D }, "line \(index + 1) holds a line break")
            let ending = Array(bytes[line.contentEnd..<line.end])
            law([[], [0x0A], [0x0D, 0x0A], [0x0D]].contains(ending), "line \(index + 1) has ending \(ending)")
            law(line.hasEnding || index == lines.count - 1, "line \(index + 1) has no ending but is not last")
            offset = line.end
        }
        law(offset == bytes.count, "the lines do not cover the input")
        law(document.kinds.count == lines.count, "one kind per line")
        var previousLine = -1
        for (index, heading) in document.headings.enumerated() {
            law(heading.line > previousLine && heading.line < lines.count, "heading \(index) is out of order")
            law(heading.parent.map { $0 < index && document.headings[$0].topLevel && document.headings[$0].level < heading.level } ?? true,
                "heading \(index) has a parent below it or at its level")
            previousLine = heading.line
        }
        previousLine = -1
        for (index, task) in document.tasks.enumerated() {
            let where_ = "task \(index) on line \(task.line + 1)"
            law(task.index == index, "\(where_) has index \(task.index)")
            law(task.line > previousLine, "\(where_) is out of order")
            law(task.line <= task.textLastLine && task.textLastLine <= task.lastLine && task.lastLine < lines.count,
                "\(where_) has lines \(task.line)...\(task.textLastLine)...\(task.lastLine)")
            let line = lines[task.line]
            law(line.start <= task.markerStart && task.markerStart < task.checkboxStart
                    && task.checkboxStart + 3 <= task.checkboxEnd && task.checkboxEnd <= task.textStart
                    && task.textStart <= line.contentEnd,
                "\(where_) has its parts outside its line")
            law(bytes[task.checkboxStart] == 0x5B && bytes[task.checkboxEnd - 1] == 0x5D, "\(where_) has no checkbox")
            law(!document.text(of: task).contains { $0 == "\n" || $0 == "\r" }, "\(where_) has a line break in its text")
            if let parent = task.parent {
                let owner = document.tasks[parent]
                law(parent < index && owner.lastLine >= task.lastLine && task.depth == owner.depth + 1,
                    "\(where_) is not inside its parent")
            } else {
                law(task.depth == 0, "\(where_) is top level at depth \(task.depth)")
            }
            if let group = task.group {
                law(group < document.headings.count && document.headings[group].line < task.line,
                    "\(where_) belongs to a heading below it")
                law(document.headings[group].topLevel, "\(where_) belongs to a quoted or listed heading")
                law(!document.headings.contains { $0.topLevel && $0.line > document.headings[group].line && $0.line < task.line },
                    "\(where_) skips the group nearest above it")
            }
            previousLine = task.line
        }
    }
}

/// GitHub's reference renderer, cmark-gfm, linked in, with the extensions github.com enables.
enum GitHub {
    nonisolated(unsafe) static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        let names: [String] = ["tasklist", "table", "strikethrough", "autolink"]
        return names.map { name in cmark_find_syntax_extension(name)! }
    }()

    static func html(_ markdown: [UInt8]) -> [UInt8] {
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        let root = cmark_parser_finish(parser)
        defer { cmark_node_free(root) }
        guard let html = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
            return []
        }
        defer { free(html) }
        return Array(UnsafeRawBufferPointer(start: html, count: strlen(html)))
    }
}
