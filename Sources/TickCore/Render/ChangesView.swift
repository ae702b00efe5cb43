/// `tick changes`: what happened to the tasks between two versions, by file and group.
///
///     TODO.md
///       Home / Groceries
///         completed       11  [x] Milk
///         added           13  [ ] Bread
///       Work
///         edited, redated 17  [ ] Write the yearly report  in 13 days  (was: Write the quarterly report; due 2026-12-01)
///         removed          4  [x] Call the plumber
///
/// The line is where the task is now (for a removed task, where it was).
package enum ChangesView {
    /// One file's two versions and their changes.
    package struct File: Sendable {
        package let path: String
        package let old: Document
        package let new: Document
        package let changes: [TaskChange]
        /// The groups renamed, by their headings in each version (`TaskChanges.between`).
        package let renamedGroups: [(old: Int, new: Int)]
        /// Where the new version is on disk, when it is the file as it is now (the working
        /// tree, or the second of two files): its line numbers are the file's.
        package var current: String?

        package init(path: String, old: Document, new: Document, current: String? = nil) {
            self.path = path
            self.old = old
            self.new = new
            self.current = current
            (changes, renamedGroups) = TaskChanges.between(old: old, new: new)
        }

        /// Whether anything changed that `tick changes` shows.
        package var isEmpty: Bool { changes.isEmpty && renamedGroups.isEmpty }

        /// Each renamed group's path in each version, as views show them.
        package var renamedPaths: [(old: String, new: String)] {
            renamedGroups.map { (GroupName.shown(old.shownGroupPath(ofHeading: $0.old)), GroupName.shown(new.shownGroupPath(ofHeading: $0.new))) }
        }

        /// What the text view shows of the new version, as a listing: a number typed next
        /// means the task `tick changes` showed there; a removed task's former line is refused.
        package var listing: Listing {
            let removed = changes.filter { $0.new == nil }.compactMap { $0.old.map { old.tasks[$0].line + 1 } }
            return Listing(shown: changes.compactMap(\.new), in: new)
                .refusing(removed, reason: "is not in the file: 'tick changes' showed it removed",
                          sharing: "has that number with a removed task in 'tick changes'")
        }

        /// The task as it is now (as it was, for a removed one), and its document.
        func task(_ change: TaskChange) -> (task: Task, document: Document) {
            change.new.map { (new.tasks[$0], new) } ?? (old.tasks[change.old!], old)
        }
    }

    package static func render(_ files: [File], today: CivilDate, style: TextStyle) -> String {
        var out = TextBuffer(capacity: 4096)
        for file in files where !file.isEmpty {
            out.appendStyled(style, .bold) { $0.appendSanitized(file.path) }
            out.append(Byte.lf)
            for renamed in file.renamedPaths {
                out.appendSpaces(2)
                out.appendStyled(style, .yellow) { $0.append("renamed group") }
                out.append(" ")
                out.appendSanitized(renamed.old + " → " + renamed.new)
                out.append(Byte.lf)
            }
            let verbWidth = file.changes.map { verb($0).utf8.count }.max() ?? 0
            let numberWidth = file.changes.map { TextBuffer.decimalDigits(file.task($0).task.line + 1) }.max() ?? 1
            // Each group once, in the order its first change comes, with its changes in order
            // (a removed task is placed by its old line, so the order alone would go back and
            // forth between groups).
            var paths: [[String]] = [], changesOf: [[String]: [TaskChange]] = [:]
            for change in file.changes {
                let (task, document) = file.task(change)
                let path = document.shownGroupPath(ofHeading: task.group)
                if changesOf[path] == nil { paths.append(path) }
                changesOf[path, default: []].append(change)
            }
            for path in paths {
                out.appendSpaces(2)
                out.appendStyled(style, .bold) { $0.appendSanitized(path.isEmpty ? "(no group)" : GroupName.shown(path)) }
                out.append(Byte.lf)
                for change in changesOf[path]! {
                    let (task, document) = file.task(change)
                    let verb = verb(change)
                    out.appendSpaces(4)
                    out.appendStyled(style, color(change.kinds[0])) { $0.append(verb) }
                    out.appendSpaces(verbWidth - verb.utf8.count + 1 + numberWidth - TextBuffer.decimalDigits(task.line + 1))
                    out.appendStyled(style, .dim) { $0.appendDecimal(task.line + 1) }
                    out.appendSpaces(2)
                    ListView.appendLine(for: task, in: document, today: today, style: style, to: &out)
                    let was = previously(change, in: file)
                    if !was.isEmpty {
                        out.appendSpaces(2)
                        out.appendStyled(style, .dim) { $0.appendSanitized("(was: " + was.joined(separator: "; ") + ")") }
                    }
                    out.append(Byte.lf)
                }
            }
        }
        return out.string
    }

    /// The list schema of `tick list --json`, one entry per line, with `change`, `changes`
    /// and `was` (the task as it was: line, status type, text, due, group; null for one
    /// added or removed); a renamed group is an entry with its group path now and then.
    /// Each file's renamed groups first, then its tasks in the order the text shows them.
    package static func json(_ files: [File], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let entries = files.flatMap { file in
            file.renamedGroups.map { (file, TaskChange?.none, Optional($0)) } + file.changes.map { (file, Optional($0), nil) }
        }
        JSONWriter.lines(entries, emit: emit) { entry, json in
            let (file, change, renamed) = entry
            guard let change else {
                let (old, new) = renamed!
                json.beginObject()
                json.key("file"); json.string(file.path)
                json.key("line"); json.int(file.new.headings[new].line + 1)
                json.key("change"); json.string("renamed group")
                group(file.new.groupPath(ofHeading: new), &json)
                json.key("was"); json.beginObject()
                json.key("line"); json.int(file.old.headings[old].line + 1)
                group(file.old.groupPath(ofHeading: old), &json)
                json.endObject()
                json.endObject()
                return
            }
            let (task, document) = file.task(change)
            TaskJSON.write(task, in: document, file: file.path, change: change.kinds[0].rawValue, referable: change.new != nil, extra: { json in
                json.key("changes")
                json.beginArray()
                for kind in change.kinds { json.string(kind.rawValue) }
                json.endArray()
                json.key("was")
                guard let old = change.old, change.new != nil else { return json.null() }
                let before = file.old.tasks[old]
                json.beginObject()
                json.key("line"); json.int(before.line + 1)
                json.key("statusType"); json.string(before.statusType.rawValue)
                json.key("text"); json.string(file.old.text(of: before))
                json.key("due"); json.optionalString(before.due?.description)
                group(file.old.groupPath(of: before), &json)
                json.endObject()
            }, to: &json)
        }
    }

    /// A group path as the list schema writes it: `"group": ["Home", "Groceries"]`.
    private static func group(_ path: [String], _ json: inout JSONWriter) {
        json.key("group"); json.beginArray(); for title in path { json.string(title) }; json.endArray()
    }

    /// A stand-up note or release notes: one section per kind of change, in the order people
    /// report them, each task under its first kind.
    package static func markdown(_ files: [File]) -> String {
        let order: [(TaskChange.Kind, String)] = [(.completed, "Done"), (.added, "Added"), (.started, "Started"), (.edited, "Edited"),
                                                  (.moved, "Moved"), (.redated, "Re-dated"), (.starred, "Starred"), (.unstarred, "Unstarred"),
                                                  (.cancelled, "Cancelled"), (.reopened, "Reopened"), (.stopped, "Stopped"), (.removed, "Removed")]
        var out = ""
        for file in files where !file.isEmpty {
            if files.count > 1 { out += "## \(TerminalText.sanitized(file.path))\n\n" }
            if !file.renamedPaths.isEmpty {
                out += (files.count > 1 ? "### " : "## ") + "Renamed groups\n\n"
                for renamed in file.renamedPaths { out += "- " + TerminalText.sanitized(renamed.old + " → " + renamed.new) + "\n" }
                out += "\n"
            }
            for (kind, title) in order {
                let entries = file.changes.filter { $0.kinds[0] == kind }
                guard !entries.isEmpty else { continue }
                out += (files.count > 1 ? "### " : "## ") + title + "\n\n"
                for change in entries {
                    let (task, document) = file.task(change)
                    let group = GroupName.shown(document.shownGroupPath(ofHeading: task.group))
                    // The text as a row shows it, without the dates it records (a note reads
                    // as prose), sanitized: it goes to a terminal too.
                    let text = ListView.shownText(ifCut: task, in: document) ?? document.text(of: task)
                    out += "- " + Self.inline(TerminalText.sanitized(text + (group.isEmpty ? "" : " (\(group))"))) + "\n"
                }
                out += "\n"
            }
        }
        return out
    }

    /// `text` escaped to read as itself after a list item's `- `: a start that would open a
    /// block there (a checkbox `[ ]`, a heading, a quote, a list item, a fence, a rule) is
    /// preceded by a backslash.
    static func inline(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return text }
        if "#>-+*=_`~|".utf8.contains(first) { return "\\" + text }
        if first == UInt8(ascii: "["), bytes.count >= 3, bytes[2] == UInt8(ascii: "]") { return "\\" + text }
        // `1.` or `2)`: an ordered list item.
        let digits = bytes.prefix { (0x30...0x39).contains($0) }
        if !digits.isEmpty, digits.count <= 9, digits.count < bytes.count, [UInt8(ascii: "."), UInt8(ascii: ")")].contains(bytes[digits.count]) {
            return String(decoding: digits, as: UTF8.self) + "\\" + String(decoding: bytes[digits.count...], as: UTF8.self)
        }
        return text
    }

    /// What the task was, for each kind of change that replaced something.
    package static func previously(_ change: TaskChange, in file: File) -> [String] {
        guard let old = change.old, change.new != nil else { return [] }
        let before = file.old.tasks[old]
        var parts: [String] = []
        if change.kinds.contains(.edited) { parts.append(ListView.displayText(before, in: file.old)) }
        if change.kinds.contains(.moved) {
            let path = file.old.shownGroupPath(ofHeading: before.group)
            parts.append("in " + (path.isEmpty ? "(no group)" : GroupName.shown(path)))
        }
        if change.kinds.contains(.redated) { parts.append(before.due.map { "due \($0)" } ?? "no due date") }
        return parts
    }

    static func verb(_ change: TaskChange) -> String { change.kinds.map(\.rawValue).joined(separator: ", ") }

    static func color(_ kind: TaskChange.Kind) -> TextStyle.Color {
        switch kind {
        case .removed, .cancelled: return .red
        case .completed, .added: return .cyan
        default: return .yellow
        }
    }
}
