/// The task a recurring task becomes when it is done: the same lines of text (a wrapped task's
/// too), open, its dates moved to the next occurrence wherever they are written, without its
/// done and cancelled dates, and without the block link (`^id`) that names the done one.
///
/// As Obsidian Tasks does it: the rule applies to the task's due date, else its scheduled date,
/// else its start date (or, for a rule `when done`, to the day it is done), and every other date
/// moves by as many days as that one did; a created date becomes today. A task with none of
/// those dates repeats from the day it is done, and the new task is due on its next date.
package enum NextOccurrence {
    package enum Outcome: Equatable, Sendable {
        /// The new task's lines: its first line, and the lines its text wraps onto, as written.
        case lines([[UInt8]])
        /// The task recurs but tick cannot say when (why, for a note).
        case unknown(String)
    }

    /// Nil when the task does not recur.
    package static func of(_ task: Task, in document: Document, today: CivilDate, dialect: TaskField.Dialect) -> Outcome? {
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        guard let field = fields.first(.recurrence) else { return nil }
        let written = TaskFields.value(field, in: text)
        guard let rule = Recurrence(written, dialect: field.dialect) else { return .unknown("tick cannot read the rule '\(written)'") }
        let reference = fields.recurrenceReference(in: text)
        // A task with no date repeats from the day it is done, and its next occurrence gets
        // a due date (as topydo does): a copy with no date would be the same task twice.
        let base = rule.whenDone || reference == nil ? today : reference!.1
        guard let next = rule.next(after: base) else { return .unknown("its next date is past the calendar") }
        var lines = TaskLines(task, in: document)
        if let open = try? TaskEdits.setStatus(task, to: .open, in: document).first, open.lines == task.line..<(task.line + 1) {
            lines.replaceFirst(with: open.replacement[0])
        }
        let shift = reference.map { $0.1.days(until: next) } ?? 0
        do throws(EditError) {
            for kind in [TaskField.Kind.due, .scheduled, .start] {
                guard let date = fields.date(kind, in: text) else { continue }
                let moved = date.adding(days: shift) ?? next
                try lines.set(kind, to: Array(moved.description.utf8), dialect: dialect)
            }
            if reference == nil { try lines.set(.due, to: Array(next.description.utf8), dialect: field.dialect) }
            if fields.first(.created) != nil { try lines.set(.created, to: Array(today.description.utf8), dialect: dialect) }
            try lines.set(.done, to: nil, dialect: dialect)
            try lines.set(.cancelled, to: nil, dialect: dialect)
        } catch {
            return .unknown("its next dates would not read back from its text")
        }
        // Obsidian's name for the line stays with the task it names.
        lines.removeBlockLinks()
        return .lines(lines.written)
    }
}
