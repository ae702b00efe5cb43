/// One operation in tick's undo journal: a command and what it changed in each file, as hunks
/// (the lines it replaced and the lines it wrote there, with the two lines on each side) and
/// the unchanged bytes between them by length and digest, with a digest of each whole version:
/// undo and redo apply to the version they were made for, and to a later one whose changes
/// leave the hunks and at least one side of each alone (`FileChange.undone`).
package struct JournalOperation: Sendable, Equatable {
    package struct FileChange: Sendable, Equatable {
        package var path: [UInt8]
        /// The operation created the file: undo removes it.
        package var created: Bool
        package var beforeHash: UInt64
        package var afterHash: UInt64
        /// Whether the two hashes are `ContentHash`'s, as records in the first format
        /// hold them (`tick-change 1`); new changes name their versions by
        /// `ContentDigest.version`, which two changes in the top bytes of 8-byte words cannot
        /// cancel out in.
        package var formerHashes: Bool
        /// The changed places, in file order.
        package var hunks: [Hunk]
        /// The bytes before the first hunk, between each two and after the last, the same in
        /// both versions: one more than the hunks.
        package var gaps: [Gap]
        /// How many tasks the change was about (for `undo --list`).
        package var tasks: Int
        /// The file's listing before the change, when it had one: what an undo puts back when
        /// the listing is still as the operation left it (`Listing.operation`).
        package var listing: Listing?

        /// One changed place: the bytes replaced (`old`) and written (`new`), whole lines, and
        /// the lines around them, the same in both versions (two on each side, fewer at the
        /// file's start or end, or none in a record of the first two formats).
        package struct Hunk: Sendable, Equatable {
            package static let contextLines = 2
            package var old: [UInt8]
            package var new: [UInt8]
            package var contextBefore: [UInt8]
            package var contextAfter: [UInt8]

            package init(old: [UInt8], new: [UInt8], contextBefore: [UInt8] = [], contextAfter: [UInt8] = []) {
                self.old = old
                self.new = new
                self.contextBefore = contextBefore
                self.contextAfter = contextAfter
            }
        }

        /// Unchanged bytes between hunks: how many, and their digest (`ContentDigest.version`),
        /// nil in a record of the first two formats (which applies to its own versions only).
        package struct Gap: Sendable, Equatable {
            package var length: Int
            package var digest: UInt64?

            package init(length: Int, digest: UInt64?) {
                self.length = length
                self.digest = digest
            }
        }

        /// `versions`: the two versions' `ContentDigest.version`, when worked out already.
        package init(path: [UInt8], before: [UInt8], after: [UInt8], created: Bool = false, tasks: Int,
                    versions: (before: UInt64, after: UInt64)? = nil) {
            self.path = path
            self.created = created
            formerHashes = false
            beforeHash = versions?.before ?? ContentDigest.version(of: before)
            afterHash = versions?.after ?? ContentDigest.version(of: after)
            (hunks, gaps) = ChangeHunks.between(before, after)
            self.tasks = tasks
        }

        package init(path: [UInt8], created: Bool, beforeHash: UInt64, afterHash: UInt64, formerHashes: Bool,
                    hunks: [Hunk], gaps: [Gap], tasks: Int) {
            precondition(gaps.count == hunks.count + 1, "a gap before, between and after the hunks")
            self.path = path
            self.created = created
            self.formerHashes = formerHashes
            self.beforeHash = beforeHash
            self.afterHash = afterHash
            self.hunks = hunks
            self.gaps = gaps
            self.tasks = tasks
        }
    }

    /// Seconds since 1970 when the operation was made.
    package var time: Int64
    /// The command line, as `tick undo --list` shows it.
    package var command: String
    /// 0 while the operation stands; once undone, an increasing stamp (the latest undone is redone first).
    package var undoneStamp: Int64
    /// The agent session that made it (`tick mcp`'s, `TICK_AGENT`), whose undo takes back its
    /// own operations alone; nil for a person's.
    package var agent: String?
    package init(time: Int64, command: String, undoneStamp: Int64 = 0, agent: String? = nil) {
        self.time = time
        self.command = command
        self.undoneStamp = undoneStamp
        self.agent = agent
    }

    package var isUndone: Bool { undoneStamp != 0 }

    static let metaMagic = "tick-op 1\n"
    /// An agent's operation: the same fields, and the session that made it. (A person's
    /// operations keep the first format, which every version of tick reads.)
    static let agentMetaMagic = "tick-op 2\n"
    static let changeMagic = "tick-change 2\n"
    /// Changes recorded before their versions were named by `ContentDigest.version`.
    static let formerChangeMagic = "tick-change 1\n"

    /// The operation's own record (its file changes are records of their own, written as they happen).
    package func encodedMeta() -> [UInt8] {
        var writer = RecordWriter(magic: agent == nil ? Self.metaMagic : Self.agentMetaMagic)
        writer.number("time", Int(time))
        writer.field("command", Array(command.utf8))
        writer.number("undone", Int(undoneStamp))
        if let agent { writer.field("agent", Array(agent.utf8)) }
        return writer.finished()
    }

    package init?(meta bytes: [UInt8]) {
        let agentMeta = RecordReader(bytes, magic: Self.agentMetaMagic)
        guard var reader = agentMeta ?? RecordReader(bytes, magic: Self.metaMagic),
              let time = reader.number("time"), let command = reader.field("command"),
              let undone = reader.number("undone") else { return nil }
        var agent: [UInt8]?
        if agentMeta != nil {
            guard let session = reader.field("agent") else { return nil }
            agent = session
        }
        guard reader.atEnd else { return nil }
        self.init(time: Int64(time), command: String(decoding: command, as: UTF8.self), undoneStamp: Int64(undone),
                  agent: agent.map { String(decoding: $0, as: UTF8.self) })
    }
}

