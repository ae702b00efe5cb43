/// Finds the task a user means: a line number as `tick list` prints it, or text that matches
/// exactly one task (case-insensitive; an exact match wins over partial ones).
public enum TaskReference {
    /// Several references, in order, each task once.
    public static func resolve(_ references: [String], in document: Document) throws(EditError) -> [Task] {
        var tasks: [Task] = []
        for reference in references {
            let task = try resolve(reference, in: document)
            if !tasks.contains(where: { $0.index == task.index }) { tasks.append(task) }
        }
        return tasks
    }

    public static func resolve(_ reference: String, in document: Document) throws(EditError) -> Task {
        if !reference.isEmpty, reference.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(reference) {
            return try task(atLine: number, in: document)
        }
        let needle = reference.lowercased()
        let matches = document.tasks.filter { $0.text.lowercased().contains(needle) }
        if matches.count == 1 { return matches[0] }
        let exact = matches.filter { $0.text.lowercased() == needle }
        if exact.count == 1 { return exact[0] }
        if matches.isEmpty { throw .noMatch(reference) }
        throw .ambiguous(reference, candidates: matches.map { ($0.line + 1, $0.text) })
    }

    /// The task whose checkbox is on 1-based `line`, or whose wrapped text continues there.
    public static func task(atLine line: Int, in document: Document) throws(EditError) -> Task {
        guard line >= 1, line <= document.lines.count else {
            throw .noSuchLine(line, lineCount: document.lines.count)
        }
        let index = line - 1
        // Tasks are sorted by line: find the last one starting at or before `index`.
        var low = 0, high = document.tasks.count
        while low < high {
            let middle = (low + high) / 2
            if document.tasks[middle].line <= index { low = middle + 1 } else { high = middle }
        }
        if low > 0, document.tasks[low - 1].textLastLine >= index { return document.tasks[low - 1] }
        throw .notATask(line: line)
    }
}
