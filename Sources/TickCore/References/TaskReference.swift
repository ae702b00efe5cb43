/// Finds the task a user means:
/// - a line number as a listing printed it: through that listing (`Listing`), which tick's
///   edits carry along, so the number names the task that was shown even after lines moved;
///   without a listing, the file's own line;
/// - `LINE@FINGERPRINT` as `--json` prints it (`ref`): the task on that line if it still has
///   that text, else the one task that does;
/// - text that matches exactly one task (case-insensitive; an exact match wins over partial ones).
public struct TaskReference: Sendable {
    public let document: Document
    public let listing: Listing?

    public init(document: Document, listing: Listing? = nil) {
        self.document = document
        self.listing = listing
    }

    /// Several references, in order, each task once.
    public func resolve(_ references: [String]) throws(EditError) -> [Task] {
        var tasks: [Task] = []
        for reference in references {
            let task = try resolve(reference)
            if !tasks.contains(where: { $0.index == task.index }) { tasks.append(task) }
        }
        return tasks
    }

    public func resolve(_ reference: String) throws(EditError) -> Task {
        if let number = Self.number(reference) {
            if let listing, let task = try listing.resolve(number, in: document) { return task }
            return try Self.task(atLine: number, in: document)
        }
        if let (number, fingerprint) = Self.fingerprinted(reference) {
            let onLine = TaskCorrespondence.task(atLine: number - 1, in: document).map { document.tasks[$0] }
            if let task = onLine, TaskFingerprint.short(task) == fingerprint { return task }
            let found = document.tasks.filter { TaskFingerprint.short($0) == fingerprint }
            if found.count == 1 { return found[0] }
            throw .staleReference(reference, candidates: found.count)
        }
        let needle = reference.lowercased()
        let matches = document.tasks.filter { $0.text.lowercased().contains(needle) }
        if matches.count == 1 { return matches[0] }
        let exact = matches.filter { $0.text.lowercased() == needle }
        if exact.count == 1 { return exact[0] }
        if matches.isEmpty { throw .noMatch(reference) }
        throw .ambiguous(reference, candidates: matches.map { ($0.line + 1, $0.text) })
    }

    /// `12`: a line number.
    public static func number(_ reference: String) -> Int? {
        guard !reference.isEmpty, reference.utf8.count <= 10, reference.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(reference)
    }

    /// `12@3fa9c2d1`: a line number and the first 8 hex digits of the task's fingerprint.
    public static func fingerprinted(_ reference: String) -> (Int, String)? {
        let parts = reference.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = number(String(parts[0])), parts[1].utf8.count == 8,
              parts[1].utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return (number, String(parts[1]))
    }

    /// Whether a reference is a line number in either form (and so may follow `FILE:`).
    public static func isLineReference(_ reference: String) -> Bool {
        number(reference) != nil || fingerprinted(reference) != nil
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
