/// Finds the task a user means:
/// - a line number as a listing printed it: through that listing (`Listing`), which tick's
///   edits carry along, so the number names the task that was shown even after lines moved;
///   without a listing, the file's own line;
/// - `LINE@FINGERPRINT` as `--json` prints it (`ref`): through the listing that printed it,
///   else the task on that line if its block is still the same, else the one task with it;
/// - text that matches exactly one task (case-insensitive; an exact match wins over partial
///   ones), words next to each other read as one reference that the task holds every word of;
/// - where several tasks may be named, `FROM-TO`: the tasks the last listing showed on those
///   lines, or without a listing the tasks that start on them.
public struct TaskReference: Sendable {
    package let document: Document
    package let listing: Listing?
    /// The files the latest listing showed when it was not this file alone: a bare line number
    /// is then refused, since it does not say which file it is from (`FILE:LINE` does).
    package var otherFilesListed: [String]?
    /// The file a view showed through this file's name, when the name was a link to it and
    /// leads elsewhere now ("": the name was a file of its own and is a link now): a line
    /// number is refused, named file or not, since it is that file's.
    package let listedThroughLink: String?

    /// Whether the file is the version the listing describes: worked out once (a hash of the
    /// file), not once per number (`tick done 1-200000` hashed the file per number).
    private let listingIsCurrent: Bool
    /// Of several tasks a text matches, the one that is open (`done`, `start`: a repeating
    /// task's next occurrence, not the occurrences done before it) or closed (`reopen`), when
    /// exactly one is.
    package var prefers: Preference?

    public enum Preference: Sendable {
        case open, closed
    }

    /// `listingIsCurrent`: whether `document` is the version `listing` describes, when the
    /// caller knows it already.
    package init(document: Document, listing: Listing? = nil, otherFilesListed: [String]? = nil, listedThroughLink: String? = nil,
                listingIsCurrent: Bool? = nil) {
        self.document = document
        self.listing = listing
        self.listingIsCurrent = listingIsCurrent ?? listing.map { ContentDigest.version(of: document.bytes) == $0.fileHash } ?? false
        self.otherFilesListed = otherFilesListed
        self.listedThroughLink = listedThroughLink
    }

    /// Refuses a line number that the latest listing does not say is this file's.
    private func checkNumbersAreThisFiles(_ number: Int) throws(EditError) {
        // No file has line 0: that is said as it is, not as a question of which file.
        guard number >= 1 else { return }
        // A number too large for any file is said as that, whatever was listed.
        if number == Int.max { throw .noSuchLine(number, lineCount: document.lines.count) }
        if let target = listedThroughLink { throw .listedThroughLink(line: number, target: target) }
        if let files = otherFilesListed { throw .otherFileListed(line: number, files: files) }
    }

    /// Several references, in order, each task once. Words of text next to each other are one
    /// reference, to the task whose text holds every one of them, as `tick list buy milk`
    /// reads them: `tick done buy milk` is the task "Buy milk", not a task per word.
    package func resolve(_ references: [String]) throws(EditError) -> [Task] {
        var tasks: [Task] = []
        var taken = Set<Int>()
        var words: [String] = []
        func add(_ named: [Task]) {
            for task in named where taken.insert(task.index).inserted { tasks.append(task) }
        }
        func takeWords() throws(EditError) {
            guard !words.isEmpty else { return }
            do {
                add([try resolve(words: words)])
            } catch {
                // Given apart, each naming a task: most likely meant as several references.
                guard case .noMatch(let text) = error, words.count > 1 else { throw error }
                let parts = words.compactMap { word in (try? resolve(words: [word])).map { (text: word, line: $0.line + 1) } }
                throw parts.count == words.count ? .wordsAreOneReference(text, parts: parts) : error
            }
            words.removeAll()
        }
        for reference in references {
            if Self.isText(reference) {
                words.append(reference)
                continue
            }
            try takeWords()
            // (`resolve(_:)` refuses a range written backwards.)
            if let range = Self.range(reference) { add(try resolve(range, written: reference)) } else { add([try resolve(reference)]) }
        }
        try takeWords()
        return tasks
    }

    /// Whether a reference is text to look for: not a line number, a range or a `ref`.
    static func isText(_ reference: String) -> Bool {
        number(reference) == nil && range(reference) == nil && !isReversedRange(reference) && fingerprinted(reference) == nil
    }

    /// The tasks a range of lines names: each number in it as a number alone names its task
    /// (through the listing where it showed the number, else the file's line while the listing
    /// allows that), where the number is one the listing showed or a line a task starts on; the
    /// other lines are passed over. A number alone would be refused: so is the range.
    func resolve(_ range: ClosedRange<Int>, written: String) throws(EditError) -> [Task] {
        try checkNumbersAreThisFiles(range.lowerBound)
        var tasks: [Task] = []
        var next = document.tasks.partitionPoint { $0.line + 1 >= range.lowerBound }
        // Past the file's last task and the listing's last number, no number names a task.
        let lastNumber = max(document.tasks.last.map { $0.line + 1 } ?? 0, listing?.entries.last.map { Int($0.shown) } ?? 0)
        for number in range.clamped(to: range.lowerBound...max(range.lowerBound, lastNumber)) {
            // The file's task that starts on this line, if any (tasks are in line order).
            while next < document.tasks.count, document.tasks[next].line + 1 < number { next += 1 }
            let startsHere = next < document.tasks.count && document.tasks[next].line + 1 == number
            if let listing {
                if listing.entry(shown: number) == nil, !startsHere { continue }
                tasks.append(try listing.resolve(number, in: document, current: listingIsCurrent) ?? document.tasks[next])
            } else if startsHere {
                tasks.append(document.tasks[next])
            }
        }
        if tasks.isEmpty { throw .noTaskInRange(written) }
        return tasks
    }

