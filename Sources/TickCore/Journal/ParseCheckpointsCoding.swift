/// Parse checkpoints as a state record (`RecordWriter`): kept between commands in tick's
/// state folder, one record per large file an edit parsed.
extension ParseCheckpoints {
    static let magic = "tick-parse 4\n"

    package func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: Self.magic)
        writer.hash("content", content.high)
        writer.hash("content-low", content.low)
        writer.number("bytes", byteCount)
        writer.number("lines", lineCount)
        writer.hash("statuses", statuses)
        for count in fieldUsage.storedCounts { writer.number("usage", count) }
        writer.number("letter", Int(spelling.doneLetter))
        writer.number("settled", spelling.settledTasks)
        writer.number("front", frontMatterEnd)
        writer.number("unclosed", unclosedBlockLine.map { $0 + 1 } ?? 0)
        writer.number("title", title.map { $0 + 1 } ?? 0)
        writer.number("first-group-end", firstGroupEnd)
        for key in spelling.keys {
            writer.field("key", key?.key ?? [])
            writer.number("key-task", key.map { $0.task + 1 } ?? 0)
        }
        writer.number("points", points.count)
        for point in points {
            writer.number("line", point.line)
            writer.number("offset", point.offset)
            writer.number("tasks", point.tasksAbove)
            writer.number("groups", point.groups.count)
            for group in point.groups {
                writer.number("heading", group.line)
                writer.number("last", group.lastLine)
                writer.number("level", group.level)
                writer.number("setext", group.setext ? 1 : 0)
            }
        }
        return writer.finished()
    }

    /// The checkpoints `encoded()` wrote; nil for any other bytes, or numbers that cannot
    /// describe a file (checkpoints out of order or past its end, groups not nested).
    package init?(decoding bytes: [UInt8]) {
        guard var reader = RecordReader(bytes, magic: Self.magic),
              let high = reader.hash("content"), let low = reader.hash("content-low"), let byteCount = reader.number("bytes"),
              let lineCount = reader.number("lines"), let statuses = reader.hash("statuses") else { return nil }
        var counts: [Int] = []
        for _ in 0..<FieldUsage.storedLength {
            guard let count = reader.number("usage") else { return nil }
            counts.append(count)
        }
        guard let usage = FieldUsage(storedCounts: counts), let letter = reader.number("letter"),
              letter == Int(UInt8(ascii: "x")) || letter == Int(UInt8(ascii: "X")), let settled = reader.number("settled"),
              let front = reader.number("front"), let unclosed = reader.number("unclosed"),
              let title = reader.number("title"), let firstGroupEnd = reader.number("first-group-end"),
              byteCount <= Document.maximumSize, lineCount <= byteCount + 1, front <= lineCount, unclosed <= lineCount,
              title <= lineCount, firstGroupEnd <= lineCount else { return nil }
        var keys: [(key: [UInt8], task: Int)?] = []
        for _ in TaskField.Kind.allCases {
            guard let key = reader.field("key"), let task = reader.number("key-task"), key.isEmpty == (task == 0),
                  key.allSatisfy(Byte.isAlpha), task <= lineCount else { return nil }
            keys.append(key.isEmpty ? nil : (key, task - 1))
        }
        guard let count = reader.number("points"), count <= lineCount else { return nil }
        var points: [Point] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            guard let line = reader.number("line"), let offset = reader.number("offset"), let tasks = reader.number("tasks"),
                  let groupCount = reader.number("groups"), (1...6).contains(groupCount),
                  line > (points.last?.line ?? front), line < lineCount, offset < byteCount, tasks <= line else { return nil }
            var groups: [GroupHeading] = []
            for _ in 0..<groupCount {
                guard let heading = reader.number("heading"), let last = reader.number("last"), let level = reader.number("level"),
                      let setext = reader.number("setext"), setext <= 1, heading <= last, (last < line),
                      (level > (groups.last?.level ?? 0)), level <= 6 else { return nil }
                groups.append(GroupHeading(line: heading, lastLine: last, level: level, setext: setext == 1))
            }
            points.append(Point(line: line, offset: offset, tasksAbove: tasks, groups: groups))
        }
        guard reader.atEnd else { return nil }
        self.init(content: ContentDigest(high: high, low: low), byteCount: byteCount, lineCount: lineCount, statuses: statuses, fieldUsage: usage,
                  spelling: FileSpelling(doneLetter: UInt8(letter), keys: keys, settledTasks: settled), frontMatterEnd: front, unclosedBlockLine: unclosed == 0 ? nil : unclosed - 1,
                  title: title == 0 ? nil : title - 1, firstGroupEnd: firstGroupEnd, points: points)
    }
}
