/// The edits the language server offers on a document: formatting, code actions and
/// lint's fixes, each computed on the editor's buffer by the code the CLI runs on a file.
extension LanguageServer {
    /// The buffer parsed: read again only where it differs from its last parse, which shares
    /// its bytes while it is unchanged (`Document.reparsed(as:)`).
    func parse(_ document: TextDocument) -> Document {
        let statuses = configuration(ofRead: document).statuses
        if let parsed = parsedDocuments[document.uri], parsed.statuses == statuses { return parsed.reparsed(as: document.bytes) }
        return Document(bytes: document.bytes, statuses: statuses)
    }

    /// The edits that turn the buffer into `edited`: one per run of changed lines.
    func textEdits(_ document: TextDocument, to edited: [UInt8]) -> [JSON] {
        textEdits(document, ChangeHunks.changedLines(document.bytes, edited), to: edited)
    }

    /// The edits that make runs of `changedLines` of the buffer and `edited`.
    func textEdits(_ document: TextDocument, _ runs: [(old: Range<Int>, new: Range<Int>)], to edited: [UInt8]) -> [JSON] {
        runs.compactMap { run in
            guard !run.old.isEmpty || !run.new.isEmpty else { return nil }
            return .object(["range": document.range(run.old, encoding: encoding),
                            "newText": .string(String(decoding: edited[run.new], as: UTF8.self))])
        }
    }

    func workspaceEdit(_ document: TextDocument, to edited: [UInt8]) -> JSON {
        workspaceEdit(document, textEdits(document, to: edited))
    }

    /// `edits` of the document, versioned when the client applies versioned edits (and then
    /// refuses them on a buffer changed since).
    func workspaceEdit(_ document: TextDocument, _ edits: [JSON]) -> JSON {
        workspaceEdit([(document, edits, true)])
    }

    /// Edits of several documents: `held`, whether the editor holds the document open (its
    /// version is then checked; a file it does not hold has none).
    func workspaceEdit(_ changes: [(document: TextDocument, edits: [JSON], held: Bool)]) -> JSON {
        if versionedEdits {
            return .object(["documentChanges": .array(changes.map { change in .object([
                "textDocument": .object(["uri": .string(change.document.uri), "version": change.held ? JSON(change.document.version) : .null]),
                "edits": .array(change.edits),
            ]) })])
        }
        var byURI: [String: JSON] = [:]
        for change in changes { byURI[change.document.uri] = .array(change.edits) }
        return .object(["changes": .object(byURI)])
    }

    // MARK: - Formatting

    /// `tick fmt`'s output, as the fewest runs of lines replaced.
    func formatting(_ document: TextDocument) -> Result<JSON, JSONRPCError> {
        let result = Formatter.format(parse(document), options: configuration(ofRead: document).format)
        return .success(.array(result.changed ? textEdits(document, to: result.bytes) : []))
    }

    /// `tick fmt`'s runs of changed lines that touch the range's lines, when they can be made
    /// alone (`formattingRuns`); else a request error that says to format the whole document.
    func rangeFormatting(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let range = document.byteRange(params["range"], encoding: encoding) else { return .failure(.invalidParams("no range")) }
        let parsed = parse(document)
        let options = configuration(ofRead: document).format
        let result = Formatter.format(parsed, options: options)
        guard result.changed else { return .success(.array([])) }
        guard let runs = formattingRuns(document, parsed: parsed, formatted: result.bytes, options: options, touching: [wholeLines(range, of: document)]) else {
            return .failure(JSONRPCError(code: -32803, message: "tick fmt changes these lines together with others; format the whole document"))
        }
        return .success(.array(textEdits(document, runs, to: result.bytes)))
    }

    /// The bytes of the whole lines `range` is on; a selection that ends at the start of a
    /// line does not take that line.
    func wholeLines(_ range: Range<Int>, of document: TextDocument) -> Range<Int> {
        let first = document.position(of: range.lowerBound, encoding: .utf8).line
        var last = document.position(of: range.upperBound, encoding: .utf8).line
        if range.count > 0, last > first, document.lineStarts[last] == range.upperBound { last -= 1 }
        return document.lineStarts[first]..<(last + 1 < document.lineStarts.count ? document.lineStarts[last + 1] : document.bytes.count)
    }

