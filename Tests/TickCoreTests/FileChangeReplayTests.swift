import Testing
@testable import TickCore

/// Undo and redo of a change on a file that other programs changed since: the change's bytes
/// go back where the lines around them still read as it left them, other changes stay, and
/// anything that would put them in doubt refuses.
struct FileChangeReplayTests {
    static let path = Array("/t.md".utf8)

    static func lines(_ texts: [String]) -> [UInt8] { Array(texts.map { $0 + "\n" }.joined().utf8) }

    static let before = lines(["# Home", "", "- [ ] milk", "- [ ] bread", "- [ ] eggs", "- [ ] call mom", "- [ ] fix sink", "- [ ] taxes"])

    static func change(_ before: [UInt8], _ after: [UInt8]) -> JournalOperation.FileChange {
        JournalOperation.FileChange(path: path, before: before, after: after, tasks: 1)
    }

    /// `text` with `old` replaced by `new` once.
    static func replacing(_ text: [UInt8], _ old: String, _ new: String) -> [UInt8] {
        let string = String(decoding: text, as: UTF8.self)
        let range = string.range(of: old)!
        return Array(string.replacingCharacters(in: range, with: new).utf8)
    }

    @Test func keepsChangesAwayFromTheTask() throws {
        let after = Self.replacing(Self.before, "[ ] bread", "[x] bread")
        let change = Self.change(Self.before, after)
        // One hunk: the task's line, and two whole lines on each side.
        #expect(change.hunks.count == 1 && change.gaps.count == 2)
        let hunk = try #require(change.hunks.first)
        #expect(String(decoding: hunk.contextBefore, as: UTF8.self) == "\n- [ ] milk\n")
        #expect(String(decoding: hunk.old, as: UTF8.self) == "- [ ] bread\n" && String(decoding: hunk.new, as: UTF8.self) == "- [x] bread\n")
        #expect(String(decoding: hunk.contextAfter, as: UTF8.self) == "- [ ] eggs\n- [ ] call mom\n")

        for (edit, name) in [({ (b: [UInt8]) in b + Array("- [ ] typed in vim\n".utf8) }, "appended"),
                             ({ Array("---\ntags: [home]\n---\n".utf8) + $0 }, "front matter added"),
                             ({ Self.replacing($0, "taxes", "file taxes") }, "a line three below edited"),
                             ({ Self.replacing($0, "# Home", "# House") }, "the heading three above edited")] {
            let current = edit(after)
            let undone = try change.undone(current).get()
            #expect(undone == .init(bytes: edit(Self.before), keepsOtherChanges: true), "\(name)")
            // Redo goes forward over the same changes.
            #expect(try change.redone(undone.bytes).get() == .init(bytes: current, keepsOtherChanges: true), "\(name)")
        }
    }

    @Test func refusesChangesInOrNextToTheTask() {
        let after = Self.replacing(Self.before, "[ ] bread", "[x] bread")
        let change = Self.change(Self.before, after)
        for edited in [Self.replacing(after, "[x] bread", "[x] rye bread"),    // the task's own line
                       Self.replacing(Self.replacing(after, "[x] bread", "[ ] bread"), "taxes", "file taxes"),  // undone by hand, and more
                       Self.replacing(after, "eggs", "6 eggs"),                 // the line after
                       Self.replacing(after, "call mom", "call mum"),           // the second line after
                       Self.replacing(after, "milk", "oat milk"),               // the line before
                       Self.replacing(after, "\n\n", "\n"),                     // the second line before, removed
                       Self.replacing(after, "- [ ] eggs\n", "- [ ] eggs\n- [ ] new\n"),  // a line put in
                       Self.replacing(Self.replacing(after, "Home", "House"), "taxes", "file taxes")] {  // above and below
            #expect(change.undone(edited) == .failure(.changedNearby), "\(String(decoding: edited, as: UTF8.self))")
        }
        // Put back by hand: the file already is the version before; nothing to write.
        #expect(change.undone(Self.before) == .success(.init(bytes: Self.before, keepsOtherChanges: false, alreadyThere: true)))
        #expect(change.redone(after) == .success(.init(bytes: after, keepsOtherChanges: false, alreadyThere: true)))
        // Not the version the change names, from a record with no context.
        var former = change
        former.gaps = former.gaps.map { .init(length: $0.length, digest: nil) }
        #expect(former.undone(after + [0x0A]) == .failure(.otherVersion))
    }

