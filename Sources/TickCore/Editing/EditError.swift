/// Why an edit cannot be made. Each message is one line that says what to do next.
public enum EditError: Error, Equatable, Sendable {
    case noSuchLine(Int, lineCount: Int)
    case notATask(line: Int)
    case noMatch(String)
    /// Words given apart (`tick done 'Q4 report' 'CI login'`) that each name a task, while
    /// together, read as one reference, they name none: the tasks' lines.
    case wordsAreOneReference(String, parts: [(text: String, line: Int)])
    /// A reference of no words (`tick rm ""`, an unset variable in a script): it names no task.
    case emptyReference
    case ambiguous(String, candidates: [(line: Int, text: String)])
    case invalidDate(String)
    /// A date field of a new task's text (`due:VALUE`) that names no day: its value ends at a
    /// space, so a phrase is joined by hyphens there.
    case invalidFieldDate(String)
    /// `suggestions`: what "did you mean" offers (`GroupName.suggestions`).
    case noSuchGroup(String, suggestions: [String])
    /// A group to create whose name is close to an existing group's (`tick add -g garden`
    /// with `Home/Garden & Yard` there): a typo, unless the user says to create it.
    case closeToGroup(String, group: String)
    case ambiguousGroup(String, candidates: [(line: Int, title: String)])
    case cannotMove(String)
    case invalidText(String)
    /// The file ends in an indented code fence or HTML block that is never closed (1-based line).
    case unclosedIndentedBlock(line: Int)
    /// The edit of the task on this line (1-based) would change what the indented lines below
    /// it are: its item would end elsewhere (`ItemBoundary`).
    case changesLinesBelow(line: Int)
    /// Deleting the task on this line (1-based) would change another task or a heading: the
    /// lines around it would read differently once they meet (`TaskDeletion`).
    case deletionChangesOtherLines(line: Int)
    /// Any edit that would change a task or heading on a line it does not touch (`EditCheck`).
    case changesOtherLines(line: Int)
    /// The file changed between the reads an edit of two files makes.
    case changedDuringEdit
    /// `note --clear`: the subtask on `line` (1-based) is nested in the note bullet on `note`.
    case subtaskInNote(line: Int, note: Int)
    /// A subtask or note would go inside the code fence or HTML block that opens on this line
    /// (1-based) in the task's notes and is still open where the task's block ends.
    case insideOpenBlock(line: Int)
    /// A number the last listing did not show (or showed past the `kept` entries it keeps),
    /// after lines moved or the file changed.
    case notListed(line: Int, kept: Int?)
    /// A number the last listing did not show, once another program changed the file.
    case notListedAfterOutsideChange(line: Int)
    /// A `LINE@FINGERPRINT` reference that several tasks alike answer to, with no listing to
    /// say which was printed.
    case aliked(String, line: Int, candidates: [(line: Int, text: String)])
    /// A number, when the file's listing cannot be read back from the state folder.
    case listingUnreadable(line: Int)
    /// The task the last listing showed on this line was removed (`reason`: by which command).
    case listedTaskGone(line: Int, text: String, reason: String)
    /// Another program changed the file and the listed task is not on its line any more.
    case listedTaskMoved(line: Int, text: String)
    /// A bare line number when the latest listing showed other files, or several.
    case otherFileListed(line: Int, files: [String])
    /// A line number for a file whose name was a link to `target` when it was listed ("": was
    /// a file of its own, and is a link now), and leads elsewhere now.
    case listedThroughLink(line: Int, target: String)
    /// A `LINE@FINGERPRINT` reference whose task is not on that line and not found once elsewhere.
    /// A `LINE@FINGERPRINT` that no task's block has: `onLine`, the text of the task on that
    /// line now, if one is there.
    case staleReference(String, onLine: String?)
    /// A range of lines (`3-7`) where the command takes one task.
    case rangeForOneTask(String)
    /// A range of lines (`3-7`) with no task on them (as the last listing showed them).
    case noTaskInRange(String)
    /// `7-3`: a range whose first line is after its last.
    case reversedRange(String)
    /// The text holds NUL bytes: no text file tick rewrites.
    case containsNUL
    /// The text holds an unresolved merge conflict opening on this line (1-based): an edit
    /// would write into the middle of two versions.
    case unresolvedConflict(line: Int)

