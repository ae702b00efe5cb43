extension Document {
    /// A task's notes: the non-blank lines of its block that are neither its text nor a
    /// subtask's, each without its indentation (and the quote markers the task sits in).
    /// Written by `tick note`, shown by `tick show` and `list --notes`, and in JSON.
    public func notes(of task: Task) -> [String] {
        guard task.lastLine > task.textLastLine else { return [] }
        var owned = Set<Int>()
        for child in subtasks(of: task) { owned.formUnion(child.line...child.lastLine) }
        var notes: [String] = []
        for line in (task.textLastLine + 1)...task.lastLine where !owned.contains(line) && kinds[line] != .blank {
            var content = content(ofLine: line)
            var quotes = task.quoteDepth
            while let first = content.first, Byte.isSpaceOrTab(first) || (first == 0x3E && quotes > 0) {
                if first == 0x3E { quotes -= 1 }
                content = content.dropFirst()
            }
            guard !content.isEmpty else { continue }
            notes.append(String(decoding: content, as: UTF8.self))
        }
        return notes
    }
}
