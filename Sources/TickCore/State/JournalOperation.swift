/// One operation in tick's undo journal: a command and what it changed in each file, as the
/// bytes it replaced and the bytes it wrote there (a reverse splice), with a hash of each whole
/// version and the lines around the change: undo and redo apply to the version they were made
/// for, and to a later one whose changes leave those lines alone (`FileChange.undone`).
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
        /// The lines around the changed bytes, the same in both versions; nil in a record made
        /// before tick kept them (such a change applies only to its own versions).
        public var context: Context?

        /// What a change's bytes sit between: up to `Context.lines` whole lines on each side,
        /// and the rest of the lines the change starts and ends in.
        public struct Context: Sendable, Equatable {
            /// How many whole lines are kept on each side.
            public static let lines = 2
            /// The bytes before the change back to the start of a line.
            public var before: [UInt8]
            /// The bytes after the change to the end of a line, or of the file.
            public var after: [UInt8]
            /// `before` starts the file and holds fewer than `lines` whole lines: the file's
            /// start is part of the context.
            public var startsFile: Bool
            /// `after` ends the file and holds fewer than `lines` whole lines.
            public var endsFile: Bool

            public init(before: [UInt8], after: [UInt8], startsFile: Bool, endsFile: Bool) {
                self.before = before
                self.after = after
                self.startsFile = startsFile
                self.endsFile = endsFile
            }
        }

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
            context = Context(around: prefix..<(after.count - suffix), in: after)
        }

        init(path: [UInt8], created: Bool, beforeHash: UInt64, afterHash: UInt64, formerHashes: Bool,
             offset: Int, old: [UInt8], new: [UInt8], tasks: Int, context: Context?) {
            self.path = path
            self.created = created
            self.formerHashes = formerHashes
            self.beforeHash = beforeHash
            self.afterHash = afterHash
            self.offset = offset
            self.old = old
            self.new = new
            self.tasks = tasks
            self.context = context
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
        if let context {
            writer.field("context-before", context.before)
            writer.field("context-after", context.after)
            writer.number("context-starts-file", context.startsFile ? 1 : 0)
            writer.number("context-ends-file", context.endsFile ? 1 : 0)
        }
        return writer.finished()
    }

    public init?(decoding bytes: [UInt8]) {
        guard let (read, former) = RecordReader.reading(bytes, magic: JournalOperation.changeMagic, formerMagic: JournalOperation.formerChangeMagic),
              case var reader = read,
              let path = reader.field("path"), let created = reader.number("created"),
              let before = reader.hash("before"), let after = reader.hash("after"),
              let offset = reader.number("offset"), let tasks = reader.number("tasks"),
              let old = reader.field("old"), let new = reader.field("new") else { return nil }
        // The context follows in records of tick since session 28, and not before.
        var context: Context?
        if !reader.atEnd {
            guard let before = reader.field("context-before"), let after = reader.field("context-after"),
                  let starts = reader.number("context-starts-file"), let ends = reader.number("context-ends-file"),
                  starts <= 1, ends <= 1, before.count <= offset else { return nil }
            context = Context(before: before, after: after, startsFile: starts == 1, endsFile: ends == 1)
        }
        guard reader.atEnd else { return nil }
        self.init(path: path, created: created == 1, beforeHash: before, afterHash: after, formerHashes: former, offset: offset, old: old, new: new,
                  tasks: tasks, context: context)
    }
}
