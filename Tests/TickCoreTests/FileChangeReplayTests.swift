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
        let context = try #require(change.context)
        // Two whole lines and the part of the task's line before its box, after it likewise.
        #expect(String(decoding: context.before, as: UTF8.self) == "\n- [ ] milk\n- [")
        #expect(String(decoding: context.after, as: UTF8.self) == "] bread\n- [ ] eggs\n- [ ] call mom\n")
        #expect(!context.startsFile && !context.endsFile)

        for (edit, name) in [({ (b: [UInt8]) in b + Array("- [ ] typed in vim\n".utf8) }, "appended"),
                             ({ Array("---\ntags: [home]\n---\n".utf8) + $0 }, "front matter added"),
                             ({ Self.replacing($0, "taxes", "file taxes") }, "a line three below edited"),
                             ({ Self.replacing($0, "# Home", "# House") }, "the heading three above edited")] {
            let current = edit(after)
            let undone = try #require(change.undone(current), "\(name)")
            #expect(undone == .init(bytes: edit(Self.before), keepsOtherChanges: true), "\(name)")
            // Redo goes forward over the same changes.
            #expect(change.redone(undone.bytes) == .init(bytes: current, keepsOtherChanges: true), "\(name)")
        }
    }

    @Test func refusesChangesInOrNextToTheTask() {
        let after = Self.replacing(Self.before, "[ ] bread", "[x] bread")
        let change = Self.change(Self.before, after)
        for edited in [Self.replacing(after, "[x] bread", "[x] rye bread"),    // the task's own line
                       Self.replacing(after, "[x] bread", "[ ] bread"),        // undone by hand
                       Self.replacing(after, "eggs", "6 eggs"),                 // the line after
                       Self.replacing(after, "call mom", "call mum"),           // the second line after
                       Self.replacing(after, "milk", "oat milk"),               // the line before
                       Self.replacing(after, "\n\n", "\n"),                     // the second line before, removed
                       Self.replacing(after, "- [ ] eggs\n", "- [ ] eggs\n- [ ] new\n")] {  // a line put in
            #expect(change.undone(edited) == nil, "\(String(decoding: edited, as: UTF8.self))")
        }
    }

    /// Where the context is in the file twice, the change cannot tell which is its own: it is
    /// applied where it was made when the lines are still there, and refused when they moved.
    @Test func repeatedLinesAreTakenOnlyWhereTheChangeWas() throws {
        let week = ["## Monday", "- [ ] gym", "- [ ] read", "- [ ] cook", "- [ ] clean"]
        let before = Self.lines(week + week)
        // The second copy's `read`, done: its context is the same lines as the first copy's.
        var after = before
        let second = Self.lines(week).count + Self.lines(Array(week[0..<2])).count + 3
        #expect(after[second] == 0x20)
        after[second] = 0x78
        let change = Self.change(before, after)
        // A line appended after both: the change's lines are where it made them.
        let appended = after + Array("- [ ] more\n".utf8)
        #expect(change.undone(appended)?.bytes == before + Array("- [ ] more\n".utf8))
        // Lines put in above both: the first copy now reads as the change left the second one
        // did not (its box is open), so only the second matches, where it moved to.
        let shifted = Array("intro\n".utf8) + after
        #expect(change.undone(shifted)?.bytes == Array("intro\n".utf8) + before)
        // Both copies done, and a line above: two places read as the change left its own.
        var both = after
        both[second - Self.lines(week).count] = 0x78
        #expect(change.undone(both)?.bytes == before.enumerated().map { $0.offset == second - Self.lines(week).count ? 0x78 : $0.element })
        #expect(change.undone(Array("intro\n".utf8) + both) == nil)
    }

    /// A change at the file's start or end holds it as context: a line put before (or after)
    /// it is a change next to it.
    @Test func theFileEdgesAreContext() throws {
        let top = Self.change(Self.before, Self.replacing(Self.before, "# Home", "# House"))
        #expect(try #require(top.context).startsFile)
        #expect(top.undone(Array("intro\n".utf8) + Self.replacing(Self.before, "# Home", "# House")) == nil)
        #expect(top.undone(Self.replacing(Self.before, "# Home", "# House") + Array("end\n".utf8))?.bytes == Self.before + Array("end\n".utf8))

        let bottom = Self.change(Self.before, Self.before + Array("- [ ] added\n".utf8))
        #expect(try #require(bottom.context).endsFile)
        #expect(bottom.undone(Self.before + Array("- [ ] added\n- [ ] after it\n".utf8)) == nil)
        #expect(bottom.undone(Array("intro\n".utf8) + Self.before + Array("- [ ] added\n".utf8))?.bytes == Array("intro\n".utf8) + Self.before)
    }

    /// A removed task comes back between the lines it was between.
    @Test func aRemovedTaskComesBack() throws {
        let after = Self.replacing(Self.before, "- [ ] eggs\n", "")
        let change = Self.change(Self.before, after)
        #expect(change.undone(after + Array("x\n".utf8))?.bytes == Self.before + Array("x\n".utf8))
        #expect(change.undone(Self.replacing(after, "bread", "rye bread")) == nil)
    }

    @Test func theContextIsRecordedAndRead() throws {
        let change = Self.change(Self.before, Self.replacing(Self.before, "[ ] bread", "[x] bread"))
        let read = try #require(JournalOperation.FileChange(decoding: change.encoded()))
        #expect(read == change && read.context != nil)
        // A record from before the context was kept: only its own versions.
        var bare = change
        bare.context = nil
        let former = try #require(JournalOperation.FileChange(decoding: bare.encoded()))
        #expect(former.context == nil)
        let after = Self.replacing(Self.before, "[ ] bread", "[x] bread")
        #expect(former.undone(after)?.bytes == Self.before)
        #expect(former.undone(after + Array("x\n".utf8)) == nil)
    }

    /// Lines of many kilobytes keep no context, and a file of one line over and over is read
    /// once however many places almost match.
    @Test func pathologicalFilesStayBounded() throws {
        let long = Array(repeating: UInt8(0x61), count: 40_000)
        let before = Array("- [ ] ".utf8) + long + [0x0A]
        var after = before
        after[3] = 0x78
        #expect(Self.change(before, after).context == nil)

        let same = Array(repeating: Array("- [ ] again\n".utf8), count: 200_000).joined()
        let start = Array(same)
        var done = start
        done[100_000 * 12 + 3] = 0x78
        let change = Self.change(start, done)
        // Its lines before the box are in the file 199 998 times; the done box once.
        #expect(change.undone(Array("x\n".utf8) + done)?.bytes == Array("x\n".utf8) + start)
        #expect(change.undone(done + Array("x\n".utf8))?.bytes == start + Array("x\n".utf8))
        // Every task done: the context is in the file 199 996 times, and refused.
        let all = Array(Array(repeating: Array("- [x] again\n".utf8), count: 200_000).joined())
        #expect(change.undone(Array("x\n".utf8) + all) == nil)
    }
}
