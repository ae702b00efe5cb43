/// The JSON form of a task, shared by every view's `--json` (schema in tick(1), "JSON OUTPUT").
///
/// One object per task:
/// `file`, `line` (1-based), `status` (`open`, `done`, `doing`, or the raw status character),
/// `important`, `due` (ISO date or null), `group` (heading path, outermost first), `text`,
/// `tags`, `projects`, `contexts`, `fields` (`key:value` tokens), `depth`, `parent` (line of the
/// parent task or null), `ref` (`LINE@FINGERPRINT`, a reference an edit checks: `TaskReference`),
/// `statusType` (`todo`, `doing`, `done`, `cancelled`), `dates` (`due`, `scheduled`, `start`,
/// `created`, `done`, `cancelled`, each an ISO date or null, from any dialect), `priority`
/// (`highest` … `lowest`, or null), `recurrence` (the rule as written, or null), `id` (the
/// task's id for dependencies, or null), `dependsOn` (the ids it waits for) and `notes` (the
/// note lines under the task, `Document.notes(of:)`);
/// an edit's output adds `change` (what it did: `done`, `added`, ...).
package enum TaskJSON {
    /// What every task of one file shares in its JSON, written once per file: the file's
    /// name as a JSON string, the group paths' hashes (`TaskFingerprint.groupHashes`) its
    /// references need, and each group's path as a JSON array, written the first time a task
    /// of the group is (a path repeats its parents' titles: written for every heading of a
    /// file, a long title over many headings would be written once per heading).
    package struct File: Sendable {
        let name: [UInt8]
        let groupHashes: [UInt64]
        /// The hashes of the lines of blocks written so far: nested blocks share their lines.
        fileprivate var blockLines: BlockLineHashes
        /// Index for index with the document's headings; nil until written.
        private var groupPaths: [[UInt8]?]
        /// The tokens of the task being written, read in one pass (`TaskTokens.forEachToken`)
        /// and written kind by kind: room kept from task to task.
        fileprivate var tokens: [Token] = []

        package init(_ name: String, document: Document) {
            var json = JSONWriter()
            json.string(name)
            self.name = json.bytes
            groupHashes = TaskFingerprint.groupHashes(document)
            groupPaths = [[UInt8]?](repeating: nil, count: document.headings.count)
            blockLines = BlockLineHashes(document)
        }

        /// The path of group `heading` as a JSON array.
        mutating func groupPath(_ heading: Int, in document: Document) -> [UInt8] {
            if let path = groupPaths[heading] { return path }
            var json = JSONWriter()
            json.beginArray()
            for title in document.groupPath(ofHeading: heading) { json.string(title) }
            json.endArray()
            groupPaths[heading] = json.bytes
            return json.bytes
        }
    }

    /// `line` overrides where the task is shown (a task parsed alone, for an edit's output).
    /// `referable`: the task is in a file an edit can name it in (not one that was removed),
    /// else its `ref` is null.
    package static func write(_ task: Task, in document: Document, file: String, change: String? = nil, line: Int? = nil,
                             referable: Bool = true, extra: ((inout JSONWriter) -> Void)? = nil, to json: inout JSONWriter) {
        var shared = File(file, document: document)
        write(task, in: document, file: &shared, change: change, line: line, referable: referable, extra: extra, to: &json)
    }

    /// The task, with what its file's tasks share (`file`) written once for them all.
    package static func write(_ task: Task, in document: Document, file: inout File, change: String? = nil, line: Int? = nil,
                             referable: Bool = true, extra: ((inout JSONWriter) -> Void)? = nil, to json: inout JSONWriter) {
        let shownLine = line ?? task.line + 1
        let text = document.textBytes(of: task)
        json.beginObject()
        json.key("file"); file.name.withUnsafeBufferPointer { json.raw($0) }
        if let change { json.key("change"); json.string(change) }
        json.key("line"); json.int(shownLine)
        json.key("status"); writeStatus(task.status, to: &json)
        json.key("important"); json.bool(task.important)
        json.key("due"); json.date(task.due)
        json.key("group")
        if let group = task.group {
            file.groupPath(group, in: document).withUnsafeBufferPointer { json.raw($0) }
        } else {
            json.beginArray()
            json.endArray()
        }
        json.key("text")
        let checked = task.hasInvalidUTF8
        writeText(text, checked: checked, to: &json)
        // Every token in one pass over the text, then each kind's in order.
        file.tokens.removeAll(keepingCapacity: true)
        if TaskTokens.mayHoldToken(text) {
            TaskTokens.forEachToken(text) { kind, name, value in file.tokens.append(Token(kind: kind, name: name, value: value)) }
        }
        json.key("tags"); writeTokens(.tag, file.tokens, of: text, checked: checked, to: &json)
        json.key("projects"); writeTokens(.project, file.tokens, of: text, checked: checked, to: &json)
        json.key("contexts"); writeTokens(.context, file.tokens, of: text, checked: checked, to: &json)
        json.key("fields")
        json.beginObject()
        // Each key once, its first value.
        var seen = SeenKeys()
        for token in file.tokens where token.kind == .field {
            let key = text[token.name]
            guard seen.insert(key) else { continue }
            if checked {
                json.key(string: String(decoding: key, as: UTF8.self))
            } else {
                key.withUnsafeBufferPointer { json.key(utf8: $0) }
            }
            writeText(text[token.value], checked: checked, to: &json)
        }
        json.endObject()
        json.key("depth"); json.int(task.depth)
        json.key("parent")
        if let parent = task.parent { json.int(document.tasks[parent].line + 1) } else { json.null() }
        // The fields of every dialect (tick(5), DIALECTS), read only when the parse saw one,
        // and once: the reference leaves the dates out of its fingerprint.
        let fields = task.fieldKinds.isEmpty ? TaskFields() : document.fields(of: task)
        let signature = TaskFingerprint.block(task, in: document, groups: file.groupHashes,
                                              text: TaskFingerprint.of(task, in: document, fields: fields), lines: &file.blockLines)
        json.key("ref"); if referable { json.reference(line: shownLine, signature: signature) } else { json.null() }
        json.key("statusType"); writeStatusType(task.statusType, to: &json)
        if fields.fields.isEmpty {
            // What a task with no field has (most tasks), in one step.
            json.raw(known: #""dates":{"due":null,"scheduled":null,"start":null,"created":null,"done":null,"cancelled":null},"priority":null,"recurrence":null,"id":null,"dependsOn":[]"#)
        } else {
            writeFields(fields, of: text, to: &json)
        }
        json.key("notes"); writeStrings(document.notes(of: task), to: &json)
        json.key("subtasks")
        if let progress = document.subtaskProgress(of: task) {
            json.beginObject()
            json.key("done"); json.int(progress.done)
            json.key("total"); json.int(progress.total)
            json.endObject()
        } else {
            json.null()
        }
        extra?(&json)
        json.endObject()
    }

    /// The fields of every dialect, from `dates` to `dependsOn`.
    private static func writeFields(_ fields: TaskFields, of text: ArraySlice<UInt8>, to json: inout JSONWriter) {
        json.key("dates")
        json.beginObject()
        json.key("due"); json.date(fields.date(.due, in: text))
        json.key("scheduled"); json.date(fields.date(.scheduled, in: text))
        json.key("start"); json.date(fields.date(.start, in: text))
        json.key("created"); json.date(fields.date(.created, in: text))
        json.key("done"); json.date(fields.date(.done, in: text))
        json.key("cancelled"); json.date(fields.date(.cancelled, in: text))
        json.endObject()
        json.key("priority"); json.optionalString(fields.priority(in: text).map(\.name))
        json.key("recurrence"); json.optionalString(fields.first(.recurrence).map { TaskFields.value($0, in: text) })
        json.key("id"); json.optionalString(fields.first(.id).map { TaskFields.value($0, in: text) })
        json.key("dependsOn"); writeStrings(fields.dependencies(in: text), to: &json)
    }

    /// A token of the task being written: its kind, and its name (a field's key) and value
    /// as indices of the text.
    fileprivate struct Token {
        let kind: TaskTokens.Kind
        let name: Range<Int>
        let value: Range<Int>

        init(kind: TaskTokens.Kind, name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
            self.kind = kind
            self.name = name.startIndex..<name.endIndex
            self.value = value.startIndex..<value.endIndex
        }
    }

    /// The names of the task's tokens of one kind, as an array.
    private static func writeTokens(_ wanted: TaskTokens.Kind, _ tokens: [Token], of text: ArraySlice<UInt8>, checked: Bool,
                                    to json: inout JSONWriter) {
        json.beginArray()
        for token in tokens where token.kind == wanted { writeText(text[token.name], checked: checked, to: &json) }
        json.endArray()
    }

    /// The status's name (`TaskStatus.name`), without a String for the three named ones.
    private static func writeStatus(_ status: TaskStatus, to json: inout JSONWriter) {
        switch status {
        case .open: json.string(known: "open")
        case .done: json.string(known: "done")
        case .doing: json.string(known: "doing")
        case .other(let raw): json.string(raw)
        }
    }

    private static func writeStatusType(_ type: StatusType, to json: inout JSONWriter) {
        switch type {
        case .todo: json.string(known: "todo")
        case .doing: json.string(known: "doing")
        case .done: json.string(known: "done")
        case .cancelled: json.string(known: "cancelled")
        }
    }

    /// Bytes of a task's text as a string: as they are, or, `checked` (the text is not all
    /// UTF-8), through a String that shows bad bytes as U+FFFD.
    private static func writeText(_ bytes: ArraySlice<UInt8>, checked: Bool, to json: inout JSONWriter) {
        if checked {
            json.string(String(decoding: bytes, as: UTF8.self))
        } else {
            bytes.withUnsafeBufferPointer { json.string(utf8: $0) }
        }
    }

    /// The field keys written so far: looked through in order while few (the usual task has
    /// none or one), in a set beyond that, so that a line of a million fields stays linear.
    private struct SeenKeys {
        /// The first key, kept apart: a task with one field makes no array.
        private var first: ArraySlice<UInt8>?
        private var few: [ArraySlice<UInt8>] = []
        private var many: Set<ArraySlice<UInt8>> = []

        /// Whether `key` is new (and now seen).
        mutating func insert(_ key: ArraySlice<UInt8>) -> Bool {
            guard let first else {
                first = key
                return true
            }
            if first == key { return false }
            if many.isEmpty {
                if few.contains(key) { return false }
                few.append(key)
                if few.count > 16 { many = Set(few) }
                return true
            }
            return many.insert(key).inserted
        }
    }

    private static func writeStrings(_ values: [String], to json: inout JSONWriter) {
        json.beginArray()
        for value in values { json.string(value) }
        json.endArray()
    }
}