    /// The runs of lines that turn the buffer into `formatted` (`tick fmt`'s output) and touch
    /// `lines` (byte ranges of whole lines), when they can be made alone: every task then reads
    /// as before, and formatting the rest later still gives `formatted`. (A list's markers, say,
    /// change together or not at all: one item's marker changed alone would start a new list.)
    /// Nil when they cannot; empty when none touch the lines.
    func formattingRuns(_ document: TextDocument, parsed: Document, formatted: [UInt8], options: FormatOptions,
                        touching lines: [Range<Int>]) -> [(old: Range<Int>, new: Range<Int>)]? {
        // A run replaces lines that meet the range's, or inserts lines in it or right after it.
        func touches(_ old: Range<Int>) -> Bool {
            lines.contains { lines in
                old.isEmpty ? lines.lowerBound <= old.lowerBound && old.lowerBound <= lines.upperBound
                    : old.lowerBound < lines.upperBound && old.upperBound > lines.lowerBound
            }
        }
        let changed = ChangeHunks.changedLines(document.bytes, formatted).filter { !$0.old.isEmpty || !$0.new.isEmpty }
        // Line by line first; else the lines touched with their neighbours of the same run,
        // one more on each side at a time (subtasks reindented together, not the line after
        // them whose trailing spaces go); else the runs whole.
        let pieces = changed.map { Self.lineByLine($0, document.bytes, formatted) }
        var candidates: [[(old: Range<Int>, new: Range<Int>)]] = []
        for widening in 0...16 {
            let grown = pieces.flatMap { run -> [(old: Range<Int>, new: Range<Int>)] in
                let touched = run.indices.filter { touches(run[$0].old) }
                guard let first = touched.first, let last = touched.last else { return [] }
                return Array(run[max(0, first - widening)...min(run.count - 1, last + widening)])
            }
            if grown.isEmpty { return [] }
            if let previous = candidates.last, previous.count == grown.count { break }
            candidates.append(grown)
        }
        let whole = changed.filter { touches($0.old) }
        if candidates.last.map({ !$0.elementsEqual(whole) { $0.old == $1.old && $0.new == $1.new } }) ?? true { candidates.append(whole) }
        for runs in candidates {
            guard !runs.isEmpty else { return [] }
            var partial = document.bytes
            for run in runs.reversed() { partial.replaceSubrange(run.old, with: formatted[run.new]) }
            let reparsed = Document(bytes: partial, statuses: parsed.statuses)
            if Self.tasksReadTheSame(parsed, reparsed), Formatter.format(reparsed, options: options).bytes == formatted {
                return runs
            }
        }
        return nil
    }

    /// A run of changed lines replaced by as many lines, cut into one run per line that
    /// differs; any other run as it is.
    static func lineByLine(_ run: (old: Range<Int>, new: Range<Int>), _ old: [UInt8], _ new: [UInt8]) -> [(old: Range<Int>, new: Range<Int>)] {
        let oldLines = ChangeHunks.lines(old, run.old), newLines = ChangeHunks.lines(new, run.new)
        guard oldLines.count > 1, oldLines.count == newLines.count else { return [run] }
        return zip(oldLines, newLines).filter { !old[$0.0].elementsEqual(new[$0.1]) }.map { (old: $0.0, new: $0.1) }
    }

    /// Whether two versions hold the same tasks, each saying the same (`TaskMeaning`) at
    /// the same depth, under the same parent, in the same group.
    static func tasksReadTheSame(_ one: Document, _ other: Document) -> Bool {
        guard one.tasks.count == other.tasks.count else { return false }
        return zip(one.tasks, other.tasks).allSatisfy { a, b in
            TaskMeaning.same(a, in: one, as: b, in: other) && a.depth == b.depth && a.parent == b.parent
                && one.groupPath(of: a) == other.groupPath(of: b)
        }
    }
}