    /// A change that made several places is undone place by place: other changes may be
    /// between them, and a move to the end of a long file records two short hunks.
    @Test func separatePlacesAreSeparateHunks() throws {
        let before = Self.lines(["# A"] + (1...9).map { "- [ ] a\($0)" })
        let after = Self.replacing(Self.replacing(before, "[ ] a1", "[x] a1"), "[ ] a9", "[x] a9")
        let change = Self.change(before, after)
        #expect(change.hunks.count == 2)
        let edited = Self.replacing(after, "a5", "a5 edited")
        #expect(try change.undone(edited).get().bytes == Self.replacing(before, "a5", "a5 edited"))
        // Edited before the first and after the last: neither can be placed.
        #expect(change.undone(Self.replacing(edited, "# A", "# B") + Array("x\n".utf8)) == .failure(.changedNearby))

        let long = Self.lines(["# Top", "- [ ] first"] + (1...20_000).map { "- [ ] task \($0)" } + ["## End", "- [ ] last"])
        let moved = Self.replacing(long, "- [ ] first\n", "") + Array("- [ ] first\n".utf8)
        let move = Self.change(long, moved)
        #expect(move.hunks.count == 2 && move.encoded().count < 1_000)
        #expect(try move.undone(Self.replacing(moved, "task 10000\n", "task 10000 edited\n")).get().bytes
                == Self.replacing(long, "task 10000\n", "task 10000 edited\n"))
        // Its last hunk has the file's end for context.
        #expect(move.undone(moved + Array("- [ ] typed\n".utf8)) == .failure(.changedNearby))
    }

    /// Where the lines are in the file twice, a hunk placed from one side only is refused when
    /// the other copy is on the side the walk did not check: a copy pasted next to the
    /// unchanged bytes would stand where the hunk is looked for.
    @Test func repeatedLinesAreTakenOnlyWhenTheyCannotBeACopy() throws {
        let week = ["## Monday", "- [ ] gym", "- [ ] read", "- [ ] cook", "- [ ] clean"]
        let before = Self.lines(week + week)
        // The second copy's `read`, done: its context is the same lines as the first copy's.
        var after = before
        let second = Self.lines(week).count + Self.lines(Array(week[0..<2])).count + 3
        let first = second - Self.lines(week).count
        #expect(after[second] == 0x20)
        after[second] = 0x78
        let change = Self.change(before, after)
        // A line appended after both: the change's lines are where it made them.
        let appended = after + Array("- [ ] more\n".utf8)
        #expect(try change.undone(appended).get().bytes == before + Array("- [ ] more\n".utf8))
        // A line put in above both: the first copy does not read as the change left the
        // second (its box is open).
        let shifted = Array("intro\n".utf8) + after
        #expect(try change.undone(shifted).get().bytes == Array("intro\n".utf8) + before)
        // The first copy's box ticked by hand: both read as the change left its lines, and the
        // bytes before the second changed.
        var both = after
        both[first] = 0x78
        #expect(change.undone(both) == .failure(.ambiguous))
        // A copy of the done block pasted at the top, above the first heading.
        let pastedDone = Self.lines(["## Monday", "- [ ] gym", "- [x] read", "- [ ] cook", "- [ ] clean"]) + after
        #expect(change.undone(pastedDone) == .failure(.ambiguous))

        // Lines pasted right after the heading, the block's twin: undo finds the task from the
        // end; redo then finds the twin from the start and the task from the end, and refuses.
        let list = Self.lines(["# W", "- [ ] a", "- [ ] b", "- [ ] c", "- [ ] d", "- [ ] e", "", "# X", "- [ ] z"])
        let ticked = Self.replacing(list, "[ ] c", "[x] c")
        let done = Self.change(list, ticked)
        let twin = Self.lines(["- [ ] a", "- [ ] b", "- [ ] c", "- [ ] d", "- [ ] e", ""])
        let withTwin = Array(ticked[0..<4]) + twin + Array(ticked[4...])
        let undone = try done.undone(withTwin).get().bytes
        #expect(undone == Array(list[0..<4]) + twin + Array(list[4...]))
        #expect(done.redone(undone) == .failure(.ambiguous))
    }

    /// A change at the file's start or end has the file's edge for context: a line put before
    /// (or after) it is a change next to it, as a line put in next to a change mid-file is.
    @Test func theFileEdgesAreContext() throws {
        let house = Self.replacing(Self.before, "# Home", "# House")
        let top = Self.change(Self.before, house)
        #expect(top.undone(Array("intro\n".utf8) + house) == .failure(.changedNearby))
        #expect(try top.undone(house + Array("end\n".utf8)).get().bytes == Self.before + Array("end\n".utf8))

        let bottom = Self.change(Self.before, Self.before + Array("- [ ] added\n".utf8))
        #expect(bottom.undone(Self.before + Array("- [ ] added\n- [ ] after it\n".utf8)) == .failure(.changedNearby))
        #expect(try bottom.undone(Array("intro\n".utf8) + Self.before + Array("- [ ] added\n".utf8)).get().bytes == Array("intro\n".utf8) + Self.before)

        // A file tick made: the user's lines written under its heading keep it.
        let made = Self.change([], Array("# TODO\n".utf8))
        #expect(made.undone(Array("# TODO\n- [ ] mine\n".utf8)) == .failure(.changedNearby))
    }

    /// Two hunks alike, one of them deleted by hand: the walk from the start finds the first,
    /// the walk from the end finds the first too (where the second's lines now are). Refused,
    /// not both written in one place.
    @Test func twoHunksAreNeverPutInOnePlace() throws {
        let block = ["- [ ] a", "- [ ] b", "- [ ] c", "- [ ] d", "- [ ] e"]
        let before = Self.lines(block + block)
        let done = Self.replacing(Self.replacing(before, "[ ] c", "[x] c"), "[ ] c", "[x] c")
        let change = Self.change(before, done)
        #expect(change.hunks.count == 2)
        let half = Array(done[0..<(done.count / 2)])
        #expect(change.undone(half) == .failure(.ambiguous))
        #expect(change.undone(Array(done[(done.count / 2)...])) == .failure(.ambiguous))
        let removed = Self.replacing(Self.replacing(before, "- [ ] c\n", ""), "- [ ] c\n", "")
        let rm = Self.change(before, removed)
        let cut = Self.lines(Array(block[0..<2]) + Array(block[3...]) + ["- [ ] a"])
        #expect(rm.undone(cut) == .failure(.ambiguous) || rm.undone(cut) == .failure(.changedNearby))
    }

    /// A removed task comes back between the lines it was between.
    @Test func aRemovedTaskComesBack() throws {
        let after = Self.replacing(Self.before, "- [ ] eggs\n", "")
        let change = Self.change(Self.before, after)
        #expect(try change.undone(after + Array("x\n".utf8)).get().bytes == Self.before + Array("x\n".utf8))
        #expect(change.undone(Self.replacing(after, "bread", "rye bread")) == .failure(.changedNearby))
    }

    @Test func theHunksAreRecordedAndRead() throws {
        let change = Self.change(Self.before, Self.replacing(Self.before, "[ ] bread", "[x] bread"))
        let encoded = change.encoded()
        #expect(encoded.starts(with: Array("tick-change 4\n".utf8)))
        let read = try #require(JournalOperation.FileChange(decoding: encoded))
        #expect(read == change && read.appliesOverOtherChanges && read.listing == nil)
        // With the file's listing before the change, which an undo may give back.
        var listed = change
        let document = Document(bytes: Self.before)
        listed.listing = Listing(shown: Array(document.tasks.indices), in: document)
        #expect(JournalOperation.FileChange(decoding: listed.encoded()) == listed && listed.encoded() != encoded)
        // A record of the format before (no listing) reads as one without.
        let body = Array(encoded.dropLast(21))
        #expect(Array(body.suffix(11)) == Array("listing 0\n\n".utf8))
        var former = Array("tick-change 3\n".utf8) + body.dropFirst(14).dropLast(11)
        former += Array("sum \(ContentHash.hex(ContentHash.of(former)))\n".utf8)
        #expect(JournalOperation.FileChange(decoding: former) == change)
        // Damaged records are refused.
        var damaged = encoded
        damaged[20] ^= 1
        #expect(JournalOperation.FileChange(decoding: damaged) == nil)
    }

    /// A file of one line over and over is read once however many places almost match.
    @Test func pathologicalFilesStayBounded() throws {
        let same = Array(Array(repeating: Array("- [ ] again\n".utf8), count: 200_000).joined())
        var done = same
        done[100_000 * 12 + 3] = 0x78
        let change = Self.change(same, done)
        // Its lines before the box are in the file 199 998 times; the done box once.
        #expect(try change.undone(Array("x\n".utf8) + done).get().bytes == Array("x\n".utf8) + same)
        #expect(try change.undone(done + Array("x\n".utf8)).get().bytes == same + Array("x\n".utf8))
        // Every task done: the bytes after the hunk changed, and those before it.
        let all = Array(Array(repeating: Array("- [x] again\n".utf8), count: 200_000).joined())
        #expect(change.undone(Array("x\n".utf8) + all) == .failure(.changedNearby))

        // The search for copies takes the bytes once: 2 000 a's and a b looked for in 100 KB
        // of a's (a search comparing at each offset would take 2 × 10^8 steps, seconds).
        let needle = [UInt8](repeating: 0x61, count: 2_000) + [0x62]
        let haystack = [UInt8](repeating: 0x61, count: 100_000)
        var found = true
        let elapsed = ContinuousClock().measure { found = ByteSearch.contains(needle, in: haystack, 0..<haystack.count) }
        #expect(!found && elapsed < .seconds(1), "\(elapsed)")
        #expect(ByteSearch.contains(needle, in: haystack + [0x62], 0..<(haystack.count + 1)))
        #expect(!ByteSearch.contains(needle, in: haystack + [0x62], 0..<haystack.count))
    }

    /// Laws over random files of few distinct lines (copies everywhere), random edits and
    /// random changes by another program: a change undoes and redoes its own versions
    /// exactly; on another version, an undo that applies keeps other changes, and a redo of
    /// what it gave gives back the file it was given, or refuses: never a third file.
    @Test func replayLaws() {
        var random = SeededGenerator(seed: 28)
        let words = ["- [ ] a", "- [ ] b", "- [x] a", "## G", "", "text"]
        func mutate(_ lines: inout [String]) {
            let at = Int.random(in: 0...lines.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where at < lines.count: lines[at] = words.randomElement(using: &random)!
            case 1 where at < lines.count: lines.remove(at: at)
            default: lines.insert(words.randomElement(using: &random)!, at: at)
            }
        }
        var applied = 0, refused = 0
        for _ in 0..<3_000 {
            let lines = (0..<Int.random(in: 0...14, using: &random)).map { _ in words.randomElement(using: &random)! }
            let openEnd = Bool.random(using: &random)
            func bytes(_ lines: [String]) -> [UInt8] {
                let text = Self.lines(lines)
                return openEnd && text.last == 0x0A ? Array(text.dropLast()) : text
            }
            var edited = lines
            for _ in 0..<Int.random(in: 1...3, using: &random) { mutate(&edited) }
            let before = bytes(lines), after = bytes(edited)
            guard before != after else { continue }
            let change = Self.change(before, after)
            #expect(change.undone(after) == .success(.init(bytes: before, keepsOtherChanges: false)))
            #expect(change.redone(before) == .success(.init(bytes: after, keepsOtherChanges: false)))
            #expect(JournalOperation.FileChange(decoding: change.encoded()) == change)
            var other = edited
            mutate(&other)
            let current = bytes(other)
            guard current != after else { continue }
            switch change.undone(current) {
            case .success(let undone) where undone.alreadyThere:
                // The other program's change put the version before back.
                #expect(undone.bytes == current && current == before)
            case .success(let undone):
                applied += 1
                #expect(undone.keepsOtherChanges)
                if case .success(let redone) = change.redone(undone.bytes) {
                    #expect(redone.bytes == current, "\(lines) -> \(edited) -> \(other)")
                }
            case .failure: refused += 1
            }
        }
        // Both happen, often.
        #expect(applied > 300 && refused > 300, "\(applied) applied, \(refused) refused")
    }
}
