/// The JSON form of a task, shared by every view's `--json` (schema in tick(1), "JSON OUTPUT").
///
/// One object per task:
/// `file`, `line` (1-based), `status` (`open`, `done`, `doing`, or the raw status character),
/// `important`, `due` (ISO date or null), `group` (heading path, outermost first), `text`,
/// `tags`, `projects`, `contexts`, `fields` (`key:value` tokens), `depth`, `parent` (line of the
/// parent task or null), `ref` (`LINE@FINGERPRINT`, a reference an edit checks: `TaskReference`),
/// `statusType` (`todo`, `doing`, `done`, `cancelled`), `dates` (`due`, `scheduled`, `start`,
/// `created`, `done`, `cancelled`, each an ISO date or null, from any dialect), `priority`
/// (`highest` … `lowest`, or null), `recurrence` (the rule as written, or null) and `notes`
/// (the note lines under the task, `Document.notes(of:)`);
/// an edit's output adds `change` (what it did: `done`, `added`, ...).
public enum TaskJSON {
    /// What every task of one file shares in its JSON, written once per file: the file's
    /// name as a JSON string, the group paths' hashes (`TaskFingerprint.groupHashes`) its
    /// references need, and each group's path as a JSON array, written the first time a task
    /// of the group is (a path repeats its parents' titles: written for every heading of a
    /// file, a long title over many headings would be written once per heading).
    public struct File: Sendable {
        let name: [UInt8]
        let groupHashes: [UInt64]
        /// Index for index with the document's headings; nil until written.
        private var groupPaths: [[UInt8]?]

        public init(_ name: String, document: Document) {
            var json = JSONWriter()
            json.string(name)
            self.name = json.bytes
            groupHashes = TaskFingerprint.groupHashes(document)
            groupPaths = [[UInt8]?](repeating: nil, count: document.headings.count)
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
    public static func write(_ task: Task, in document: Document, file: String, change: String? = nil, line: Int? = nil,
                             extra: ((inout JSONWriter) -> Void)? = nil, to json: inout JSONWriter) {
        var shared = File(file, document: document)
        write(task, in: document, file: &shared, change: change, line: line, extra: extra, to: &json)
    }

    /// The task, with what its file's tasks share (`file`) written once for them all.
    public static func write(_ task: Task, in document: Document, file: inout File, change: String? = nil, line: Int? = nil,
                             extra: ((inout JSONWriter) -> Void)? = nil, to json: inout JSONWriter) {
        let shownLine = line ?? task.line + 1
        let text = document.textBytes(of: task)
        json.beginObject()
        json.key("file"); file.name.withUnsafeBufferPointer { json.raw($0) }
        if let change { json.key("change"); json.string(change) }
        json.key("line"); json.int(shownLine)
        json.key("status"); json.string(task.status.name)
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
        // From the file's bytes; through a String only to write bad bytes as U+FFFD.
        if task.hasInvalidUTF8 {
            json.string(String(decoding: text, as: UTF8.self))
        } else {
            text.withUnsafeBufferPointer { json.string(utf8: $0) }
        }
        json.key("tags"); writeTokens(.tag, of: text, checked: task.hasInvalidUTF8, to: &json)
        json.key("projects"); writeTokens(.project, of: text, checked: task.hasInvalidUTF8, to: &json)
        json.key("contexts"); writeTokens(.context, of: text, checked: task.hasInvalidUTF8, to: &json)
        json.key("fields")
        json.beginObject()
        // Each key once, its first value.
        var seen = SeenKeys()
        let checked = task.hasInvalidUTF8
        TaskTokens.forEachToken(text, only: .field) { _, key, value in
            guard seen.insert(key) else { return }
            json.key(string: String(decoding: key, as: UTF8.self))
            writeText(value, checked: checked, to: &json)
        }
        json.endObject()
        json.key("depth"); json.int(task.depth)
        json.key("parent")
        if let parent = task.parent { json.int(document.tasks[parent].line + 1) } else { json.null() }
        let signature = TaskFingerprint.block(task, in: document, groups: file.groupHashes)
        json.key("ref"); json.reference(line: shownLine, signature: signature)
        // The fields of every dialect (tick(5), DIALECTS), read only when the parse saw one.
        let fields = task.fieldKinds.isEmpty ? TaskFields() : TaskFields.read(text)
        json.key("statusType"); json.string(task.statusType.rawValue)
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
        json.key("notes"); writeStrings(document.notes(of: task), to: &json)
        extra?(&json)
        json.endObject()
    }

    /// The names of the task's tokens of one kind, as an array.
    private static func writeTokens(_ wanted: TaskTokens.Kind, of text: ArraySlice<UInt8>, checked: Bool,
                                    to json: inout JSONWriter) {
        json.beginArray()
        TaskTokens.forEachToken(text, only: wanted) { _, name, _ in writeText(name, checked: checked, to: &json) }
        json.endArray()
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
        private var few: [ArraySlice<UInt8>] = []
        private var many: Set<ArraySlice<UInt8>> = []

        /// Whether `key` is new (and now seen).
        mutating func insert(_ key: ArraySlice<UInt8>) -> Bool {
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
