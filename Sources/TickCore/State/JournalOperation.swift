/// One operation in tick's undo journal: a command and what it changed in each file, as the
/// bytes it replaced and the bytes it wrote there (a reverse splice), with a hash of each whole
/// version so that undo and redo apply only to the version they were made for.
public struct JournalOperation: Sendable, Equatable {
    public struct FileChange: Sendable, Equatable {
        public var path: [UInt8]
        /// The operation created the file: undo removes it.
        public var created: Bool
        public var beforeHash: UInt64
        public var afterHash: UInt64
        /// Whether the two hashes are `ContentHash`'s, as a record of tick before session 26
        /// wrote them (`tick-change 1`); new changes name their versions by
        /// `ContentDigest.version`, which two changes in the top bytes of 8-byte words cannot
        /// cancel out in.
        public var formerHashes: Bool
        /// Where the changed bytes start (the versions share everything before and after them).
        public var offset: Int
        public var old: [UInt8]
        public var new: [UInt8]
        /// How many tasks the change was about (for `undo --list`).
        public var tasks: Int

        /// `versions`: the two versions' `ContentDigest.version`, when worked out already.
        public init(path: [UInt8], before: [UInt8], after: [UInt8], created: Bool = false, tasks: Int,
                    versions: (before: UInt64, after: UInt64)? = nil) {
            self.path = path
            self.created = created
            formerHashes = false
            beforeHash = versions?.before ?? ContentDigest.version(of: before)
            afterHash = versions?.after ?? ContentDigest.version(of: after)
            let prefix = ByteComparison.commonPrefix(before, after)
            let suffix = ByteComparison.commonSuffix(before, after, limit: min(before.count, after.count) - prefix)
            offset = prefix
            old = Array(before[prefix..<(before.count - suffix)])
            new = Array(after[prefix..<(after.count - suffix)])
            self.tasks = tasks
        }

        init(path: [UInt8], created: Bool, beforeHash: UInt64, afterHash: UInt64, formerHashes: Bool,
             offset: Int, old: [UInt8], new: [UInt8], tasks: Int) {
            self.path = path
            self.created = created
            self.formerHashes = formerHashes
            self.beforeHash = beforeHash
            self.afterHash = afterHash
            self.offset = offset
            self.old = old
            self.new = new
            self.tasks = tasks
        }

        /// The file as it was before the operation, from the file as the operation left it;
        /// nil when `current` is not that.
        public func undone(_ current: [UInt8]) -> [UInt8]? {
            swap(current, expecting: afterHash, take: new, put: old, result: beforeHash)
        }

        /// The file as the operation left it, from the file as it was before; nil when
        /// `current` is not that.
        public func redone(_ current: [UInt8]) -> [UInt8]? {
            swap(current, expecting: beforeHash, take: old, put: new, result: afterHash)
        }

        /// `current` with `take` at `offset` replaced by `put`, when `current` is the version
        /// named `expecting` and the bytes there are `take`, and the result the version `result`.
        private func swap(_ current: [UInt8], expecting: UInt64, take: [UInt8], put: [UInt8], result: UInt64) -> [UInt8]? {
            guard ByteComparison.holds(current, take, at: offset), version(of: current) == expecting else { return nil }
            var bytes = Array(current[..<offset])
            bytes += put
            bytes += current[(offset + take.count)...]
            return version(of: bytes) == result ? bytes : nil
        }

        private func version(of bytes: [UInt8]) -> UInt64 {
            formerHashes ? ContentHash.of(bytes) : ContentDigest.version(of: bytes)
        }
    }

    /// Seconds since 1970 when the operation was made.
    public var time: Int64
    /// The command line, as `tick undo --list` shows it.
    public var command: String
    /// 0 while the operation stands; once undone, an increasing stamp (the latest undone is redone first).
    public var undoneStamp: Int64
    public init(time: Int64, command: String, undoneStamp: Int64 = 0) {
        self.time = time
        self.command = command
        self.undoneStamp = undoneStamp
    }

    public var isUndone: Bool { undoneStamp != 0 }

    static let metaMagic = "tick-op 1\n"
    static let changeMagic = "tick-change 2\n"
    /// Changes recorded before their versions were named by `ContentDigest.version`.
    static let formerChangeMagic = "tick-change 1\n"

    /// The operation's own record (its file changes are records of their own, written as they happen).
    public func encodedMeta() -> [UInt8] {
        var writer = RecordWriter(magic: Self.metaMagic)
        writer.number("time", Int(time))
        writer.field("command", Array(command.utf8))
        writer.number("undone", Int(undoneStamp))
        return writer.finished()
    }

    public init?(meta bytes: [UInt8]) {
        guard var reader = RecordReader(bytes, magic: Self.metaMagic),
              let time = reader.number("time"), let command = reader.field("command"),
              let undone = reader.number("undone"), reader.atEnd else { return nil }
        self.init(time: Int64(time), command: String(decoding: command, as: UTF8.self), undoneStamp: Int64(undone))
    }
}

extension JournalOperation.FileChange {
    public func encoded() -> [UInt8] {
        var writer = RecordWriter(magic: formerHashes ? JournalOperation.formerChangeMagic : JournalOperation.changeMagic)
        writer.field("path", path)
        writer.number("created", created ? 1 : 0)
        writer.hash("before", beforeHash)
        writer.hash("after", afterHash)
        writer.number("offset", offset)
        writer.number("tasks", tasks)
        writer.field("old", old)
        writer.field("new", new)
        return writer.finished()
    }

    public init?(decoding bytes: [UInt8]) {
        guard let (read, former) = RecordReader.reading(bytes, magic: JournalOperation.changeMagic, formerMagic: JournalOperation.formerChangeMagic),
              case var reader = read,
              let path = reader.field("path"), let created = reader.number("created"),
              let before = reader.hash("before"), let after = reader.hash("after"),
              let offset = reader.number("offset"), let tasks = reader.number("tasks"),
              let old = reader.field("old"), let new = reader.field("new"), reader.atEnd else { return nil }
        self.init(path: path, created: created == 1, beforeHash: before, afterHash: after, formerHashes: former, offset: offset, old: old, new: new, tasks: tasks)
    }
}
