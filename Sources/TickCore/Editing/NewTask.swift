/// A task to add (`tick add`): its text, where it goes and the dates it gets, written in the
/// dialect the file's fields use.
package struct NewTask {
    /// Where the task goes: first or last in its group, or after or under a task.
    package enum Place {
        case top, bottom
        case after(Task), under(Task)
    }

    package var text: String
    package var place: Place
    /// The group (`GroupName`) it goes in with `top` and `bottom`; none: the file's default.
    package var group: String?
    /// A group the name matches none of is made, even when the name is close to one's.
    package var createsGroup: Bool
    package var important: Bool
    package var due: CivilDate?
    /// Whether the task records the day it was made: asked for, configured, or as the file's
    /// tasks do.
    package var recordsCreated: Bool
    /// The dialect of a file whose fields show none (`.tick.toml`'s), else the text's own.
    package var fallback: TaskField.Dialect?
    package var today: CivilDate

    package init(text: String, place: Place = .bottom, group: String? = nil, createsGroup: Bool = false, important: Bool = false,
                 due: CivilDate? = nil, recordsCreated: Bool = false, fallback: TaskField.Dialect? = nil, today: CivilDate) {
        self.text = text
        self.place = place
        self.group = group
        self.createsGroup = createsGroup
        self.important = important
        self.due = due
        self.recordsCreated = recordsCreated
        self.fallback = fallback
        self.today = today
    }

    /// The splices that add the task to `document`, and the group made for it, when its
    /// `group` named none: under the group its path leads to (`Work/Backend` under Work),
    /// else at the end of the file. A name close to a group's (case, a letter or two, the
    /// start of a title) is most likely a typo of it, and refused unless `createsGroup`.
    package func splices(in document: Document) throws(EditError) -> (splices: [Splice], newGroup: String?) {
        let typed = TaskFields(text)
        let usage = document.fieldUsage
        // One dialect for the line's dates, its due date's: a line of 📅 and [created:: …]
        // would end in a field Obsidian Tasks does not read, and hide its own from it.
        let dialect = usage.dialect(for: due == nil ? .created : .due, fallback: fallback ?? typed.dialect)
        var dates: [(TaskField.Kind, CivilDate)] = due.map { [(.due, $0)] } ?? []
        if typed.first(.created) == nil, recordsCreated || usage.records(.created) { dates.append((.created, today)) }
        let content = { (prefix: [UInt8]) in
            [TaskPlacement.taskContent(prefix: prefix, text: text, important: important, dates: dates, dialect: dialect)]
        }
        switch place {
        case .after(let task): return (try TaskPlacement.insert(at: .after(task), in: document, content: content), nil)
        case .under(let task): return (try TaskPlacement.insert(at: .under(task), in: document, content: content), nil)
        case .top, .bottom: break
        }
        var heading = TaskPlacement.defaultGroup(in: document)
        if let name = group {
            do throws(EditError) {
                heading = try Sections.resolve(name, in: document)
            } catch {
                guard case .noSuchGroup = error else { throw error }
                let missing = try GroupEdits.missingPath(GroupName(name), in: document)
                if !createsGroup, let close = GroupName(name).suggestion(in: [document]), GroupName(name).isLikelyTypo(of: close) {
                    throw .closeToGroup(name, group: close)
                }
                return (try GroupEdits.add(missing.titles, under: missing.parent, level: Sections.defaultLevel(in: document),
                                           body: content(Array("- ".utf8)), in: document), name)
            }
        }
        if case .top = place { return (try TaskPlacement.insert(at: .top(group: heading), in: document, content: content), nil) }
        return (try TaskPlacement.insert(at: .bottom(group: heading), in: document, content: content), nil)
    }

    /// `text` with each date field written as an ISO date (`due:fri` becomes `due:2026-11-27`,
    /// in the field's own dialect); an invalid date, or a due date given twice (in the text,
    /// and as `dueOption`), is refused.
    package static func normalizedDates(_ text: String, today: CivilDate, dueOption: String? = nil) throws(EditError) -> String {
        var bytes = Array(text.utf8)
        let fields = TaskFields(bytes[...]).fields
        if let option = dueOption, let inline = fields.first(where: { $0.kind == .due }) {
            throw .invalidText("two due dates: --due \(option) and '\(String(decoding: bytes[inline.range], as: UTF8.self))' in the text; give one")
        }
        if fields.count(where: { $0.kind == .due }) > 1 { throw .invalidText("the text has more than one due date; give one") }
        // From the last field back, so that earlier offsets stay true.
        for field in fields.reversed() where field.kind.isDate {
            let value = String(decoding: bytes[field.value], as: UTF8.self)
            if CivilDate(iso: value) != nil { continue }
            guard let date = DateExpression.parse(value, today: today) else { throw .invalidFieldDate(value) }
            bytes.replaceSubrange(field.value, with: Array(date.description.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
