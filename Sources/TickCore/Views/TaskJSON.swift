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
    /// `line` overrides where the task is shown (a task parsed alone, for an edit's output);
    /// `groups` are the document's `TaskFingerprint.groupHashes`, worked out once by a caller
    /// that writes many tasks.
    public static func write(_ task: Task, in document: Document, file: String, change: String? = nil, line: Int? = nil,
                             groups: [UInt64]? = nil, extra: ((inout JSONWriter) -> Void)? = nil, to json: inout JSONWriter) {
        let shownLine = line ?? task.line + 1
        let tokens = TaskTokens(bytes: task.textBytes)
        json.beginObject()
        json.key("file"); json.string(file)
        if let change { json.key("change"); json.string(change) }
        json.key("line"); json.int(shownLine)
        json.key("status"); json.string(task.status.name)
        json.key("important"); json.bool(task.important)
        json.key("due"); json.date(task.due)
        json.key("group")
        json.beginArray()
        for title in document.groupPath(of: task) { json.string(title) }
        json.endArray()
        json.key("text")
        // From the file's bytes; through a String only to write bad bytes as U+FFFD.
        if task.hasInvalidUTF8 {
            json.string(task.text)
        } else {
            task.textBytes.withUnsafeBufferPointer { json.string(utf8: $0) }
        }
        json.key("tags"); writeStrings(tokens.tags, to: &json)
        json.key("projects"); writeStrings(tokens.projects, to: &json)
        json.key("contexts"); writeStrings(tokens.contexts, to: &json)
        json.key("fields")
        json.beginObject()
        var seen: Set<String> = []
        for field in tokens.fields where seen.insert(field.key).inserted {
            json.key(string: field.key)
            json.string(field.value)
        }
        json.endObject()
        json.key("depth"); json.int(task.depth)
        json.key("parent")
        if let parent = task.parent { json.int(document.tasks[parent].line + 1) } else { json.null() }
        let signature = TaskFingerprint.block(task, in: document, groups: groups ?? TaskFingerprint.groupHashes(document))
        json.key("ref"); json.string("\(shownLine)@" + TaskFingerprint.short(signature))
        // The fields of every dialect (tick(5), DIALECTS).
        let fields = task.fields
        json.key("statusType"); json.string(task.statusType.rawValue)
        json.key("dates")
        json.beginObject()
        for kind in TaskField.Kind.allCases where kind.isDate {
            json.key(string: kind.rawValue)
            json.date(fields.date(kind, in: task.textBytes))
        }
        json.endObject()
        json.key("priority"); json.optionalString(fields.priority(in: task.textBytes).map(\.name))
        json.key("recurrence"); json.optionalString(fields.first(.recurrence).map { TaskFields.value($0, in: task.textBytes) })
        json.key("notes"); writeStrings(document.notes(of: task), to: &json)
        extra?(&json)
        json.endObject()
    }

    private static func writeStrings(_ values: [String], to json: inout JSONWriter) {
        json.beginArray()
        for value in values { json.string(value) }
        json.endArray()
    }
}