    public static func == (lhs: EditError, rhs: EditError) -> Bool { lhs.message == rhs.message }

    public var message: String { message(listing: nil) }

    /// The message, its advice to list the file again naming `file` (as the shell takes it):
    /// a bare `tick list` would show the default file, not the one the edit was of.
    package func message(listing file: String?) -> String {
        func list(_ options: String = "") -> String { ["tick list", options, file ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }
        switch self {
        case .noSuchLine(let line, let count):
            if line < 1 { return "line \(line) is not a line number; lines are numbered from 1" }
            if line == Int.max { return "that line number is past the end of the file (\(count) line\(count == 1 ? "" : "s"))" }
            return "line \(line) is past the end of the file (\(count) line\(count == 1 ? "" : "s"))"
        case .rangeForOneTask(let range):
            let parts = range.split(separator: "-")
            return "'\(range)' names the lines from \(parts[0]) to \(parts[1]); this takes one task: name it by its line or text"
        case .reversedRange(let range):
            let parts = range.split(separator: "-")
            // `1-0` turned round is no range either.
            if parts[1].allSatisfy({ $0 == "0" }) { return "'\(range)' is no range: line numbers start at 1" }
            return "'\(range)' is a range written backwards; lines run from the lower number: \(parts[1])-\(parts[0])"
        case .noTaskInRange(let range):
            return "no task on lines \(range); '\(list("--all"))' shows task line numbers"
        case .notATask(let line):
            return "line \(line) is not a task; '\(list("--all"))' shows task line numbers"
        case .noMatch(let text):
            return "no task matches '\(text)'; '\(list("--all"))' shows every task"
        case .wordsAreOneReference(let text, let parts):
            let named = parts.map { "'\($0.text)'" }.spokenList("and")
            return "no task matches '\(text)': words next to each other are one reference; \(named) each name a task, so give their lines: "
                + parts.map { String($0.line) }.joined(separator: " ")
        case .subtaskInNote(let line, let note):
            return "the subtask on line \(line) is nested in the note on line \(note); without it the subtask would move, so nothing was cleared; clear the notes in an editor"
        case .emptyReference:
            return "an empty reference names no task; give a task's line number, a range such as 3-7, or words of its text"
        case .ambiguous(let text, let candidates):
            let shown = candidates.prefix(5).map { "\($0.line) \($0.text)" }.joined(separator: "; ")
            let more = candidates.count > 5 ? "; …" : ""
            return "'\(text)' matches \(candidates.count) tasks (\(shown)\(more)); use a line number"
        case .invalidDate(let text):
            if let reason = DateExpression.noDay(text) { return "'\(text)' is not a date: \(reason)" }
            return "'\(text)' is not a date" + (DateExpression.suggestion(for: text).map { " (did you mean '\($0)'?)" } ?? "")
                + "; use YYYY-MM-DD, today, tomorrow, a weekday, +3d, in 2 weeks, next week, dec 5 or end of month"
        case .invalidFieldDate(let text):
            if let reason = DateExpression.noDay(text) { return "'\(text)' is not a date: \(reason)" }
            return "'\(text)' is not a date; a field's date is one word: YYYY-MM-DD, today, tomorrow, a weekday, +3d, in-2-weeks, next-week, dec-5 or end-of-month"
        case .noSuchGroup(let name, let suggestions):
            return "no group '\(name)'" + GroupName.didYouMean(suggestions) + "; 'tick groups' lists them"
        case .closeToGroup(let name, let group):
            return "no group '\(name)'; did you mean '\(group)'? (add --create to make a new group '\(name)')"
        case .ambiguousGroup(let name, let candidates):
            let shown = candidates.map { "\($0.line) \($0.title)" }.joined(separator: "; ")
            return "'\(name)' names \(candidates.count) groups (\(shown)); use the full path, like 'Parent/Child', or the line of its heading, like '\(candidates.last?.line ?? 1)'"
        case .cannotMove(let reason):
            return reason
        case .invalidText(let reason):
            return reason
        case .unclosedIndentedBlock(let line):
            return "the file ends in an indented code fence or HTML block that is never closed (line \(line)), and a list added before it would take it in; close or unindent it first"
        case .changesLinesBelow(let line):
            return "the edit would change what the indented lines below line \(line) are (code would become a subtask, or a subtask code); edit those lines first"
        case .deletionChangesOtherLines(let line):
            return "deleting the task on line \(line) would change how the lines around it read (another task, a heading or a note would change); delete it in an editor"
        case .containsNUL:
            return "contains NUL bytes; tick edits text files only"
        case .unresolvedConflict(let line):
            return "line \(line) opens an unresolved merge conflict (<<<<<<< ... >>>>>>>); resolve it first (tick resolve, or in an editor)"
        case .changedDuringEdit:
            return "kept changing while tick edited it (another program is writing it); nothing written"
        case .changesOtherLines(let line):
            return "the edit would change how line \(line) reads (a task, heading or note there would change, appear or go), so nothing was written; make this change in an editor"
        case .insideOpenBlock(let line):
            return "the task's notes end in a code fence or HTML block that opens on line \(line) and is not closed, and a line added under the task would be part of it; close it first"
        case .notListed(let line, let kept):
            if kept == 0 {
                return "tick keeps whole the listings of the latest \(ListingArchive.fileLimit) files views showed, this file's is not among them, and the file has changed since, so line \(line) cannot be checked; run '\(list())' on it again, or name the task by its text"
            }
            if let kept {
                return "the last listing kept only its first \(kept) tasks and the file has changed since, so line \(line) cannot be checked; run '\(list())' again, or name the task by its text"
            }
            return "line \(line) was not in the last listing of this file, and lines have moved since; run '\(list())' again, or name the task by its text"
        case .listingUnreadable(let line):
            return "the last listing of this file cannot be read back from tick's state folder (damaged, removed, or not kept when it was made), so what line \(line) showed is not known; run '\(list())' again, or name the task by its text"
        case .notListedAfterOutsideChange(let line):
            return "line \(line) was not in the last listing of this file, and another program has changed the file since, so what was on that line then is not known; run '\(list())' again, or name the task by its text"
        case .listedTaskGone(let line, let text, let reason):
            return "the task the last listing showed on line \(line)\(text.isEmpty ? "" : " ('\(text)')") \(reason); run '\(list())' again"
        case .listedTaskMoved(let line, let text):
            return "the file changed since the last listing showed \(text.isEmpty ? "a task" : "'\(text)'") on line \(line) (another program edited it), and that task cannot be found with certainty; run '\(list())' again"
        case .otherFileListed(let line, let files):
            let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
            return "the last listing showed \(files.count == 1 ? "another file" : "\(files.count) files") (\(shown)), so line \(line) does not say which file; name it, as in \(files.first ?? "FILE"):\(line), or this file with -f, or list this file first"
        case .listedThroughLink(let line, let target):
            let then = target.isEmpty ? "was a file of its own when it was listed, and leads through a link now"
                : "led to \(target) through a link when it was listed, and leads to another file now (a save replaced the link, or a link was pointed elsewhere)"
            return "this name \(then), so line \(line) is not known to be this file's; list it again, or name the task by its text"
        case .aliked(let reference, _, let candidates):
            let lines = candidates.prefix(5).map { "\($0.line) '\($0.text)'" }.joined(separator: ", ")
            return "reference \(reference): \(candidates.count) tasks are alike but for their dates (\(lines)\(candidates.count > 5 ? ", …" : "")), and the listing that printed it does not say which; list the tasks again"
        case .staleReference(let reference, let onLine):
            // The fingerprint covers the task's group, its text but its due date, and its notes
            // and subtasks: a note added since changes it as much as a new text.
            let now = onLine.map { "the task on that line now ('\($0)') is not the one listed, or has changed since (its text, group, notes or subtasks)" }
                ?? "no task is on that line now"
            return "reference \(reference): \(now), and no other task is the one listed; list the tasks again"
        }
    }
}
