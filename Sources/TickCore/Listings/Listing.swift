/// What the latest listing of one file showed: for each line number it printed, which task was
/// there. tick's own edits carry the listing along (`mapped`), so a number keeps naming the task
/// it was shown for until the next listing; a number whose task is gone, or cannot be found with
/// certainty after another program changed the file, is refused (`resolve`).
///
/// Each journal operation keeps the listing its file had before it (`JournalOperation.FileChange`):
/// an undo that puts the file back as it was, with the listing as the operation left it
/// (`operation`), puts that listing back too, rather than working it out again.
package struct Listing: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        /// The 1-based line number the listing printed.
        package var shown: Int32
        /// The task's 0-based line now; -1 once it is gone.
        package var line: Int32
        package var fingerprint: UInt64
        /// `TaskFingerprint.block`: what finds the task after another program changed the file.
        package var block: UInt64
        /// Its block when listed: what a `--json` reference (`LINE@FINGERPRINT`) names.
        package var listedBlock: UInt64
        /// Whether no other task had the same block when the file was last known: only then
        /// can the block find it with certainty.
        package var unique: Bool
        /// The start of the task's text, for messages.
        package var text: [UInt8]
        /// When gone: why, as the end of a sentence about the task ("is gone: removed by …").
        package var reason: [UInt8]
        /// Whether a tick edit removed the task (`refuse(_:removedByEdit:)`): an undo of that
        /// edit may bring it back, to be found again by its block.
        package var removedByEdit = false

        package init(shown: Int32, line: Int32, fingerprint: UInt64, block: UInt64, listedBlock: UInt64, unique: Bool,
                    text: [UInt8], reason: [UInt8] = []) {
            self.shown = shown
            self.line = line
            self.fingerprint = fingerprint
            self.block = block
            self.listedBlock = listedBlock
            self.unique = unique
            self.text = text
            self.reason = reason
        }

        /// The entry refused from now on, for `reason`.
        mutating func refuse(_ reason: String, removedByEdit: Bool = false) {
            line = -1
            self.reason = Array(reason.utf8)
            self.removedByEdit = removedByEdit
        }
    }

    /// The version of the file the entries describe (`ContentDigest.version`).
    package var fileHash: UInt64
    /// Whether lines have moved since the listing (tick inserted or deleted some, or another
    /// program changed the file before one of tick's edits): a number it did not show no
    /// longer means the same line.
    package var shifted: Bool
    /// Whether the listing showed more tasks than it kept (`limit`).
    package var truncated: Bool
    /// Whether the entries hold their tasks' fingerprints, blocks and texts. A listing of more
    /// than `detailLimit` tasks keeps only the lines it showed (`namesLinesOnly`) through
    /// tick's edits that leave every line in place (`carries`), and works the rest out from
    /// the file at the first edit that moves lines (`detailing`); if another program changes
    /// the file first, its numbers are refused.
    package var detailed: Bool
    /// Sorted by `shown`.
    package var entries: [Entry]
    /// The journal operation (its name) that last changed the listing, carrying it over its
    /// write and naming the rows it printed; empty when a view or anything else did.
    package var operation: [UInt8] = []
    /// The journal operation whose undo put this listing back (`stepped`), while nothing else
    /// changed it since: a redo of that operation then gives back the listing it had left.
    package var restoredBy: [UInt8] = []

    /// At most this many entries are kept per file; numbers past them are refused once lines move.
    package static let limit = 5_000
    /// Listings of at most this many tasks are detailed when recorded.
    package static let detailLimit = 2_000
    static let textLimit = 48

    package init(fileHash: UInt64, shifted: Bool = false, truncated: Bool = false, detailed: Bool = true, entries: [Entry]) {
        self.fileHash = fileHash
        self.shifted = shifted
        self.truncated = truncated
        self.detailed = detailed
        self.entries = entries
    }

    /// The listing of `tasks` (indices into `document.tasks`) as a view printed them.
    package init(shown tasks: [Int], in document: Document, detailLimit: Int = Listing.detailLimit) {
        let sorted = tasks.sorted()
        var lines: [Int32] = []
        lines.reserveCapacity(min(sorted.count, Self.limit))
        var previous = -1
        for index in sorted.prefix(Self.limit) where index != previous {
            previous = index
            lines.append(Int32(document.tasks[index].line))
        }
        self.init(shownLines: lines, truncated: sorted.count > Self.limit, fileHash: ContentDigest.version(of: document.bytes))
        if entries.count <= detailLimit { self = detailing(document) }
    }

    /// The listing of a view that showed the tasks on `lines` (0-based, ascending, at most
    /// `limit`; `truncated`: it showed more) of the file whose bytes hash to `fileHash`, not
    /// detailed.
    private init(shownLines lines: [Int32], truncated: Bool, fileHash: UInt64) {
        let entries = lines.map { Entry(shown: $0 + 1, line: $0, fingerprint: 0, block: 0, listedBlock: 0, unique: false, text: []) }
        self.init(fileHash: fileHash, truncated: truncated, detailed: false, entries: entries)
    }

    /// The listing with every entry's fingerprint, block and text, worked out from `document`
    /// if it is the version listed; else as it is.
    package func detailing(_ document: Document) -> Listing {
        detailing(document, current: ContentDigest.version(of: document.bytes) == fileHash)
    }

    /// `detailing`, with whether `document` is the version listed already known. A stretch of
    /// the file (`Document.stretch`) does not detail it: a block's uniqueness is the whole file's.
    func detailing(_ document: Document, current: Bool) -> Listing {
        guard !detailed, current, document.stretch == nil else { return self }
        var result = self
        var blocks = GroupBlocks(document)
        for number in result.entries.indices where result.entries[number].line >= 0 {
            guard let index = TaskCorrespondence.task(atLine: Int(result.entries[number].line), in: document) else { continue }
            let task = document.tasks[index]
            let block = blocks.signature(index)
            result.entries[number].fingerprint = TaskFingerprint.of(task, in: document)
            result.entries[number].block = block
            result.entries[number].listedBlock = block
            result.entries[number].unique = blocks.isUnique(index)
            result.entries[number].text = Self.shortText(task, in: document)
        }
        result.detailed = true
        return result
    }

    /// The listing of a file whose record in the state folder cannot be read (damaged, or
    /// removed): what its numbers meant is not known, so every number is refused, never
    /// taken for the file's own line. Not kept: the next view or edit records a listing anew.
    package static let unreadable: Listing = {
        var listing = Listing(fileHash: 0, shifted: true, truncated: true, detailed: true, entries: [])
        listing.isUnreadable = true
        return listing
    }()

    /// Whether this is `unreadable`.
    package private(set) var isUnreadable = false

    /// What a view keeps of a file it showed past the newest `ListingArchive.fileLimit` (the
    /// files whose listings it keeps whole): no entries, so that a number means the file's own
    /// line while the file is as it was listed (`fileHash`), and is refused once it changed.
    package static func stub(fileHash: UInt64) -> Listing {
        Listing(fileHash: fileHash, truncated: true, detailed: true, entries: [])
    }

    /// A listing that keeps only what a number needs to be refused: that lines moved, or that
    /// the file changed since (when the listing is dropped to make room for others).
    package var withoutEntries: Listing {
        Listing(fileHash: fileHash, shifted: shifted || !entries.isEmpty, truncated: true, detailed: true, entries: [])
    }

    static func shortText(_ task: Task, in document: Document) -> [UInt8] {
        let text = document.textBytes(of: task)
        guard text.count > textLimit else { return Array(text) }
        // Back up to the start of the character the cut would split.
        var end = textLimit
        while end > 0, text[text.startIndex + end] & 0xC0 == 0x80 { end -= 1 }
        return Array(text.prefix(end)) + Array("…".utf8)
    }

    /// The entry for a number the listing printed.
    package func entry(shown number: Int) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle].shown) < number { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && Int(entries[low].shown) == number ? entries[low] : nil
    }

    /// Whether every number means the file's own line while the file is the version listed:
    /// the entries hold lines only (not `detailed`) and lines have not moved (not `shifted`).
    package var namesLinesOnly: Bool { !detailed && !shifted && !isUnreadable }

    /// Whether tick's change of `before` into `after` (by `splices`, nil: a rewrite) carries
    /// this listing along by naming the new version only: the listing names lines only (not
    /// `detailed`: nothing in it was read from the file's other tasks), they have not moved
    /// since it was made (not `shifted`), `before` is the version listed (`current`), and
    /// every task is on its line after the change as before, and no other (a status, a star, a
    /// date, new words; an undo of one; not a move, which swaps tasks between lines). Then
    /// every number means what it meant. (An edit reads this on its windows instead:
    /// `keepsTaskLines(_:)`.)
    func carries(before: Document, after: Document, splices: [Splice]?, current: Bool) -> Bool {
        namesLinesOnly && current && Self.keepsTaskLines(before: before, after: after, splices: splices)
    }

    /// Whether every task of `before` is on its line in `after` (made by `splices`, nil: a
    /// rewrite), and no other task is.
    static func keepsTaskLines(before: Document, after: Document, splices: [Splice]?) -> Bool {
        guard before.lines.count == after.lines.count, before.tasks.count == after.tasks.count else { return false }
        let correspondence = TaskCorrespondence(before: before, after: after, splices: splices)
        return correspondence.unpartnered.isEmpty && before.tasks.allSatisfy { task in
            correspondence.partner(of: task.index).map { after.tasks[$0].line == task.line } ?? false
        }
    }

    /// `keepsTaskLines` for an edit read in `window`: read from the window's two parses, since
    /// the lines outside it read the same (the edit's check), without the edited file put
    /// together whole.
    package static func keepsTaskLines(_ window: EditWindow, splices: [Splice]) -> Bool {
        let local = splices.map {
            Splice(lines: ($0.lines.lowerBound - window.firstLine)..<($0.lines.upperBound - window.firstLine), replacement: $0.replacement)
        }
        return keepsTaskLines(before: window.before, after: window.after, splices: local)
    }

    /// This listing carried over a change tick wrote (`splices` nil: a rewrite) in the journal
    /// operation `operation`: when the change keeps every task on its line (`keepsTaskLines`)
    /// and the listing names lines only of the version read, by naming the new version, with
    /// neither version parsed; else task by task (`mapped`) over the two versions `documents`
    /// gives.
    package func carried(over splices: [Splice]?, by command: String, operation: [UInt8], versions: (before: UInt64, after: UInt64)?,
                        keepsTaskLines: Bool, documents: () -> (before: Document, after: Document)) -> Listing {
        var result: Listing
        if keepsTaskLines, let versions, namesLinesOnly, fileHash == versions.before {
            result = self
            result.fileHash = versions.after
        } else {
            let (before, after) = documents()
            result = mapped(before: before, after: after, splices: splices, by: command, versions: versions)
        }
        result.operation = operation
        result.restoredBy = []
        return result
    }

    /// This listing after an undo (or a redo) of the journal operation `operation` wrote the
    /// file back (or forward).
    ///
    /// An undo, while the listing is as the operation left it (`self.operation`), gives back
    /// the listing the file had before the operation (`kept`: `JournalOperation.FileChange.listing`),
    /// every number it gave naming its task again; when the undo kept other changes, the file
    /// is not the version listed, and each task is found as after another program's change
    /// (`resolve`). A redo, while the listing is as that undo left it (`restoredBy`), gives
    /// back the listing the operation had left (`kept`, which the undo replaced): the numbers
    /// its rows took are refused again.
    ///
    /// Else the listing is carried over the two versions `documents` gives, as over any
    /// rewrite: a number whose task the step took away is refused, and one whose task an undo
    /// brought back names it again when its block finds it with certainty. A listing carried
    /// so is no operation's: a later undo carries it too.
    package func stepped(undo: Bool, operation: [UInt8], kept: Listing?,
                         documents: () -> (before: Document, after: Document)) -> Listing {
        if let kept, !operation.isEmpty {
            if undo, self.operation == operation {
                var restored = kept
                restored.restoredBy = operation
                return restored
            }
            if !undo, restoredBy == operation { return kept }
        }
        let (before, after) = documents()
        var result = mapped(before: before, after: after, splices: nil, by: undo ? "tick undo" : "tick redo")
        // No longer as the operation left it: an undo after a redo carries it too, never
        // giving back a listing older than one the user has seen since.
        result.operation = []
        result.restoredBy = []
        if undo { result.findRemoved(in: after) }
        return result
    }

    /// Entries whose tasks a tick edit removed (`Entry.removedByEdit`), found again in `document`
    /// by their blocks, when one task there has the block and reads as the task did: an undo
    /// of the edit, among later ones, brought it back.
    private mutating func findRemoved(in document: Document) {
        var blocks: BlockTable?, groups: GroupBlocks?
        for number in entries.indices where entries[number].removedByEdit {
            var entry = entries[number]
            entry.unique = true
            guard let task = Self.locate(entry, in: document, blocks: &blocks), TaskFingerprint.of(task, in: document) == entry.fingerprint else { continue }
            if groups == nil { groups = GroupBlocks(document) }
            entry.line = Int32(task.line)
            entry.reason = []
            entry.removedByEdit = false
            entry.unique = groups!.isUnique(task.index)
            entries[number] = entry
        }
    }

    /// The listing after tick turned `before` into `after` with `splices` (nil: any rewrite,
    /// such as `fmt` or `undo`). `command` is what a message about a removed task names.
    /// A change the listing `carries` only names the new version: a listing of a long view
    /// stays one of lines.
    /// `versions`: the two versions' `ContentDigest.version`, when worked out already.
    /// A task it took away stays refused, an undo's (`tick undo` that puts the listing back
    /// instead, when it can, is the journal's).
    package func mapped(before: Document, after: Document, splices: [Splice]?, by command: String,
                       versions: (before: UInt64, after: UInt64)? = nil) -> Listing {
        let beforeHash = versions?.before ?? ContentDigest.version(of: before.bytes)
        if carries(before: before, after: after, splices: splices, current: beforeHash == fileHash) {
            var result = self
            result.fileHash = versions?.after ?? ContentDigest.version(of: after.bytes)
            return result
        }
        var result = detailing(before)
        if beforeHash != fileHash {
            // Another program changed the file since: entries whose task cannot be found with
            // certainty are gone.
            result = verified(against: before)
            // What was on the lines it did not show is not known any more.
            result.shifted = true
        }
        let afterHash = versions?.after ?? ContentDigest.version(of: after.bytes)
        let correspondence = TaskCorrespondence(before: before, after: after, splices: splices)
        var blocks = GroupBlocks(after)
        for number in result.entries.indices where result.entries[number].line >= 0 {
            var entry = result.entries[number]
            guard let partner = TaskCorrespondence.task(atLine: Int(entry.line), in: before).flatMap({ correspondence.partner(of: $0) }) else {
                entry.refuse("is gone: removed by '\(command)'", removedByEdit: true)
                result.entries[number] = entry
                continue
            }
            let task = after.tasks[partner]
            entry.line = Int32(task.line)
            entry.fingerprint = TaskFingerprint.of(task, in: after)
            let block = blocks.signature(partner)
            if block != entry.block {
                // Its block changed (words, notes, group): is it still the only one like it?
                entry.block = block
                entry.unique = blocks.isUnique(partner)
            }
            entry.text = Self.shortText(task, in: after)
            result.entries[number] = entry
        }
        // A task the edit wrote that is just like a listed one makes that one no longer unique.
        let written = correspondence.unpartnered
        if !written.isEmpty {
            var byBlock: [UInt64: [Int]] = [:]
            for number in result.entries.indices where result.entries[number].line >= 0 && result.entries[number].unique {
                byBlock[result.entries[number].block, default: []].append(number)
            }
            for index in written {
                for number in byBlock[blocks.signature(index)] ?? [] {
                    result.entries[number].unique = false
                }
            }
        }
        if before.lines.count != after.lines.count { result.shifted = true }
        // A task of the file, listed or not, on another line than before (a move swaps two
        // blocks and keeps the line count): a number the listing did not show may now name
        // another task.
        if !result.shifted, before.tasks.count != after.tasks.count || before.tasks.contains(where: { task in
            correspondence.partner(of: task.index).map { after.tasks[$0].line } != task.line
        }) {
            result.shifted = true
        }
        result.fileHash = afterHash
        return result
    }

    /// The listing after `command` printed the tasks on `lines` (1-based) of `document`, the
    /// file as it left it. A number the listing did not show names the printed task from now
    /// on; one it showed for another task is refused until the next listing (which of the two
    /// the user means cannot be known).
    /// A file another program changed since the listing is read again first (`verified`), as
    /// an edit's does: its printed numbers are as current as the rows an edit prints.
    ///
    /// `operation`: the journal operation whose edit printed the rows (`operation`); none for
    /// a command that changed nothing (`show`).
    /// `version`: `document`'s `ContentDigest.version`, when worked out already.
    package func showing(_ lines: [Int], in document: Document, by command: String, operation: [UInt8] = [], version: UInt64? = nil) -> Listing {
        guard !lines.isEmpty else { return self }
        let current = (version ?? ContentDigest.version(of: document.bytes)) == fileHash
        // A listing whose numbers are the file's lines (`namesLinesOnly`) stays so: a printed
        // number is kept as a line (detailed, as every entry is, when an edit moves lines).
        let linesOnly = namesLinesOnly && current
        var result = linesOnly ? self : detailing(document, current: current)
        result.operation = operation
        result.restoredBy = []
        if !current {
            result = verified(against: document)
            // What was on the lines it did not show is not known any more.
            result.shifted = true
        }
        var blocks = linesOnly ? nil : GroupBlocks(document)
        // A listing keeps at most `limit` entries (more would not be read back). The numbers
        // just printed are the ones the user will type: room is made for them by dropping
        // entries of numbers already refused (their tasks gone), then the highest numbers
        // listed. A dropped number is refused as one past the limit is, never taken for
        // another task (`truncated`).
        let printed = Set(lines)
        // A listing that kept fewer entries than it showed (`truncated`) showed the numbers
        // past its last entry too, for tasks it did not keep: once lines have moved, a number
        // printed there may be one it showed for another task (as below), and is refused.
        let keptUpTo = truncated ? entries.last.map { Int($0.shown) } ?? 0 : Int.max
        var droppable = result.entries.indices.filter { !printed.contains(Int(result.entries[$0].shown)) }
        // Taken from the end: gone ones first, then the highest numbers.
        func order(_ index: Int) -> (Int, Int) { (result.entries[index].line >= 0 ? 1 : 0, -Int(result.entries[index].shown)) }
        droppable.sort { order($0) > order($1) }
        var dropped = Set<Int>()
        for line in printed {
            guard let index = TaskCorrespondence.task(atLine: line - 1, in: document) else { continue }
            let task = document.tasks[index]
            if let at = result.entries.firstIndex(where: { Int($0.shown) == line }) {
                // The listing showed this number for another task, still there: which one the
                // user means cannot be known, so the number is refused until the next listing.
                // (One it showed for a task now gone stays refused as it was.)
                if result.entries[at].line >= 0, result.entries[at].line != Int32(task.line) {
                    result.entries[at].refuse("no longer has that number: '\(command)' printed \(line) for another task")
                }
                continue
            }
            if result.entries.count - dropped.count >= Self.limit {
                guard let drop = droppable.popLast() else { continue }
                dropped.insert(drop)
                result.truncated = true
            }
            if line > keptUpTo, result.shifted {
                result.entries.append(Entry(shown: Int32(line), line: -1, fingerprint: 0, block: 0, listedBlock: 0, unique: false,
                                            text: [],
                                            reason: Array("is not known any more: the listing showed more tasks than tick keeps, and '\(command)' printed \(line) for a task that may be another".utf8)))
                continue
            }
            if linesOnly {
                result.entries.append(Entry(shown: Int32(line), line: Int32(task.line), fingerprint: 0, block: 0, listedBlock: 0, unique: false, text: []))
                continue
            }
            let block = blocks!.signature(index)
            result.entries.append(Entry(shown: Int32(line), line: Int32(task.line), fingerprint: TaskFingerprint.of(task, in: document),
                                        block: block, listedBlock: block, unique: blocks!.isUnique(index), text: Self.shortText(task, in: document)))
        }
        if !dropped.isEmpty { result.entries = result.entries.indices.filter { !dropped.contains($0) }.map { result.entries[$0] } }
        result.entries.sort { $0.shown < $1.shown }
        return result
    }

    /// This listing with `numbers` refused from now on: a view printed them for tasks that are
    /// not in the file (`tick changes` shows a removed task by its former line), so a number
    /// typed from it is refused, never taken for the task on that line now. Lines the view did
    /// not print are refused too (`shifted`): it showed two versions' numbers.
    /// `sharing`: why a number the view printed for a task of the file too is refused.
    package func refusing(_ numbers: [Int], reason: String, sharing: String) -> Listing {
        guard !numbers.isEmpty else { return self }
        var result = self
        result.shifted = true
        result.operation = []
        result.restoredBy = []
        let at = Dictionary(entries.indices.map { (Int(entries[$0].shown), $0) }, uniquingKeysWith: { first, _ in first })
        for number in Set(numbers) {
            if let index = at[number] {
                // Printed for two tasks: which one the user means cannot be known.
                result.entries[index].refuse(sharing)
            } else if result.entries.count < Self.limit {
                result.entries.append(Entry(shown: Int32(number), line: -1, fingerprint: 0, block: 0, listedBlock: 0, unique: false,
                                            text: [], reason: Array(reason.utf8)))
            } else {
                result.truncated = true
            }
        }
        result.entries.sort { $0.shown < $1.shown }
        return result
    }

    /// Every entry found again after another program changed the file (`locate`), or refused
    /// from now on: whether its task is gone, changed or only moved is not known.
    func verified(against document: Document) -> Listing {
        let reason = "cannot be found with certainty: another program changed the file since"
        var result = self
        var blocks: BlockTable?
        for number in result.entries.indices where result.entries[number].line >= 0 {
            if detailed, let task = Self.locate(result.entries[number], in: document, blocks: &blocks) {
                result.entries[number].line = Int32(task.line)
            } else {
                result.entries[number].refuse(reason)
            }
        }
        result.fileHash = ContentDigest.version(of: document.bytes)
        result.detailed = true
        return result
    }

    /// The listed task in a version another program wrote: the one task with its block (group,
    /// text, notes and subtasks), if its block was unique when tick last knew the file.
    static func locate(_ entry: Entry, in document: Document, blocks: inout BlockTable?) -> Task? {
        guard entry.unique else { return nil }
        if blocks == nil { blocks = BlockTable(document) }
        guard let found = blocks!.tasks[entry.block], found.count == 1 else { return nil }
        return document.tasks[found[0]]
    }

    /// The task the listing showed on line `number`, checked against `document`; nil when the
    /// listing did not show that number and it still means the file's own line `number`.
    package func resolve(_ number: Int, in document: Document) throws(EditError) -> Task? {
        try resolve(number, in: document, current: ContentDigest.version(of: document.bytes) == fileHash)
    }

    /// `resolve`, with whether `document` is the version listed already known.
    func resolve(_ number: Int, in document: Document, current: Bool) throws(EditError) -> Task? {
        if isUnreadable { throw .listingUnreadable(line: number) }
        guard let entry = entry(shown: number) else {
            if truncated && (shifted || !current) { throw .notListed(line: number, kept: entries.count) }
            if shifted { throw .notListed(line: number, kept: nil) }
            // Another program changed the file: what was on that line when listed is not known.
            if !current { throw .notListedAfterOutsideChange(line: number) }
            return nil
        }
        let text = String(decoding: entry.text, as: UTF8.self)
        guard entry.line >= 0 else {
            throw .listedTaskGone(line: number, text: text, reason: String(decoding: entry.reason, as: UTF8.self))
        }
        if current, let index = TaskCorrespondence.task(atLine: Int(entry.line), in: document),
           !detailed || TaskFingerprint.of(document.tasks[index], in: document) == entry.fingerprint {
            return document.tasks[index]
        }
        var blocks: BlockTable?
        if !current, detailed, let task = Self.locate(entry, in: document, blocks: &blocks) {
            return task
        }
        throw .listedTaskMoved(line: number, text: text)
    }
}

