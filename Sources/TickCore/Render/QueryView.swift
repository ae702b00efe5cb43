/// What `tick query` prints of one query it ran (`TasksQuery.run`): its place and count, its
/// explanation, and its tasks, flat or under each group's names; or, in JSON, one object.
package enum QueryView {
    /// `location`: the block's place (`notes/week.md:12`); nil for a query given on the
    /// command line, which has no header line.
    package static func render(_ query: TasksQuery, _ result: TasksQuery.Result, location: String?, in sources: [SourceDocument],
                               today: CivilDate, style: TextStyle) -> String {
        var out = ""
        let items = result.items
        if let location {
            let shown = items.count - result.subtasks
            let count = shown == result.matched ? "\(shown)" : "\(shown) of \(result.matched)"
            out += style.bold(TerminalText.sanitized(location)) + style.dim("  \(count) task\(result.matched == 1 ? "" : "s")") + "\n"
        }
        if query.explains { out += style.dim(query.explanation) + "\n" }
        // Subtasks under their tasks (Dataview) keep file order; else the query's order.
        let order: TaskOrder = query.nestsSubtasks ? .file : .text
        guard !query.groups.isEmpty else {
            return out + ListView.render(items, in: sources, order: order, today: today, style: style, showsFiles: true)
        }
        // Each group's names from the first that differs from the group before, a level
        // indented by two, then its rows, under the innermost name.
        var previous: [String] = []
        for group in result.groups {
            let same = zip(previous, group.names).prefix { $0 == $1 }.count
            for level in same..<group.names.count {
                out += String(repeating: "  ", count: level) + style.bold(TerminalText.sanitized(group.names[level])) + "\n"
            }
            previous = group.names
            let rows = ListView.render(group.items.map { items[$0] }, in: sources, order: order, today: today, style: style, showsFiles: true)
            let indent = String(repeating: "  ", count: group.names.count - 1)
            for row in rows.split(separator: "\n") { out += indent + row + "\n" }
        }
        return out
    }

    /// The query as one JSON object: `query` (its place, or null), `matched`, `explain` when
    /// asked, `tasks` in the list schema, `context` (the places in `tasks` of the subtasks a
    /// Dataview query shows under its tasks without matching them), and `groups` (each one's
    /// names, outermost first, and its tasks as places in `tasks`) when it groups.
    package static func json(_ query: TasksQuery, _ result: TasksQuery.Result, location: String?, in sources: [SourceDocument],
                             today: CivilDate, to json: inout JSONWriter) {
        json.beginObject()
        json.key("query"); json.optionalString(location)
        json.key("matched"); json.int(result.matched)
        if query.explains { json.key("explain"); json.string(query.explanation) }
        json.key("tasks")
        json.beginArray()
        let (files, order) = ListView.rows(result.items, in: sources, options: ListRows.Options(order: .file, today: today, style: .plain, json: true))
        for row in order { files[row.file].writeJSON(row: row.row, to: &json) }
        json.endArray()
        if query.nestsSubtasks {
            // The subtasks shown under a task that the query did not match themselves.
            json.key("context"); json.beginArray(); for place in result.context { json.int(place) }; json.endArray()
        }
        if !query.groups.isEmpty {
            json.key("groups")
            json.beginArray()
            for group in result.groups {
                json.beginObject()
                json.key("names"); json.beginArray(); for name in group.names { json.string(name) }; json.endArray()
                json.key("tasks"); json.beginArray(); for place in group.items { json.int(place) }; json.endArray()
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }

    /// A query not run, as one JSON object: its place and the lines that stopped it (a query
    /// read in part would show other tasks than its author asked for).
    package static func json(problems: [TasksQuery.Problem], location: String?, to json: inout JSONWriter) {
        json.beginObject()
        json.key("query"); json.optionalString(location)
        json.key("problems")
        json.beginArray()
        for problem in problems {
            json.beginObject()
            json.key("line"); json.int(problem.line)
            json.key("instruction"); json.string(problem.instruction)
            json.key("message"); json.string(problem.message)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