    package func resolve(_ reference: String) throws(EditError) -> Task {
        if Self.range(reference) != nil { throw .rangeForOneTask(reference) }
        if Self.isReversedRange(reference) { throw .reversedRange(reference) }
        if let number = Self.number(reference) {
            // No listing ever shows line 0: said as such, whatever the listing knows.
            if number == 0 { throw .noSuchLine(0, lineCount: document.lines.count) }
            try checkNumbersAreThisFiles(number)
            // Past the file's end and every number the listing showed, no task had it.
            if number > document.lines.count, !(listing?.truncated ?? false),
               number > listing?.entries.last.map({ Int($0.shown) }) ?? 0 {
                throw .noSuchLine(number, lineCount: document.lines.count)
            }
            if let listing, let task = try listing.resolve(number, in: document, current: listingIsCurrent) { return task }
            return try Self.task(atLine: number, in: document)
        }
        if let (number, fingerprint) = Self.fingerprinted(reference) {
            // The listing that printed it follows the task through tick's edits.
            if let listing = listing?.detailing(document, current: listingIsCurrent), let entry = listing.entry(shown: number),
               TaskFingerprint.short(entry.listedBlock) == fingerprint,
               let task = try listing.resolve(number, in: document, current: listingIsCurrent) {
                // Unless the line holds another task of that block now (a repeating task's
                // next occurrence, written above it): the reference may be of the file as it
                // is (an edit's `--json` names lines so), and which one it means is not known.
                if let there = try? Self.task(atLine: number, in: document), there.index != task.index,
                   TaskFingerprint.short(TaskFingerprint.block(there, in: document)) == fingerprint {
                    throw .aliked(reference, line: number, candidates: [there, task].map { ($0.line + 1, document.text(of: $0)) })
                }
                return task
            }
            // Else the one task that has that block. Tasks alike (a block leaves dates out:
            // `Pay rent` due in November and in December) cannot be told apart without the
            // listing: the one on that line may be the other, after a line moved.
            let blocks = BlockTable(document)
            let found = document.tasks.indices.filter { TaskFingerprint.short(blocks.signatures[$0]) == fingerprint }
            if found.count == 1 { return document.tasks[found[0]] }
            throw found.isEmpty ? .staleReference(reference, onLine: (try? Self.task(atLine: number, in: document)).map { document.text(of: $0) })
                : .aliked(reference, line: number, candidates: found.map { (document.tasks[$0].line + 1, document.text(of: document.tasks[$0])) })
        }
        return try resolve(words: [reference])
    }

    /// The one task whose text holds every word; of several, the one whose text is the words
    /// (one space between them), as written or as a row shows it (without its due date and the
    /// dates it records).
    func resolve(words: [String]) throws(EditError) -> Task {
        // An empty word is in every text: a reference of no words would name every task.
        let words = words.filter { $0.contains { !$0.isWhitespace } }
        guard !words.isEmpty else { throw .emptyReference }
        let folded = words.map(FoldedWord.init)
        let matches = document.tasks.filter { task in folded.allSatisfy { $0.isContained(inTextOf: task, in: document) } }
        if matches.count == 1 { return matches[0] }
        let phrase = words.joined(separator: " ")
        let whole = FoldedWord(phrase)
        let exact = matches.filter { task in
            whole.isWholeText(of: task, in: document) || ListView.shownText(ifCut: task, in: document).map { FoldedWord.folded($0) == whole.folded } == true
        }
        if exact.count == 1 { return exact[0] }
        if let prefers {
            let preferred = matches.filter { $0.isClosed == (prefers == .closed) }
            if preferred.count == 1 { return preferred[0] }
        }
        if matches.isEmpty { throw .noMatch(phrase) }
        throw .ambiguous(phrase, candidates: matches.map { ($0.line + 1, document.text(of: $0)) })
    }

    /// `12`: a line number. Every word of digits is one: a number too large for an `Int` is
    /// `Int.max`, past the end of any file.
    package static func number(_ reference: String) -> Int? {
        guard !reference.isEmpty, reference.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(reference) ?? Int.max
    }

    /// `12@3fa9c2d1`: a line number and the first 8 hex digits of the task's block signature
    /// (`TaskFingerprint.block`: group, text, notes and subtasks).
    package static func fingerprinted(_ reference: String) -> (Int, String)? {
        let parts = reference.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = number(String(parts[0])), parts[1].utf8.count == 8,
              parts[1].utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return nil }
        return (number, String(parts[1]))
    }

    /// `3-7`: the lines from 3 to 7 (the first no greater than the last).
    package static func range(_ reference: String) -> ClosedRange<Int>? {
        guard let (low, high) = numberPair(reference), low <= high else { return nil }
        return low...high
    }

    /// `7-3`: a range written backwards, refused rather than read as text.
    static func isReversedRange(_ reference: String) -> Bool {
        numberPair(reference).map { $0.0 > $0.1 } ?? false
    }

    private static func numberPair(_ reference: String) -> (Int, Int)? {
        let parts = reference.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = number(String(parts[0])), let high = number(String(parts[1])) else { return nil }
        return (low, high)
    }

    /// Whether a reference is a line number in any form, or a range of them (and so may
    /// follow `FILE:`).
    package static func isLineReference(_ reference: String) -> Bool {
        number(reference) != nil || fingerprinted(reference) != nil || range(reference) != nil
    }

    /// The task whose checkbox is on 1-based `line`, or whose wrapped text continues there.
    package static func task(atLine line: Int, in document: Document) throws(EditError) -> Task {
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