/// Every task's block signature (`TaskFingerprint.block`), and which tasks have each.
struct BlockTable {
    let signatures: [UInt64]
    let tasks: [UInt64: [Int]]

    init(_ document: Document) {
        let groups = TaskFingerprint.groupHashes(document)
        var signatures: [UInt64] = []
        signatures.reserveCapacity(document.tasks.count)
        var tasks: [UInt64: [Int]] = [:]
        var lines = BlockLineHashes(document)
        for task in document.tasks {
            let signature = TaskFingerprint.block(task, in: document, groups: groups, lines: &lines)
            signatures.append(signature)
            tasks[signature, default: []].append(task.index)
        }
        self.signatures = signatures
        self.tasks = tasks
    }

    func isUnique(_ index: Int) -> Bool { tasks[signatures[index]]?.count == 1 }
}

/// Block signatures worked out a group path at a time, for the paths asked about: whether a
/// task's block is unique needs only the tasks of the groups on its path (a block includes
/// the group path).
struct GroupBlocks {
    let document: Document
    let groups: [UInt64]
    /// Per group path (its hash, `TaskFingerprint.groupHashes`; 0 above the first heading):
    /// how many of the tasks of every group on that path have each block, once asked about
    /// (an index into `tables`). Two groups may share a path (two `# Work` headings): a
    /// block names its group by path, so a task is unique only among both groups' tasks.
    private var tableOfPath: [UInt64: Int] = [:]
    private var tables: [HashTable] = []
    /// Per group (index + 1; 0 above the first heading), its tasks (they lie together in
    /// file order); and per path, its groups. Made the first time uniqueness is asked.
    private var tasksOfGroup: [Range<Int>] = []
    private var groupsOfPath: [UInt64: [Int]] = [:]
    private var lines: BlockLineHashes

