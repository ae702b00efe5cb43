/// A task's history through the versions of its file (`tick show --history`): the commits
/// that added or changed it, newest first, each with what it did.
package enum TaskHistory {
    /// A commit as the history names it.
    package struct Commit: Sendable {
        package let short: String
        package let date: String
        package let author: String

        package init(short: String, date: String, author: String) {
            self.short = short
            self.date = date
            self.author = author
        }
    }

    /// One step: the commit that changed the task (nil: the working tree, not committed
    /// yet) and what it did.
    package struct Step: Sendable {
        package let commit: Commit?
        package let kinds: [TaskChange.Kind]
    }

    /// The steps of task `index` of `document` (the file as it is now) through `commits`,
    /// newest first, each older version read when it is needed (`version(n)`: the file as
    /// commit `n` left it, empty when it did not exist), until the one that added the task.
    package static func steps<Failure: Error>(of index: Int, in document: Document, commits: [Commit],
                                              version: (Int) throws(Failure) -> Document) throws(Failure) -> [Step] {
        var steps: [Step] = []
        var newer = document, task = index
        var newerCommit: Commit?
        for (position, commit) in commits.enumerated() {
            let older = try version(position)
            let matching = TaskMatching(old: older, new: newer, pairingSimilarWords: true)
            guard let origin = matching.old(of: task) else {
                steps.append(Step(commit: newerCommit, kinds: [.added]))
                return steps
            }
            let kinds = TaskChanges.kinds(from: older.tasks[origin], in: older, to: newer.tasks[task], in: newer)
            if !kinds.isEmpty { steps.append(Step(commit: newerCommit, kinds: kinds)) }
            (newer, task, newerCommit) = (older, origin, commit)
        }
        // There since the first commit of the file.
        if let newerCommit { steps.append(Step(commit: newerCommit, kinds: [.added])) }
        return steps
    }

    /// `History` and a line per step: its date, commit and author (dimmed), and what it did.
    package static func render(_ steps: [Step], style: TextStyle, into out: inout TextBuffer) {
        out.append("History\n")
        for step in steps {
            out.append("  ")
            out.appendStyled(style, .dim) { out in
                out.appendSanitized(step.commit.map { "\($0.date)  \($0.short)  \($0.author)" } ?? "not committed")
            }
            out.append("  " + step.kinds.map(\.rawValue).joined(separator: ", ") + "\n")
        }
    }

    /// `"history": [{"commit", "date", "author", "changes"}]`, nulls for the working tree.
    package static func json(_ steps: [Step], to json: inout JSONWriter) {
        json.key("history")
        json.beginArray()
        for step in steps {
            json.beginObject()
            json.key("commit"); json.optionalString(step.commit?.short)
            json.key("date"); json.optionalString(step.commit?.date)
            json.key("author"); json.optionalString(step.commit?.author)
            json.key("changes")
            json.beginArray()
            for kind in step.kinds { json.string(kind.rawValue) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }
}
