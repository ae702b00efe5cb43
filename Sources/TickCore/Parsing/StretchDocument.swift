extension Document {
    /// The file `bytes` (split into `lines`) with only the stretch that starts at checkpoint
    /// `point` parsed: what an edit of a task in that stretch reads, in place of the whole file.
    ///
    /// Lines, line numbers and byte offsets are the whole file's; the tasks, items and headings
    /// are the stretch's, after the top-level headings whose groups are open where it starts
    /// (their titles read from the file), and the file-wide facts are the checkpoints'. The kinds
    /// of the lines outside the stretch are not known (`.paragraph`). An edit whose window
    /// stays inside the stretch reads it as it reads the whole document (`covers`); the caller
    /// checks that the checkpoints describe the bytes (`ParseCheckpoints.describe`). Nil when
    /// they do not fit them.
    /// The stretch of `bytes` that holds every line of `holding` (0-based), when `checkpoints`
    /// describe the bytes read under `statuses` and the lines lie in one stretch.
    /// `digest` gives the bytes' digest (`ContentDigest.of`), asked only when the rest fits.
    package init?(stretchOf bytes: [UInt8], holding: [Int], checkpoints: ParseCheckpoints, statuses: StatusSet,
                 digest: (() -> ContentDigest)? = nil) {
        // The size first: a file another program changed is seldom the same size, and then
        // neither its lines are split nor its bytes digested twice (its whole parse does both).
        guard bytes.count == checkpoints.byteCount, let point = checkpoints.stretch(holding: holding) else { return nil }
        let lines = Line.split(bytes)
        guard checkpoints.describe(bytes, lines: lines.count, statuses: statuses, digest: digest) else { return nil }
        self.init(stretchOf: bytes, lines: lines, checkpoints: checkpoints, point: point, statuses: statuses)
    }

    init?(stretchOf bytes: [UInt8], lines: [Line], checkpoints: ParseCheckpoints, point index: Int, statuses: StatusSet) {
        if index == ParseCheckpoints.head {
            self.init(headOf: bytes, lines: lines, checkpoints: checkpoints, statuses: statuses)
            return
        }
        guard checkpoints.points.indices.contains(index), lines.count == checkpoints.lineCount else { return nil }
        let point = checkpoints.points[index]
        let firstLine = point.line, endLine = checkpoints.end(of: index)
        guard firstLine < endLine, endLine <= lines.count, lines[firstLine].start == point.offset,
              !point.groups.isEmpty, point.groups.allSatisfy({ $0.line <= $0.lastLine && $0.lastLine < firstLine }) else { return nil }
        let start = point.offset
        let end = endLine < lines.count ? lines[endLine].start : bytes.count
        let part = Document(bytes: Array(bytes[start..<end]), statuses: statuses, atFileStart: false)
        guard part.lines.count == endLine - firstLine else { return nil }

        // The groups open where the stretch starts, then the stretch's own headings.
        var headings: [Heading] = []
        var reader = DocumentBuilder.HeadingReader()
        let open = point.groups.map { ParsedHeading(line: $0.line, lastLine: $0.lastLine, level: $0.level, setext: $0.setext, topLevel: true) }
        reader.read(open[...], bytes, lines: lines, into: &headings)
        let groupAbove = headings.count - 1
        for heading in part.headings { headings.append(heading.shifted(lines: firstLine)) }
        headings = DocumentBuilder.linkingParents(headings)

        let tasks = part.tasks.map {
            $0.shifted(lines: firstLine, bytes: start, tasks: 0, group: $0.group.map { $0 + open.count } ?? groupAbove, joinedBytes: 0)
        }
        let items = part.items.map { $0.shifted(lines: firstLine, bytes: start, items: 0, list: $0.list) }
        var kinds = [LineKind](repeating: .paragraph, count: lines.count)
        kinds.replaceSubrange(firstLine..<endLine, with: part.kinds)
        self.init(bytes: bytes, lines: lines, kinds: kinds, tasks: tasks, joinedTexts: part.joinedTexts, headings: headings,
                  statuses: statuses, frontMatterEnd: checkpoints.frontMatterEnd, unclosedBlockLine: checkpoints.unclosedBlockLine,
                  items: items, paragraphContinuations: part.paragraphContinuations.map { $0 + firstLine },
                  indentedLazyLines: part.indentedLazyLines.map { $0 + firstLine }, fieldUsage: checkpoints.fieldUsage,
                  // Only the stretch was looked at ("not known").
                  isWellFormedUTF8: false,
                  stretch: Stretch(lines: firstLine..<endLine, tasksAbove: point.tasksAbove, spelling: checkpoints.spelling,
                                   firstGroupEnd: checkpoints.firstGroupEnd),
                  titleLine: checkpoints.title)
    }

    /// The stretch from the file's start to its first checkpoint (`ParseCheckpoints.head`):
    /// parsed as the start of the whole file is (front matter included), with no group open
    /// above it.
    private init?(headOf bytes: [UInt8], lines: [Line], checkpoints: ParseCheckpoints, statuses: StatusSet) {
        guard let first = checkpoints.points.first, lines.count == checkpoints.lineCount,
              first.line > 0, first.line < lines.count, lines[first.line].start == first.offset else { return nil }
        let endLine = first.line
        let part = Document(bytes: Array(bytes[..<first.offset]), statuses: statuses, atFileStart: true)
        guard part.lines.count == endLine else { return nil }
        var kinds = [LineKind](repeating: .paragraph, count: lines.count)
        kinds.replaceSubrange(0..<endLine, with: part.kinds)
        self.init(bytes: bytes, lines: lines, kinds: kinds, tasks: part.tasks, joinedTexts: part.joinedTexts, headings: part.headings,
                  statuses: statuses, frontMatterEnd: checkpoints.frontMatterEnd, unclosedBlockLine: checkpoints.unclosedBlockLine,
                  items: part.items, paragraphContinuations: part.paragraphContinuations, indentedLazyLines: part.indentedLazyLines,
                  fieldUsage: checkpoints.fieldUsage, isWellFormedUTF8: false,
                  stretch: Stretch(lines: 0..<endLine, tasksAbove: 0, spelling: checkpoints.spelling, firstGroupEnd: checkpoints.firstGroupEnd),
                  titleLine: checkpoints.title)
    }

    /// Whether an edit with `window` reads this document as it reads the whole file: always for
    /// a whole document; for a stretch, when the window lies inside it and keeps the file's
    /// title as it is (`EditWindow.keepsTitle`).
    package func covers(_ window: EditWindow) -> Bool {
        guard let stretch else { return true }
        return window.firstLine >= stretch.lines.lowerBound && window.linesBefore.upperBound <= stretch.lines.upperBound
            && window.keepsTitle(firstGroupEnd: stretch.firstGroupEnd)
    }
}
