/// The journal as `tick undo`, `tick redo` and `tick undo --list` read it: which operations a
/// step is about, which one it takes, why there is none, and the list that numbers them.
package struct JournalHistory {
    /// An operation as stored: its folder's name, its record and its file changes.
    package struct Entry: Sendable {
        package let name: String
        package var operation: JournalOperation
        package let changes: [JournalOperation.FileChange]

        package init(name: String, operation: JournalOperation, changes: [JournalOperation.FileChange]) {
            self.name = name
            self.operation = operation
            self.changes = changes
        }
    }

    /// Which operations a step or a list is about: those that changed one file; else those of
    /// a project folder, or of any. Run for an agent, only that agent's: an agent's undo never
    /// takes back a person's edit, or another agent's, and steps over them to its own.
    package struct Scope {
        package enum Place {
            case file([UInt8])
            /// A project folder: its name as messages show it, and whether a path is in it.
            case here(shown: String, contains: ([UInt8]) -> Bool)
            case all
        }
        package let place: Place
        package let agent: String?

        package init(place: Place, agent: String?) {
            self.place = place
            self.agent = agent
        }

        package func contains(_ entry: Entry) -> Bool {
            if let agent, entry.operation.agent != agent { return false }
            switch place {
            case .file(let path): return entry.changes.contains { $0.path == path }
            case .here(_, let contains): return entry.changes.contains { contains($0.path) }
            case .all: return true
            }
        }
    }

    /// Every operation in the journal, oldest first.
    package let entries: [Entry]
    package let scope: Scope
    /// What `tick undo --list` numbers, oldest first: the operations in scope.
    package let listed: [Entry]

    package init(_ entries: [Entry], scope: Scope) {
        self.entries = entries
        self.scope = scope
        listed = entries.filter { scope.contains($0) }
    }

    /// Which operation a step takes, or why none.
    package enum Step {
        /// `others`: other operations could be stepped to (said when this one is refused).
        case take(Entry, others: Bool)
        case refused(String)
        /// No operation at all to step to, here or elsewhere.
        case nothing
    }

    /// The operation an undo (or a redo) takes: the one on line `number` of the list (1 the
    /// newest), else the latest in scope that is not undone (for a redo, the latest undone).
    /// `shown`: a path as messages show it.
    package func step(undo: Bool, number: Int?, shown: (String) -> String) -> Step {
        let name = undo ? "undo" : "redo"
        let candidates = entries.filter { $0.operation.isUndone != undo }
        let inScope = candidates.filter { scope.contains($0) }
        func latest(_ entries: [Entry]) -> Entry? {
            undo ? entries.last : entries.max { $0.operation.undoneStamp < $1.operation.undoneStamp }
        }
        if let number, !listed.isEmpty {
            guard number >= 1, number <= listed.count else {
                return .refused("there is no operation \(number) to \(name): 'tick undo --list' shows \(listed.count)")
            }
            let entry = listed[listed.count - number]
            guard entry.operation.isUndone != undo else {
                let command = Self.quoted(command: entry.operation.command)
                return .refused(undo ? "operation \(number), \(command), is undone already; 'tick redo \(number)' applies it again"
                                     : "operation \(number), \(command), is not undone; nothing to redo")
            }
            return .take(entry, others: inScope.count > 1)
        }
        if number == nil, let chosen = latest(inScope) { return .take(chosen, others: inScope.count > 1) }
        // Operations elsewhere: say where, and how to reach them.
        if scope.agent != nil {
            return .refused("nothing to \(name): this agent has made no edit here that is not \(undo ? "undone" : "applied") (a person's edits, "
                            + "and other agents', are theirs to undo)")
        }
        if let elsewhere = elsewhere(latest(candidates), shown: shown) { return .refused("nothing to \(name) " + elsewhere) }
        return .nothing
    }

    /// `in FOLDER; the latest operation elsewhere is …: add -f FILE, or --all`, when the scope
    /// is a project folder and `other` is of another.
    private func elsewhere(_ other: Entry?, shown: (String) -> String) -> String? {
        guard case .here(let here, _) = scope.place, let other, let path = other.changes.first?.path else { return nil }
        let file = shown(PathBytes.string(from: path))
        return "in \(here); the latest operation elsewhere is \(Self.quoted(command: other.operation.command)) (\(file)): add -f \(file), or --all"
    }

    /// What `tick undo --list` says when it lists nothing: where the operations are, when
    /// there are some elsewhere.
    package func emptyList(shown: (String) -> String) -> String {
        if scope.agent != nil { return "no operations of this agent to undo here (a person's edits, and other agents', are theirs)" }
        return "no operations to undo" + (elsewhere(entries.last { !scope.contains($0) }, shown: shown).map { " " + $0 } ?? "")
    }

    /// The newest operation after `chosen`, not undone, that changed `path` too: what an undo
    /// of `chosen` refused there most likely meets; its command, quoted, and its number in
    /// the list.
    package func laterEdit(after chosen: Entry, of path: [UInt8]) -> (command: String, number: Int)? {
        guard let at = listed.firstIndex(where: { $0.name == chosen.name }),
              let later = listed[(at + 1)...].lastIndex(where: { !$0.operation.isUndone && $0.changes.contains { $0.path == path } })
        else { return nil }
        return (Self.quoted(command: listed[later].operation.command), listed.count - later)
    }

    /// A recorded command as a message names it: in single quotes, as messages quote what
    /// the user wrote, or in double quotes when it holds single quotes of its own (`tick add
    /// 'milk'` reads "tick add 'milk'", not 'tick add 'milk'').
    package static func quoted(command: String) -> String {
        command.contains("'") ? "\"" + command + "\"" : "'" + command + "'"
    }

    // MARK: - The list

    /// `tick undo --list`: the operations in scope, newest first, numbered for `tick undo N`,
    /// each with its time (`time`), command and files (`shown`) with how many tasks it was
    /// about; an undone operation and an agent's say so.
    package func list(style: TextStyle, time: (Int64) -> String, shown: (String) -> String) -> TextBuffer {
        var out = TextBuffer(capacity: 1024)
        let width = TextBuffer.decimalDigits(listed.count)
        for (offset, entry) in listed.reversed().enumerated() {
            out.appendSpaces(width - TextBuffer.decimalDigits(offset + 1))
            out.appendDecimal(offset + 1)
            out.append("  ")
            out.appendStyled(style, .dim) { $0.append(time(entry.operation.time)) }
            out.append("  ")
            if entry.operation.isUndone { out.appendStyled(style, .dim) { $0.append("(undone) ") } }
            // An agent's edit (`tick mcp`) says so: its session takes it back, and a person may.
            if entry.operation.agent != nil { out.appendStyled(style, .dim) { $0.append("(agent) ") } }
            out.append(TerminalText.oneLine(entry.operation.command))
            let files = entry.changes.map { change in
                shown(PathBytes.string(from: change.path)) + (change.tasks > 0 ? " (\(change.tasks) task\(change.tasks == 1 ? "" : "s"))" : "")
            }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            out.append("  ")
            out.appendStyled(style, .dim) { $0.append("· " + files.joined(separator: ", ")) }
            out.append("\n")
        }
        return out
    }

    /// `tick undo --list --json`: one object per operation, newest first, with its number.
    package func json(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        JSONWriter.lines(Array(listed.reversed().enumerated()), emit: emit) { numbered, json in
            let entry = numbered.element
            json.beginObject()
            json.key("number"); json.int(numbered.offset + 1)
            json.key("time"); json.int(Int(entry.operation.time))
            json.key("command"); json.string(entry.operation.command)
            json.key("undone"); json.bool(entry.operation.isUndone)
            json.key("agent"); if let agent = entry.operation.agent { json.string(agent) } else { json.null() }
            json.key("files")
            json.beginArray()
            for change in entry.changes {
                json.beginObject()
                json.key("path"); json.string(PathBytes.display(PathBytes.string(from: change.path)))
                json.key("tasks"); json.int(change.tasks)
                json.key("created"); json.bool(change.created)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
    }
}
