import Testing
@testable import TickCore

/// A file's version (`ContentDigest.version`) is what a listing, the journal and a confirmed
/// question compare to know the file is the one they describe. `ContentHash`, which named
/// versions before, keeps a change in a word's top byte in its own top byte: a second change
/// at a later word's top byte can cancel the first exactly, and then a listing took a changed
/// file for the one listed, and undo spliced into a file it was not made for.
@Suite struct FileVersionTests {
    /// `bytes` with byte `first` (a word's top byte) set to `value` and the top byte of word
    /// `word` set so that `ContentHash` keeps its value: the xor difference the first change
    /// leaves in the hash's state, confined to its top byte, put into the word it xors with.
    static func collidingRewrite(of bytes: [UInt8], first: Int, value: UInt8, word: Int) -> [UInt8] {
        precondition(first % 8 == 7 && first / 8 < word && word * 8 + 8 <= bytes.count)
        var changed = bytes
        changed[first] = value
        let state = { (input: [UInt8]) -> UInt64 in ContentHash.of(Array(input[..<(word * 8)])) }
        let difference = state(bytes) ^ state(changed)
        changed[word * 8 + 7] ^= UInt8(difference >> 56)
        return changed
    }

    /// A newline moved in a file of the same size, at two offsets where `ContentHash` kept its
    /// value: the listing is of another version, and a number it showed (of a listing of more
    /// tasks than it details, which trusts the line while the file is the one listed) is
    /// refused, not taken for the task now on its line.
    @Test func aListingTellsAVersionContentHashCouldNot() throws {
        let text = (1...40).map { "- [ ] task number \(String($0 + 100))\n" }.joined()
        let bytes = Array(text.utf8)
        // The first top byte in a task's text: turned into a newline, the lines below move.
        let first = (0..<bytes.count).first { $0 % 8 == 7 && $0 > 30 && bytes[$0] >= 0x61 }!
        let rewritten = Self.collidingRewrite(of: bytes, first: first, value: 0x0A, word: bytes.count / 8 - 1)
        #expect(ContentHash.of(rewritten) == ContentHash.of(bytes), "the case is one ContentHash cannot tell")
        #expect(ContentDigest.version(of: rewritten) != ContentDigest.version(of: bytes))

        let listed = Document(text)
        let now = Document(String(decoding: rewritten, as: UTF8.self))
        let listing = Listing(shown: Array(listed.tasks.indices), in: listed, detailLimit: 0)
        #expect(!listing.detailed)
        let number = 30
        #expect(now.tasks.first { $0.line == number - 1 }.map { now.text(of: $0) } != listed.text(of: listed.tasks[number - 1]))
        #expect(throws: EditError.self) { try listing.resolve(number, in: now) }
        // The version listed still resolves to its own line.
        #expect(try listing.resolve(number, in: listed)?.line == number - 1)
    }

    /// Undo refuses a file that is not the version its change left, where `ContentHash` could
    /// not tell them apart.
    @Test func undoRefusesAVersionContentHashCouldNot() throws {
        let before = Array((1...20).map { "- [ ] chore \(String($0 + 10))\n" }.joined().utf8)
        var after = before
        after[273] = 0x78  // the checkbox of the 19th task, below the two bytes changed next
        #expect(after[272...274] == [0x5B, 0x78, 0x5D])
        let change = JournalOperation.FileChange(path: Array("/t.md".utf8), before: before, after: after, tasks: 1)
        #expect(change.undone(after) == .success(.init(bytes: before, keepsOtherChanges: false)))
        let rewritten = Self.collidingRewrite(of: after, first: 47, value: 0x21, word: 20)
        #expect(ContentHash.of(rewritten) == ContentHash.of(after))
        // Undone there, ContentHash would find the result to be the version before, too: the
        // rewrite is kept, as a change made since (far from the task's lines), and said to be.
        var spliced = rewritten
        spliced[273] = 0x20
        #expect(ContentHash.of(spliced) == ContentHash.of(before))
        #expect(change.undone(rewritten) == .success(.init(bytes: spliced, keepsOtherChanges: true)))
        #expect(change.redone(before) == .success(.init(bytes: after, keepsOtherChanges: false)))
    }

    /// A change a former tick recorded (`tick-change 1`, versions named by `ContentHash`)
    /// still undoes the version it was made for; where `ContentHash` cannot tell a changed
    /// file, undo still refuses a file whose changed bytes are not the ones it wrote.
    @Test func aFormerChangeUndoesAndChecksItsBytes() throws {
        let before = Array((1...20).map { "- [ ] errand \(String($0 + 10))\n" }.joined().utf8)
        var after = before
        after.replaceSubrange(6..<18, with: Array("buy milk and bread".utf8))
        let current = JournalOperation.FileChange(path: Array("/t.md".utf8), before: before, after: after, tasks: 1)
        // In the first format: one stretch of bytes at an offset, no context.
        let former = JournalOperation.FileChange(
            path: current.path, created: false, beforeHash: ContentHash.of(before), afterHash: ContentHash.of(after), formerHashes: true,
            hunks: [.init(old: Array(before[6..<18]), new: Array(after[6..<24]))], gaps: [.init(length: 6, digest: nil), .init(length: 0, digest: nil)],
            tasks: 1)
        var encoded = Self.formerRecord(former)
        #expect(encoded.starts(with: Array("tick-change 1\n".utf8)))
        let read = try #require(JournalOperation.FileChange(decoding: encoded))
        #expect(read == former && (try? read.undone(after).get().bytes) == before && (try? read.redone(before).get().bytes) == after)
        // `tick-change 2`: the same, versions named by ContentDigest.
        var digested = former
        (digested.formerHashes, digested.beforeHash, digested.afterHash) = (false, ContentDigest.version(of: before), ContentDigest.version(of: after))
        encoded = Self.formerRecord(digested)
        #expect(encoded.starts(with: Array("tick-change 2\n".utf8)))
        let second = try #require(JournalOperation.FileChange(decoding: encoded))
        #expect(second == digested && (try? second.undone(after).get().bytes) == before)
        #expect(second.undone(after + [0x0A]) == .failure(.otherVersion))
        encoded = current.encoded()
        #expect(encoded.starts(with: Array("tick-change 4\n".utf8)))
        #expect(JournalOperation.FileChange(decoding: encoded) == current)

        // Two bytes of what the change wrote are changed, so that ContentHash keeps its value:
        // putting the old bytes back would give `before` exactly, dropping that change unseen.
        let rewritten = Self.collidingRewrite(of: after, first: 15, value: 0x21, word: 2)
        #expect(rewritten != after && ContentHash.of(rewritten) == ContentHash.of(after))
        #expect(read.undone(rewritten) == .failure(.otherVersion))
    }

    /// A change in a former format (`tick-change 1`, or `2` with
    /// `ContentDigest` versions): one hunk at an offset, no context, no gap digests.
    static func formerRecord(_ change: JournalOperation.FileChange) -> [UInt8] {
        var writer = RecordWriter(magic: change.formerHashes ? JournalOperation.formerChangeMagic : JournalOperation.changeMagic)
        writer.field("path", change.path)
        writer.number("created", change.created ? 1 : 0)
        writer.hash("before", change.beforeHash)
        writer.hash("after", change.afterHash)
        writer.number("offset", change.gaps[0].length)
        writer.number("tasks", change.tasks)
        writer.field("old", change.hunks[0].old)
        writer.field("new", change.hunks[0].new)
        return writer.finished()
    }
}
