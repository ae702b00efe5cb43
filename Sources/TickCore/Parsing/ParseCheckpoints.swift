/// Where a parse of a file may start again, kept between commands: an edit of a large file then
/// parses the stretch around its task, not the whole file (`Document(stretchOf:)`).
///
/// The line after a top-level heading is such a place. No block is open there, and a parse
/// that starts on it reads the rest of the file as the parse of the whole does (the edit
/// window's fresh line, `EditWindow`). A stretch runs from one checkpoint to the next, so it
/// ends with a top-level heading too: parsed alone, it reads line for line as the whole parse
/// reads it. What an edit asks of the file beyond its stretch is kept with the checkpoints: the
/// groups open at each, the fields the file uses (their dialect, whether it records done dates),
/// how it spells them and its done letter (`FileSpelling`), where its front matter ends and
/// whether a block runs to its end.
///
/// Checkpoints describe one content (its digest and size, read under one status set); an edit
/// carries them over to the bytes it writes (`after(_:in:edited:)`).
package struct ParseCheckpoints: Sendable, Equatable {
    /// The bytes they describe (`ContentDigest`: a change of a byte anywhere is told).
    package let content: ContentDigest
    package let byteCount: Int
    package let lineCount: Int
    /// The status set the file was read under (`StatusSet.fingerprint`).
    package let statuses: UInt64
    let fieldUsage: FieldUsage
    /// How the file spells what an edit writes (its done letter, its fields' keys).
    let spelling: FileSpelling
    let frontMatterEnd: Int
    let unclosedBlockLine: Int?
    /// The line of the file's title (`Document.title`); and where the first group's own lines
    /// end (the next top-level heading) when its heading is a title unless it holds tasks
    /// (`Document.titleCandidate`), else 0: an edit there may make it a title, or a group.
    let title: Int?
    let firstGroupEnd: Int
    package let points: [Point]

    package struct Point: Sendable, Equatable {
        /// The line after a top-level heading, and its first byte.
        let line: Int
        let offset: Int
        /// How many tasks start above it.
        let tasksAbove: Int
        /// The groups open on the line, the outermost first (the heading right above it last).
        let groups: [GroupHeading]
    }

    /// A top-level heading: where it is; its title is read from the file.
    struct GroupHeading: Sendable, Equatable {
        let line: Int
        let lastLine: Int
        let level: Int
        let setext: Bool

        func shifted(by lines: Int) -> GroupHeading {
            GroupHeading(line: line + lines, lastLine: lastLine + lines, level: level, setext: setext)
        }
    }

    /// How far apart checkpoints are, at least: a stretch is parsed in well under a millisecond.
    package static let spacing = 32 * 1024

    /// The checkpoints of `document`, parsed whole: after top-level headings, at least `spacing`
    /// bytes apart, after the first `firstTasks` tasks (by default those the done letter is read
    /// from, `FileSpelling.settledTasks`: an edit in a stretch then cannot change it; tests ask
    /// for every stretch). None in a file that opens like front matter that is not (a line
    /// anywhere may close it).
    /// `content`: the digest of the document's bytes, when worked out already.
    package init(_ document: Document, spacing: Int = ParseCheckpoints.spacing, firstTasks: Int? = nil, content: ContentDigest? = nil) {
        precondition(document.stretch == nil, "checkpoints are read from a whole document")
        self.content = content ?? ContentDigest.of(document.bytes)
        byteCount = document.bytes.count
        lineCount = document.lines.count
        statuses = document.statuses.fingerprint
        fieldUsage = document.fieldUsage
        let spelling = document.spelling()
        self.spelling = spelling
        frontMatterEnd = document.frontMatterEnd
        unclosedBlockLine = document.unclosedBlockLine
        title = document.title.map { document.headings[$0].line }
        firstGroupEnd = Document.titleCandidate(document.headings).map { first in
            document.headings[(first + 1)...].first(where: \.topLevel)!.line
        } ?? 0
        var points: [Point] = []
        if !EditWindow.opensLikeFrontMatter(document) || document.frontMatterEnd > 0 {
            var lastOffset = 0
            var tasksAbove = 0
            let headings = document.headings
            for (index, heading) in headings.enumerated() where heading.topLevel {
                let line = heading.lastLine + 1
                guard line < document.lines.count else { break }
                let offset = document.lines[line].start
                guard offset - lastOffset >= spacing else { continue }
                while tasksAbove < document.tasks.count, document.tasks[tasksAbove].line < line { tasksAbove += 1 }
                guard tasksAbove >= firstTasks ?? spelling.settledTasks else { continue }
                var groups: [GroupHeading] = []
                var open: Int? = index
                while let current = open {
                    let group = headings[current]
                    groups.append(GroupHeading(line: group.line, lastLine: group.lastLine, level: group.level, setext: group.setext))
                    open = group.parent
                }
                points.append(Point(line: line, offset: offset, tasksAbove: tasksAbove, groups: groups.reversed()))
                lastOffset = offset
            }
        }
        self.points = points
    }

    init(content: ContentDigest, byteCount: Int, lineCount: Int, statuses: UInt64, fieldUsage: FieldUsage, spelling: FileSpelling,
         frontMatterEnd: Int, unclosedBlockLine: Int?, title: Int?, firstGroupEnd: Int, points: [Point]) {
        self.title = title
        self.firstGroupEnd = firstGroupEnd
        self.content = content
        self.byteCount = byteCount
        self.lineCount = lineCount
        self.statuses = statuses
        self.fieldUsage = fieldUsage
        self.spelling = spelling
        self.frontMatterEnd = frontMatterEnd
        self.unclosedBlockLine = unclosedBlockLine
        self.points = points
    }

    /// Whether the checkpoints describe `bytes`, split into `lines`, read under `statuses`.
    /// `digest` gives the bytes' digest (`ContentDigest.of`), asked only when the rest fits.
    package func describe(_ bytes: [UInt8], lines: Int, statuses: StatusSet, digest: (() -> ContentDigest)? = nil) -> Bool {
        bytes.count == byteCount && lines == lineCount && statuses.fingerprint == self.statuses
            && (digest?() ?? ContentDigest.of(bytes)) == content
    }

    /// The stretch that holds every line of `lines`: from the checkpoint at or above the first
    /// to the next one (or the end of the file), or `head`, from the file's start to the first
    /// checkpoint; nil when the lines span two stretches, or there are no checkpoints.
    package func stretch(holding lines: some Collection<Int>) -> Int? {
        guard let first = lines.min(), let last = lines.max(), !points.isEmpty else { return nil }
        let point = points.partitionPoint { $0.line > first } - 1
        guard last < end(of: point) else { return nil }
        return point
    }

    /// The stretch before the first checkpoint, from the file's start (`stretch(holding:)`): it
    /// holds the tasks the done letter is read from, and an edit there reads the letter again
    /// from it (`after`).
    package static let head = -1

    /// The first line after the stretch that starts at checkpoint `point`.
    package func end(of point: Int) -> Int { point + 1 < points.count ? points[point + 1].line : lineCount }

    /// The checkpoints of `edited`, the bytes an edit with `window` made of `document` (whole, or a
    /// stretch read with these checkpoints); nil when the edit may have changed what they keep
    /// about the whole file (its front matter, or the tasks its done letter is read from in a
    /// stretch). Checkpoints in the window go unless the window's reading keeps their headings.
    /// `digest`: the edited bytes' digest, when worked out already.
    package func after(_ window: EditWindow, in document: Document, edited: [UInt8], digest: ContentDigest? = nil) -> ParseCheckpoints? {
        let firstLine = window.firstLine
        let oldEnd = firstLine + window.before.lines.count
        let lineDelta = window.after.lines.count - window.before.lines.count
        let byteDelta = edited.count - document.bytes.count
        let taskDelta = window.after.tasks.count - window.before.tasks.count
        // A window from the top may have changed how the file starts (its front matter).
        guard firstLine > 0, firstLine > frontMatterEnd else { return nil }
        guard window.keepsTitle(firstGroupEnd: firstGroupEnd) else { return nil }
        var usage = fieldUsage
        usage.replace(window.before.fieldUsage, with: window.after.fieldUsage)
        guard let spelling = spelling(after: window, in: document, usage: usage) else { return nil }
        /// A heading where the edit left it, or nil when the window may have changed it.
        func moved(_ heading: GroupHeading) -> GroupHeading? {
            if heading.line < firstLine { return heading }
            let local = heading.line + lineDelta - firstLine
            guard heading.line >= oldEnd
                    || window.after.headings.contains(where: { $0.line == local && $0.lastLine - $0.line == heading.lastLine - heading.line
                                                               && $0.level == heading.level && $0.setext == heading.setext && $0.topLevel })
            else { return nil }
            return heading.shifted(by: lineDelta)
        }
        var points: [Point] = []
        points.reserveCapacity(self.points.count)
        for point in self.points {
            if point.line <= firstLine {
                points.append(point)
            } else if point.line >= oldEnd {
                let groups = point.groups.compactMap(moved)
                guard groups.count == point.groups.count else { continue }
                points.append(Point(line: point.line + lineDelta, offset: point.offset + byteDelta,
                                    tasksAbove: point.tasksAbove + taskDelta, groups: groups))
            }
        }
        let unclosed = oldEnd == lineCount ? window.after.unclosedBlockLine.map { $0 + firstLine } : unclosedBlockLine.map { $0 + lineDelta }
        return ParseCheckpoints(content: digest ?? ContentDigest.of(edited), byteCount: edited.count, lineCount: lineCount + lineDelta,
                                statuses: statuses, fieldUsage: usage, spelling: spelling, frontMatterEnd: frontMatterEnd,
                                unclosedBlockLine: unclosed, title: title, firstGroupEnd: firstGroupEnd, points: points)
    }

    /// The file's spelling after an edit with `window`; nil when it cannot be told from a
    /// stretch (the edit changed a task the done letter is read from, or took away the first
    /// field of a kind, whose next one lies outside the stretch).
    /// `usage`: the edited file's.
    private func spelling(after window: EditWindow, in document: Document, usage: FieldUsage) -> FileSpelling? {
        let tasksAbove = (document.stretch?.tasksAbove ?? 0) + window.tasksAbove
        let windowEnd = tasksAbove + window.before.tasks.count
        let taskDelta = window.after.tasks.count - window.before.tasks.count
        /// Read again: the tasks above the window, the window's, and those below it.
        func reread() -> FileSpelling? {
            guard document.stretch == nil else { return nil }
            var reading = FileSpellingReading(readsKeys: usage.uses(.tick))
            for task in document.tasks[..<window.tasksAbove] { reading.read(task, in: document) }
            for task in window.after.tasks { reading.read(task, in: window.after) }
            for task in document.tasks[(window.tasksAbove + window.before.tasks.count)...] { reading.read(task, in: document) }
            return reading.spelling
        }
        var letter = (letter: spelling.doneLetter, settled: spelling.settledTasks)
        if tasksAbove < spelling.settledTasks {
            guard let stretch = document.stretch else { return reread() }
            // The head of the file (`head`): the letter read again from its tasks, when they
            // settle it; the keys as in any stretch, below.
            guard stretch.lines.lowerBound == 0 else { return nil }
            var reading = DoneLetterReading()
            for task in document.tasks[..<window.tasksAbove] where !reading.isDone { reading.count(task, in: document.bytes) }
            for task in window.after.tasks where !reading.isDone { reading.count(task, in: window.after.bytes) }
            for task in document.tasks[(window.tasksAbove + window.before.tasks.count)...] where !reading.isDone {
                reading.count(task, in: document.bytes)
            }
            guard reading.isDone else { return nil }
            letter = (reading.letter, reading.seen)
        }
        var keys = spelling.keys
        // The window's own first field of each kind, read as the file's are.
        var windowReading = FileSpellingReading(readsKeys: usage.uses(.tick))
        for task in window.after.tasks { windowReading.read(task, in: window.after) }
        let windowKeys = windowReading.spelling.keys
        for index in keys.indices {
            if let key = keys[index], key.task < tasksAbove { continue }
            // The window's first field of the kind is the file's first, if the window has one.
            if let written = windowKeys[index] {
                keys[index] = (written.key, tasksAbove + written.task)
            } else if let key = keys[index] {
                // Below the window, it moves with the tasks. In it, it is gone: the next field
                // of the kind is the first, and with none left in the file there is no key.
                if key.task >= windowEnd {
                    keys[index] = (key.key, key.task + taskDelta)
                } else if !usage.records(TaskField.Kind.allCases[index]) {
                    keys[index] = nil
                } else {
                    return reread()
                }
            }
        }
        return FileSpelling(doneLetter: letter.letter, keys: keys, settledTasks: letter.settled)
    }
}
