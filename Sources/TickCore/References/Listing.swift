/// What the latest listing of one file showed: for each line number it printed, which task was
/// there. tick's own edits carry the listing along (`mapped`), so a number keeps naming the task
/// it was shown for until the next listing; a number whose task is gone, or cannot be found with
/// certainty after another program changed the file, is refused (`resolve`).
public struct Listing: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The 1-based line number the listing printed.
        public var shown: Int32
        /// The task's 0-based line now; -1 once it is gone.
        public var line: Int32
        public var fingerprint: UInt64
        /// `TaskFingerprint.block`: what finds the task with certainty after another program
        /// changed the file.
        public var block: UInt64
        /// The start of the task's text, for messages.
        public var text: [UInt8]
        /// When gone: the command that removed it, or why it cannot be found.
        public var reason: [UInt8]
    }

    /// The hash of the file's bytes the entries describe (`ContentHash`).
    public var fileHash: UInt64
    /// Whether tick has inserted or deleted lines since the listing: a number it did not show
    /// no longer means the same line.
    public var shifted: Bool
    /// Whether the listing showed more tasks than it kept (`limit`).
    public var truncated: Bool
    /// Sorted by `shown`.
    public var entries: [Entry]

    /// At most this many entries are kept per file; numbers past them are refused once lines move.
    public static let limit = 20_000
    static let textLimit = 48

    public init(fileHash: UInt64, shifted: Bool = false, truncated: Bool = false, entries: [Entry]) {
        self.fileHash = fileHash
        self.shifted = shifted
        self.truncated = truncated
        self.entries = entries
    }

    /// The listing of `tasks` (indices into `document.tasks`) as a view printed them.
    public init(shown tasks: [Int], in document: Document) {
        let sorted = tasks.sorted()
        var entries: [Entry] = []
        entries.reserveCapacity(min(sorted.count, Self.limit))
        var previous = -1
        for index in sorted.prefix(Self.limit) where index != previous {
            previous = index
            let task = document.tasks[index]
            entries.append(Entry(shown: Int32(task.line + 1), line: Int32(task.line), fingerprint: TaskFingerprint.of(task),
                                 block: TaskFingerprint.block(task, in: document), text: Self.shortText(task), reason: []))
        }
        self.init(fileHash: ContentHash.of(document.bytes), truncated: sorted.count > Self.limit, entries: entries)
    }

    static func shortText(_ task: Task) -> [UInt8] {
        let text = task.textBytes
        guard text.count > textLimit else { return Array(text) }
        // Back up to the start of the character the cut would split.
        var end = textLimit
        while end > 0, text[text.startIndex + end] & 0xC0 == 0x80 { end -= 1 }
        return Array(text.prefix(end)) + Array("…".utf8)
    }

    /// The entry for a number the listing printed.
    public func entry(shown number: Int) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle].shown) < number { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && Int(entries[low].shown) == number ? entries[low] : nil
    }

    /// The listing after tick turned `before` into `after` with `splices` (nil: any rewrite,
    /// such as `fmt` or `undo`). `command` is what a message about a removed task names.
    public func mapped(before: Document, after: Document, splices: [Splice]?, by command: String) -> Listing {
        var result = self
        let beforeHash = ContentHash.of(before.bytes)
        if beforeHash != fileHash {
            // Another program changed the file since: entries whose task is not where it was
            // cannot be followed with certainty.
            result = verified(against: before, reason: "the file was changed by another program")
        }
        let correspondence = TaskCorrespondence(before: before, after: after, splices: splices)
        for number in result.entries.indices where result.entries[number].line >= 0 {
            let line = Int(result.entries[number].line)
            guard let index = TaskCorrespondence.task(atLine: line, in: before),
                  let partner = correspondence.partner(of: index) else {
                result.entries[number].line = -1
                result.entries[number].reason = Array("removed by '\(command)'".utf8)
                continue
            }
            let task = after.tasks[partner]
            if task.line != line { result.shifted = true }
            result.entries[number].line = Int32(task.line)
            result.entries[number].fingerprint = TaskFingerprint.of(task)
            result.entries[number].block = TaskFingerprint.block(task, in: after)
            result.entries[number].text = Self.shortText(task)
        }
        if before.lines.count != after.lines.count { result.shifted = true }
        result.fileHash = ContentHash.of(after.bytes)
        return result
    }

    /// Every entry found again after another program changed the file (`locate`), or gone for `reason`.
    func verified(against document: Document, reason: String) -> Listing {
        var result = self
        var blocks: [UInt64: [Int]]?
        for number in result.entries.indices where result.entries[number].line >= 0 {
            if let task = Self.locate(result.entries[number], in: document, blocks: &blocks) {
                result.entries[number].line = Int32(task.line)
            } else {
                result.entries[number].line = -1
                result.entries[number].reason = Array(reason.utf8)
            }
        }
        result.fileHash = ContentHash.of(document.bytes)
        return result
    }

    /// The listed task in a version another program wrote: the one task with the same block
    /// (group, text, notes and subtasks); none, or several alike, cannot be told with certainty.
    static func locate(_ entry: Entry, in document: Document, blocks: inout [UInt64: [Int]]?) -> Task? {
        if blocks == nil {
            var table: [UInt64: [Int]] = [:]
            for task in document.tasks { table[TaskFingerprint.block(task, in: document), default: []].append(task.index) }
            blocks = table
        }
        guard let found = blocks![entry.block], found.count == 1 else { return nil }
        return document.tasks[found[0]]
    }

    /// The task the listing showed on line `number`, checked against `document`; nil when the
    /// listing did not show that number and it still means the file's own line `number`.
    public func resolve(_ number: Int, in document: Document) throws(EditError) -> Task? {
        let current = ContentHash.of(document.bytes) == fileHash
        guard let entry = entry(shown: number) else {
            if shifted || (truncated && !current) { throw .notListed(line: number) }
            return nil
        }
        let text = String(decoding: entry.text, as: UTF8.self)
        guard entry.line >= 0 else {
            throw .listedTaskGone(line: number, text: text, reason: String(decoding: entry.reason, as: UTF8.self))
        }
        if current, let index = TaskCorrespondence.task(atLine: Int(entry.line), in: document),
           TaskFingerprint.of(document.tasks[index]) == entry.fingerprint {
            return document.tasks[index]
        }
        var blocks: [UInt64: [Int]]?
        if !current, let task = Self.locate(entry, in: document, blocks: &blocks) {
            return task
        }
        let now = document.tasks.filter { TaskFingerprint.of($0) == entry.fingerprint }
        throw .listedTaskMoved(line: number, text: text, now: now.count == 1 ? now[0].line + 1 : nil)
    }
}