    init(_ document: Document) {
        self.document = document
        groups = TaskFingerprint.groupHashes(document)
        lines = BlockLineHashes(document)
    }

    mutating func signature(_ index: Int) -> UInt64 {
        TaskFingerprint.block(document.tasks[index], in: document, groups: groups, lines: &lines)
    }

    private func path(ofGroupKey key: Int) -> UInt64 { key == 0 ? 0 : groups[key - 1] }

    mutating func isUnique(_ index: Int) -> Bool {
        let path = path(ofGroupKey: (document.tasks[index].group ?? -1) + 1)
        if tableOfPath[path] == nil {
            if tasksOfGroup.isEmpty {
                tasksOfGroup = [Range<Int>](repeating: 0..<0, count: document.headings.count + 1)
                for task in document.tasks {
                    let key = (task.group ?? -1) + 1
                    tasksOfGroup[key] = tasksOfGroup[key].isEmpty ? task.index..<(task.index + 1) : tasksOfGroup[key].lowerBound..<(task.index + 1)
                }
                for key in tasksOfGroup.indices where !tasksOfGroup[key].isEmpty { groupsOfPath[self.path(ofGroupKey: key), default: []].append(key) }
            }
            let keys = groupsOfPath[path] ?? []
            var table = HashTable(capacity: keys.reduce(0) { $0 + tasksOfGroup[$1].count })
            for key in keys {
                for other in tasksOfGroup[key] { table.add(signature(other)) }
            }
            tableOfPath[path] = tables.count
            tables.append(table)
        }
        return tables[tableOfPath[path]!][signature(index)] == 1
    }
}
