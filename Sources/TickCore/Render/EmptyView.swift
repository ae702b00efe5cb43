/// What a view that shows no task says instead, so that an empty answer never looks like a
/// file tick cannot read: how many tasks the view hid and the command that shows them, or
/// that the words looked for match nothing (a word may be a mistyped file name).
package enum EmptyView {
    /// The file a view read alone: its path as shown, how many tasks it holds, and whether
    /// the command line named it (the commands suggested then name it too); `alsoMatching`:
    /// how many tasks of a status the view does not show match its words.
    package struct File {
        package let path: String
        package let tasks: Int
        package let named: Bool
        package var alsoMatching = 0
        /// The one task hidden that matches, when there is one: its line (1-based), what it
        /// is (`done`, `cancelled`, `waiting`) and its text.
        package var hidden: (line: Int, kind: String, text: String)?
        /// The view's statuses were asked for (`--done`): `--all` does not widen them.
        package var statusesAsked = false

        package init(path: String, tasks: Int, named: Bool, alsoMatching: Int = 0, hidden: (line: Int, kind: String, text: String)? = nil,
                     statusesAsked: Bool = false) {
            self.path = path
            self.tasks = tasks
            self.named = named
            self.alsoMatching = alsoMatching
            self.hidden = hidden
            self.statusesAsked = statusesAsked
        }
    }

    /// What a task is, as an empty view names one it hid: open, in-progress, done, cancelled,
    /// or waiting (`Document.waits`).
    package static func kind(of task: Task, in document: Document, today: CivilDate) -> String {
        switch task.statusType {
        case .todo: document.waits(task, today: today) ? "waiting" : "open"
        case .doing: "in-progress"
        case .done, .cancelled: task.statusType.rawValue
        }
    }

    /// When tasks of the statuses the view hides match `what` (its words, its filters): the
    /// note that says so, with how to see them; nil else.
    private static func hidden(_ file: File, matching what: String) -> String? {
        let count = file.alsoMatching
        guard count > 0 else { return nil }
        // Statuses asked for are kept by --all (filters combine): their option is the one to
        // leave out.
        let see = file.statusesAsked ? "the statuses asked for leave \(count == 1 ? "it" : "them") out"
            : "add --all to see \(count == 1 ? "it" : "them")"
        if count == 1, let hidden = file.hidden {
            let text = DisplayWidth.truncated(TerminalText.sanitized(hidden.text), to: 40)
            return "no task the view shows matches \(what), but the \(hidden.kind) task on line \(hidden.line) does ('\(text)'); \(see)"
        }
        return "no task the view shows matches \(what), but \(count) task\(count == 1 ? " of another status does" : "s of other statuses do"); \(see)"
    }

    /// The note for a view `command` (`today`, `list`) whose `query` showed nothing;
    /// `narrowed`: options narrowed the view's own query. `file`: the one file read, when a
    /// person reads the view (with words, the count of tasks of every status they match).
    /// Nil when there is nothing to say.
    package static func note(command: String, query: TaskQuery, narrowed: Bool, file: File?) -> String? {
        guard query.words.isEmpty else {
            let words = query.words.map { "'\($0)'" }.joined(separator: " and ")
            let name = query.words.count == 1 ? "; no file or folder has that name either" : ""
            if let file, let hidden = hidden(file, matching: words) { return hidden }
            if let file { return "no task matches \(words) among the \(file.tasks) task\(file.tasks == 1 ? "" : "s") in \(file.path)\(name)" }
            let statuses = query.statuses == nil ? "" : " (of the statuses shown; --all looks among every task)"
            return "no task matches \(words)\(statuses)\(name)"
        }
        guard let file else { return nil }
        let named = file.named ? " -f \(file.path)" : ""
        let tasks = "\(file.tasks) task\(file.tasks == 1 ? "" : "s")"
        let among = "among the \(tasks) in \(file.path)"
        if file.tasks == 0 { return "no tasks in \(file.path); 'tick add\(named) TEXT' adds one" }
        switch (command, narrowed) {
        case ("today", false): return "nothing due today or overdue \(among); 'tick list\(named)' shows the open ones"
        case ("overdue", false): return "nothing overdue \(among); 'tick list --sort due\(named)' shows what comes next"
        case ("important", false): return "no open starred task \(among); 'tick star\(named) N' stars one"
        case ("completed", false):
            if let since = query.doneSince { return "nothing done since \(since) \(among); 'tick completed\(named)' shows every done one" }
            return "no done task \(among); 'tick done\(named) N' marks one"
        // The command to type, not an option to add: --all keeps the other filters.
        case (_, true):
            if let hidden = hidden(file, matching: "the filters given") { return hidden }
            return "none of the \(tasks) in \(file.path) match the filters given; without them, 'tick list --all\(named)' shows every task"
        default: return "nothing open among the \(tasks) in \(file.path); 'tick list --all\(named)' shows every task"
        }
    }
}
