/// Checks of a task's fields, in every dialect: dates that are not dates, a field given twice,
/// an Obsidian field Obsidian Tasks will not read, and recurrences that cannot repeat.
enum FieldChecks {
    /// `rules`: each rule text read so far in the file, and what it reads as (nil: unreadable).
    /// A file repeats a few rules on many tasks; reading one is string work.
    /// Returns whether Obsidian Tasks reads any of the task's emoji fields; the first field it
    /// does not read goes to `unreadObsidian`, a finding made only in a file that uses Obsidian
    /// Tasks (one where some field is read): elsewhere an emoji is just text.
    static func run(_ task: Task, in document: Document, _ findings: inout LintFindings, rules: inout [String: Recurrence?],
                    unreadObsidian: inout [Diagnostic]) -> Bool {
        // Most tasks hold no field, as the parse saw: their text is not read again.
        guard !task.fieldKinds.isEmpty else { return false }
        let text = document.textBytes(of: task)
        let fields = document.fields(of: task)
        func report(_ rule: LintRule, _ field: TaskField, _ message: String) {
            findings.items.append(finding(rule, field, of: task, findings, message))
        }
        func written(_ field: TaskField) -> String {
            String(decoding: text[(text.startIndex + field.range.lowerBound)..<(text.startIndex + field.range.upperBound)], as: UTF8.self)
        }
        // The kinds seen so far, as bits: no dictionary per task (lint reads every task).
        var seen: UInt16 = 0
        for (index, field) in fields.fields.enumerated() {
            let value = text[(text.startIndex + field.value.lowerBound)..<(text.startIndex + field.value.upperBound)]
            if field.kind.isDate, CivilDate(isoBytes: value) == nil {
                report(.invalidDate, field, "'\(written(field))' is not a date; " + (CivilDate.noDay(isoBytes: value) ?? "use YYYY-MM-DD"))
            }
            let bit = field.kind.bit
            if seen & bit != 0, let first = fields.fields[..<index].first(where: { $0.kind == field.kind }) {
                report(.duplicateField, field,
                       "'\(written(field))' gives the \(field.kind.title) again; tick reads the first, '\(written(first))'")
            }
            seen |= bit
        }
        // A date marker before a wiki link (`🛫[[2024-08-30]]`, as Obsidian Kanban writes)
        // reads as no date to Obsidian Tasks or tick, in any file: a warning (a board that
        // links its dates is not broken, but its tasks have no dates to a query).
        func isDateLink(_ field: TaskField) -> Bool {
            field.kind.isDate && text[(text.startIndex + field.value.lowerBound)...].starts(with: [Byte.leftBracket, Byte.leftBracket])
        }
        for field in fields.unread where isDateLink(field) {
            report(.unreadField, field, "'\(written(field))' is a link, not a date: Obsidian Tasks and tick read a date written YYYY-MM-DD")
        }
        let readsObsidian = fields.fields.contains { $0.dialect == .obsidian }
        if let unread = fields.unread.first(where: { !isDateLink($0) }) {
            unreadObsidian.append(finding(.unreadField, unread, of: task, findings,
                                          "'\(written(unread))' is not read: Obsidian Tasks and tick read these fields only at the end of a task's text, and text follows it"))
        }
        if let action = fields.first(.onCompletion), !OnCompletion.isKnown(TaskFields.value(action, in: text)) {
            report(.invalidOnCompletion, action,
                   "'\(written(action))' is not an action Obsidian Tasks or tick knows, so the task is kept when done; write 'delete' or 'keep'")
        }
        if let rule = fields.first(.recurrence) {
            let value = TaskFields.value(rule, in: text)
            let key = rule.dialect.rawValue + ":" + value
            if rules[key] == nil { rules[key] = .some(Recurrence(value, dialect: rule.dialect)) }
            if let recurrence = rules[key]! {
                // A closed task repeats no more: its rule is a record (tick writes one when done).
                if !recurrence.whenDone, !task.isClosed, fields.first(.due) == nil, fields.first(.scheduled) == nil, fields.first(.start) == nil {
                    report(.recurrenceWithoutDate, rule,
                           "'\(written(rule))' has no due, scheduled or start date to repeat from")
                }
            } else {
                report(.invalidRecurrence, rule,
                       "tick cannot read the rule '\(value)'; write it as 'every week', 'every 2 days', 'every month on the 1st' or rec:1w")
            }
        }
        return readsObsidian
    }

    /// A finding about a field, placed where the field is in the file: on the line of the text
    /// it is on (a wrapped task's field may be on a later line), else at the start of the
    /// task's text; it ends just past the field when the field ends on that line. Findings
    /// are rare: kept out of the loop over every task's fields.
    @inline(never)
    private static func finding(_ rule: LintRule, _ field: TaskField, of task: Task, _ findings: LintFindings, _ message: String) -> Diagnostic {
        let document = findings.document
        let at = document.filePlace(ofTextOffset: field.range.lowerBound, of: task) ?? (task.line, task.textStart)
        var end: Int?
        if field.range.upperBound > field.range.lowerBound,
           let last = document.filePlace(ofTextOffset: field.range.upperBound - 1, of: task), last.line == at.line {
            end = last.offset + 1
        }
        return findings.finding(rule, line: at.line, offset: at.offset, end: end, message)
    }
}