extension JournalOperation.FileChange {
    static let magic = "tick-change 4\n"
    /// The format before a change kept the file's listing.
    static let unlistedMagic = "tick-change 3\n"

    /// The record of a change tick made (one read from a record of the first two formats,
    /// which has no gap digests, is never written again).
    package func encoded() -> [UInt8] {
        precondition(appliesOverOtherChanges, "a change in a former format is not written again")
        var writer = RecordWriter(magic: Self.magic)
        writer.field("path", path)
        writer.number("created", created ? 1 : 0)
        writer.hash("before", beforeHash)
        writer.hash("after", afterHash)
        writer.number("tasks", tasks)
        writer.number("hunks", hunks.count)
        for (hunk, gap) in zip(hunks, gaps) {
            writer.number("gap", gap.length)
            writer.hash("digest", gap.digest!)
            writer.field("context-before", hunk.contextBefore)
            writer.field("old", hunk.old)
            writer.field("new", hunk.new)
            writer.field("context-after", hunk.contextAfter)
        }
        writer.number("gap", gaps[hunks.count].length)
        writer.hash("digest", gaps[hunks.count].digest!)
        writer.field("listing", listing.map { ListingArchive(files: [ListingArchive.File(path: path, listing: $0)]).encoded() } ?? [])
        return writer.finished()
    }

    package init?(decoding bytes: [UInt8]) {
        if let (opened, unlisted) = RecordReader.reading(bytes, magic: Self.magic, formerMagic: Self.unlistedMagic) {
            var reader = opened
            guard let path = reader.field("path"), let created = reader.number("created"),
                  let before = reader.hash("before"), let after = reader.hash("after"),
                  let tasks = reader.number("tasks"), let count = reader.number("hunks"), count <= bytes.count else { return nil }
            var hunks: [Hunk] = [], gaps: [Gap] = []
            for index in 0...count {
                guard let length = reader.number("gap"), let digest = reader.hash("digest") else { return nil }
                gaps.append(Gap(length: length, digest: digest))
                guard index < count else { break }
                guard let contextBefore = reader.field("context-before"), let old = reader.field("old"), let new = reader.field("new"),
                      let contextAfter = reader.field("context-after") else { return nil }
                hunks.append(Hunk(old: old, new: new, contextBefore: contextBefore, contextAfter: contextAfter))
            }
            var listing: Listing?
            if !unlisted {
                guard let encoded = reader.field("listing") else { return nil }
                // A listing that does not read back is no listing: the undo works it out again.
                if !encoded.isEmpty { listing = ListingArchive(decoding: encoded)?.files.first?.listing }
            }
            guard reader.atEnd else { return nil }
            self.init(path: path, created: created == 1, beforeHash: before, afterHash: after, formerHashes: false,
                      hunks: hunks, gaps: gaps, tasks: tasks)
            self.listing = listing
            return
        }
        guard let (read, former) = RecordReader.reading(bytes, magic: JournalOperation.changeMagic, formerMagic: JournalOperation.formerChangeMagic),
              case var reader = read,
              let path = reader.field("path"), let created = reader.number("created"),
              let before = reader.hash("before"), let after = reader.hash("after"),
              let offset = reader.number("offset"), let tasks = reader.number("tasks"),
              let old = reader.field("old"), let new = reader.field("new"), reader.atEnd else { return nil }
        // The bytes after the hunk are whatever the version holds: its digest names it.
        self.init(path: path, created: created == 1, beforeHash: before, afterHash: after, formerHashes: former,
                  hunks: [Hunk(old: old, new: new)], gaps: [Gap(length: offset, digest: nil), Gap(length: 0, digest: nil)], tasks: tasks)
    }
}
