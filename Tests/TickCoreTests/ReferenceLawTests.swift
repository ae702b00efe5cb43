import Foundation
import Testing
@testable import TickCore

/// The law of references: a line number a listing showed names the task shown there, after any
/// number of tick's edits and other programs' changes in between, or is refused; it never names
/// another task. A number it did not show names the task that was on that line when listed,
/// or is refused. Tasks here share a few texts on purpose (duplicates are where a wrong guess
/// would hide); each carries its identity in its first note, `- id N`, which moves with it.
@Suite struct ReferenceLawTests {
    static let texts = ["Milk", "Bread", "Call mom", "Milk", "Pay rent due:2026-12-01"]

    /// A task's identity: its first note.
    static func identity(_ task: Task, in document: Document) -> String? {
        let next = task.textLastLine + 1
        guard next < document.lines.count else { return nil }
        let line = String(decoding: document.content(ofLine: next), as: UTF8.self).trimmingSpaces
        return line.hasPrefix("- id ") ? String(line.dropFirst(5)) : nil
    }

    static func start(_ generator: inout SeededGenerator) -> (Document, Int) {
        var text = ""
        var id = 0
        for group in ["Home", "Work", "Later"] {
            text += "# \(group)\n\n"
            for _ in 0..<Int.random(in: 2...5, using: &generator) {
                id += 1
                text += "- [ ] \(texts.randomElement(using: &generator)!)\n  - id \(id)\n"
            }
            text += "\n"
        }
        return (Document(text), id)
    }

    /// What another program might do to the file: lines added above, a task block deleted or
    /// moved, a task's words changed.
    static func external(_ document: Document, _ generator: inout SeededGenerator) -> Document? {
        guard let task = document.tasks.filter({ $0.parent == nil }).randomElement(using: &generator) else { return nil }
        var lines = document.lines.indices.map { Array(document.bytes[document.lines[$0].fullRange]) }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            lines.insert(Array("Typed in an editor.\n\n".utf8), at: 0)
        case 1:
            lines.removeSubrange(task.line...task.lastLine)
        case 2:
            let block = Array(lines[task.line...task.lastLine])
            lines.removeSubrange(task.line...task.lastLine)
            let target = document.headings.randomElement(using: &generator).map { min($0.line + 2, lines.count) } ?? 0
            lines.insert(contentsOf: block, at: min(target, lines.count))
        default:
            lines[task.line] = Array(document.bytes[document.lines[task.line].start..<document.lines[task.line].contentEnd]) + Array(" (edited)\n".utf8)
        }
        return Document(bytes: lines.flatMap { $0 })
    }

    /// One of tick's own edits, as splices.
    static func edit(_ document: Document, nextID: inout Int, _ generator: inout SeededGenerator) -> [Splice]? {
        guard let task = document.tasks.randomElement(using: &generator) else { return nil }
        do throws(EditError) {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: return try TaskEdits.setStatus(task, to: [.done, .open, .doing].randomElement(using: &generator)!, in: document)
            case 1: return try TaskEdits.setImportant(task, !task.important, in: document)
            case 2: return try TaskEdits.delete([task], in: document)
            case 3:
                nextID += 1
                let id = nextID
                return try TaskPlacement.insert(at: [.after(task), .before(task), .top(group: task.group)].randomElement(using: &generator)!,
                                                in: document) { prefix in
                    let indent = [UInt8](repeating: 0x20, count: prefix.count)
                    return [prefix + Array("[ ] \(texts.randomElement(using: &generator)!)".utf8), indent + Array("- id \(id)".utf8)]
                }
            case 4: return try BlockEdits.move(task, up: Bool.random(using: &generator), in: document)
            case 5: return try TaskEdits.setText(task, to: texts.randomElement(using: &generator)!, in: document)
            case 6: return try TaskEdits.setDue(task, to: CivilDate(year: 2026, month: 12, day: Int.random(in: 1...28, using: &generator)), in: document)
            default:
                guard let group = document.headings.indices.randomElement(using: &generator) else { return nil }
                return try BlockEdits.move(task, to: .bottom(group: group), in: document)
            }
        } catch {
            return nil
        }
    }

    @Test func listedNumbersNameTheListedTaskOrAreRefused() throws {
        var followed = 0, refused = 0
        for seed in 0..<(Int(ProcessInfo.processInfo.environment["TICK_LAW_SEEDS"] ?? "") ?? 400) { try Self.run(seed: seed, followed: &followed, refused: &refused) }
        // The law is not met by refusing everything: most references are followed.
        #expect(followed > 3 * refused, "\(followed) followed, \(refused) refused")
    }

    static func run(seed: Int, followed: inout Int, refused: inout Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        var (document, nextID) = start(&generator)
        var listing: Listing?
        var shown: [Int: String] = [:]
        // The tasks on the lines it did not show, when it was recorded.
        var unshown: [Int: String] = [:]
        // Each edit's operation, the version before it and the listing then, as the journal
        // keeps them, and what the user had seen then (`shown`); the same of each undone edit,
        // with the version it made and the listing its undo replaced, for a redo.
        typealias Step = (operation: [UInt8], document: Document, listing: Listing?, shown: [Int: String], unshown: [Int: String])
        var history: [Step] = [], undone: [(step: Step, after: Step, views: Int)] = []
        // How many views the user has run: a redo with none since its undo leaves them with
        // what they had seen after the edit, its rows included.
        var views = 0
        for step in 0..<40 {
            switch Int.random(in: 0..<12, using: &generator) {
            case 10:
                // tick undo: back to the version before tick's last edit, as a rewrite.
                guard let previous = history.popLast() else { continue }
                let replaced = listing
                listing = listing?.stepped(undo: true, operation: previous.operation, kept: previous.listing) { (document, previous.document) }
                let left = listing?.restoredBy == previous.operation ? replaced : nil
                undone.append((previous, (previous.operation, document, left, shown, unshown), views))
                document = previous.document
                // The listing from before the edit is back, and with it what the user had
                // seen then; else the latest view's numbers go on (carried).
                if left != nil { (shown, unshown) = (previous.shown, previous.unshown) }
            case 11:
                // tick redo: the undone edit again, as a rewrite; the journal keeps the
                // listing from before it, as before.
                guard let (again, next, viewsThen) = undone.popLast() else { continue }
                listing = listing?.stepped(undo: false, operation: next.operation, kept: next.listing) { (document, next.document) }
                history.append(again)
                if viewsThen == views { (shown, unshown) = (next.shown, next.unshown) }
                document = next.document
            case 0, 1:
                // A listing of some of the tasks.
                let chosen = document.tasks.indices.filter { _ in Bool.random(using: &generator) }
                // Large listings keep only their lines until tick's next edit: both kinds.
                listing = Listing(shown: chosen, in: document, detailLimit: Bool.random(using: &generator) ? 0 : Listing.detailLimit)
                views += 1
                shown = [:]
                unshown = [:]
                for task in document.tasks {
                    guard let id = identity(task, in: document) else { continue }
                    if chosen.contains(task.index) { shown[task.line + 1] = id } else { unshown[task.line + 1] = id }
                }
            case 2:
                if let changed = external(document, &generator) { document = changed; history = []; undone = [] }
            default:
                guard let splices = edit(document, nextID: &nextID, &generator), !splices.isEmpty else { continue }
                let after = Document(bytes: document.applying(splices))
                let operation = Array("op-\(step)".utf8)
                history.append((operation, document, listing, shown, unshown))
                undone = []
                listing = listing?.carried(over: splices, by: "tick edit", operation: operation, versions: nil, keepsTaskLines: false) { (document, after) }
                // The edit prints the tasks on the lines it wrote: the user has seen those
                // numbers for them since.
                var printed: [Int] = [], delta = 0
                for splice in splices {
                    let start = splice.lines.lowerBound + delta
                    for line in start..<(start + splice.replacement.count) where TaskCorrespondence.task(atLine: line, in: after) != nil {
                        printed.append(line + 1)
                    }
                    delta += splice.replacement.count - splice.lines.count
                }
                listing = listing?.showing(printed, in: after, by: "tick edit", operation: operation)
                for number in printed {
                    guard let index = TaskCorrespondence.task(atLine: number - 1, in: after), let id = identity(after.tasks[index], in: after) else {
                        shown[number] = nil
                        continue
                    }
                    if listing != nil { shown[number] = id }
                    unshown[number] = nil
                }
                document = after
            }
            guard let listing else { continue }
            let references = TaskReference(document: document, listing: listing)
            for (number, id) in shown {
                do throws(EditError) {
                    let task = try references.resolve(String(number))
                    #expect(identity(task, in: document) == id, "seed \(seed): listed \(number) was id \(id)")
                    followed += 1
                } catch {
                    refused += 1
                }
            }
            for (number, id) in unshown {
                guard let task = try? references.resolve(String(number)) else { continue }
                #expect(identity(task, in: document) == id, "seed \(seed): unlisted \(number) was id \(id) when listed")
            }
        }
    }

    /// `LINE@FINGERPRINT` finds its task after it moved, and refuses once its block is gone or
    /// no longer unique; a task like it in another group is not it.
    @Test func fingerprintReferences() throws {
        let before = Document("# Shop\n\n- [ ] Milk\n- [ ] Bread\n\n# Home\n\n- [ ] Milk\n")
        let milk = "3@" + TaskFingerprint.short(TaskFingerprint.block(before.tasks[0], in: before))
        let moved = Document("# Shop\n\nIntro\n\n- [ ] Bread\n- [x] Milk due:2026-12-01\n\n# Home\n\n- [ ] Milk\n")
        #expect(try TaskReference(document: moved).resolve(milk).line == 5)
        let gone = Document("# Shop\n\n- [ ] Bread\n\n# Home\n\n- [ ] Milk\n")
        #expect(throws: EditError.self) { try TaskReference(document: gone).resolve(milk) }
        let twice = Document("# Shop\n\n- [ ] Bread\n- [ ] Milk\n- [ ] Milk\n")
        #expect(throws: EditError.self) { try TaskReference(document: twice).resolve(milk) }
    }

    /// Line 0 is no line, whatever a listing knows of the file: said so after lines moved too.
    @Test func lineZeroIsNoLineAfterLinesMoved() {
        let before = Document("# G\n\n- [ ] a\n- [ ] b\n")
        let splices = [Splice(lines: 2..<2, replacement: [Array("- [ ] first".utf8)])]
        let after = Document(bytes: before.applying(splices))
        let moved = Listing(shown: [0, 1], in: before).mapped(before: before, after: after, splices: splices, by: "tick add")
        let references = TaskReference(document: after, listing: moved, otherFilesListed: nil, listedThroughLink: nil, listingIsCurrent: nil)
        #expect(throws: EditError.noSuchLine(0, lineCount: 5)) { try references.resolve("0") }
    }

    /// A listing names its task by a number; a `LINE@FINGERPRINT` of an edit's `--json` names
    /// the file's line. Where the line now holds a twin of the listed task (a repeating task's
    /// next occurrence written above it), which one is meant is not known: refused, never the
    /// listed one taken for the other.
    @Test func aTwinOnTheLineOfAListedTaskIsRefused() throws {
        let before = Document("# Bills\n\n- [ ] Rent 🔁 every month 📅 2026-12-01\n- [ ] Phone\n")
        let listing = Listing(shown: [0, 1], in: before)
        let splices = [Splice(lines: 2..<3, replacement: [Array("- [ ] Rent 🔁 every month 📅 2027-01-01".utf8), Array("- [x] Rent 🔁 every month 📅 2026-12-01".utf8)])]
        let after = Document(bytes: before.applying(splices))
        let carried = listing.mapped(before: before, after: after, splices: splices, by: "tick done 3")
        let next = "3@" + TaskFingerprint.short(TaskFingerprint.block(after.tasks[0], in: after))
        let references = TaskReference(document: after, listing: carried, otherFilesListed: nil, listedThroughLink: nil, listingIsCurrent: nil)
        #expect(throws: EditError.self) { try references.resolve(next) }
        // Without a twin there, the listing follows its task as before.
        #expect(try references.resolve("4@" + TaskFingerprint.short(TaskFingerprint.block(after.tasks[2], in: after))).line == 4)
    }

    /// A task moved by an edit is followed by its fingerprint; a deleted one is not.
    @Test func correspondenceFollowsMovesAndDeletions() throws {
        let before = Document("- [ ] a\n- [ ] b\n- [ ] c\n")
        let down = try BlockEdits.move(before.tasks[0], up: false, in: before)
        let moved = TaskCorrespondence(before: before, after: Document(bytes: before.applying(down)), splices: down)
        #expect(moved.partner(of: 0) == 1 && moved.partner(of: 1) == 0 && moved.partner(of: 2) == 2)
        let removal = try TaskEdits.delete([before.tasks[1]], in: before)
        let removed = TaskCorrespondence(before: before, after: Document(bytes: before.applying(removal)), splices: removal)
        #expect(removed.partner(of: 0) == 0 && removed.partner(of: 1) == nil && removed.partner(of: 2) == 1)
        // Without splices (a rewrite such as fmt): the lines both versions share are kept.
        let rewrite = TaskCorrespondence(before: before, after: Document("- [ ] a\n- [x] b\n- [ ] c\n"))
        #expect(rewrite.partner(of: 1) == 1)
    }

    /// A listing of more tasks than tick keeps (`Listing.limit`) showed the numbers past its
    /// last entry too: once an edit moved lines and printed such a number for its task, the
    /// number may be one the listing showed for another task, and is refused, before and
    /// after an undo of the edit (`tick rm 6007` must not remove line 3's task). Lines that
    /// have not moved still name their tasks.
    @Test func numbersPastWhatAListingKeptAreRefusedOnceLinesMoved() throws {
        let text = "# Home\n\n- [ ] a\n" + (0..<6_000).map { "- [ ] t\($0)\n" }.joined() + "\n# Later\n\n- [ ] old\n"
        let before = Document(text)
        let listing = Listing(shown: Array(before.tasks.indices), in: before)
        #expect(listing.truncated)
        let move = try BlockEdits.move(before.tasks[0], to: .bottom(group: 1), in: before)
        let after = Document(bytes: before.applying(move))
        let moved = try #require(after.tasks.last)
        #expect(after.text(of: moved) == "a" && moved.line == 6_006)
        let shown = listing.mapped(before: before, after: after, splices: move, by: "tick move 3 --to Later")
            .showing([6_007], in: after, by: "tick move 3 --to Later")
        #expect(throws: EditError.self) { try shown.resolve(6_007, in: after) }
        let undone = shown.mapped(before: after, after: before, splices: nil, by: "tick undo")
        #expect(throws: EditError.self) { try undone.resolve(6_007, in: before) }
        // Done in place: the lines stay, and the number printed names its task.
        let done = try TaskEdits.setStatus(before.tasks[6_000], to: .done, in: before)
        let ticked = Document(bytes: before.applying(done))
        let kept = listing.mapped(before: before, after: ticked, splices: done, by: "tick done 6003")
            .showing([6_003], in: ticked, by: "tick done 6003")
        #expect(try kept.resolve(6_003, in: ticked)?.line == 6_002)
    }

    /// Two versions with no splices between them (an undo, a rewrite) differ in as many places
    /// as a line diff finds: an undo of a move from a file's top to its end is two places of a
    /// few lines each, not the file between them.
    @Test func versionsDifferInTheirPlacesOnly() throws {
        let (before, move) = try MoveCheckTests.farMove(groups: 100)
        let after = Document(bytes: before.applying(move))
        let places = TaskCorrespondence.difference(after, before)
        #expect(places.count == 2 && places.allSatisfy { $0.lines.count <= 4 && $0.count <= 4 }, "\(places)")
        // A place takes in the whole block of a task it touches: the subtask's change takes in
        // its parent.
        let subtask = before.tasks[1]
        let done = try TaskEdits.setStatus(subtask, to: .open, in: before)
        #expect(TaskCorrespondence.difference(before, Document(bytes: before.applying(done))).map(\.lines) == [2..<4])
        // Every task pairs with the one it became, both ways.
        let undone = TaskCorrespondence(before: after, after: before)
        for task in after.tasks {
            let partner = try #require(undone.partner(of: task.index))
            #expect(after.text(of: task) == before.text(of: before.tasks[partner]))
        }
        #expect(undone.unpartnered.isEmpty)
    }

    /// Tasks that carry their identity in a note, several of tick's edits apart: each task whose
    /// block is still in the file as it was, in its group, pairs with it, read with no splices.
    /// (One whose words, status or group changed may pair with another alike, or with none:
    /// `Listing` does not take such a pairing on trust.)
    @Test func versionsApartPairTheirTasks() {
        var paired = 0
        for seed in 0..<300 {
            var generator = SeededGenerator(seed: UInt64(seed) &+ 11)
            var (document, nextID) = Self.start(&generator)
            let first = document
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                guard let splices = Self.edit(document, nextID: &nextID, &generator), !splices.isEmpty else { continue }
                document = Document(bytes: document.applying(splices))
            }
            let correspondence = TaskCorrespondence(before: first, after: document)
            func block(_ task: Task, in document: Document) -> ArraySlice<UInt8> {
                document.bytes[document.lines[task.line].start..<document.lines[task.lastLine].end]
            }
            var ids: [String: Int] = [:]
            for task in document.tasks { if let id = Self.identity(task, in: document) { ids[id] = task.index } }
            for task in first.tasks {
                guard let id = Self.identity(task, in: first), let now = ids[id],
                      block(task, in: first) == block(document.tasks[now], in: document),
                      first.groupPath(of: task) == document.groupPath(of: document.tasks[now]) else { continue }
                #expect(correspondence.partner(of: task.index) == now, "seed \(seed), task \(id)")
                paired += 1
            }
        }
        #expect(paired > 2_000)
    }
}

/// The archive of listings: what a view records, and what a file dropped from it keeps.
@Suite struct ListingArchiveTests {
    /// A file pushed past the newest `fileLimit` by later views keeps a stub in the index,
    /// which still refuses a number that tick's edits moved.
    @Test func aDroppedListingStillRefusesMovedNumbers() throws {
        let document = Document("- [ ] a\n- [ ] b\n")
        let first = Array("/first".utf8)
        var index = ListingIndex()
        var records: [UInt64: ListingArchive] = [:]
        func view(_ paths: [[UInt8]], _ listing: Listing) throws {
            let record = ListingIndex.record(for: paths)
            let (demoted, dropped) = index.record(paths, in: record)
            #expect(dropped.isEmpty)
            for (path, old) in demoted {
                index.setStub(try #require(records[old]?.files.first { $0.path == path }?.listing), of: path)
            }
            records[record] = ListingArchive(files: paths.map { .init(path: $0, listing: listing) })
        }
        try view([first], Listing(shown: [0, 1], in: document))
        // The first file's listing is carried through a tick edit that moves lines.
        let after = Document("- [ ] new\n- [ ] a\n- [ ] b\n")
        let firstRecord = try #require(index.record(of: first))
        records[firstRecord]!.files[0].listing = records[firstRecord]!.files[0].listing.mapped(before: document, after: after, splices: nil, by: "tick add")
        // A view of two files keeps both in one record.
        try view([Array("/a".utf8), Array("/b".utf8)], Listing(shown: [0], in: document))
        #expect(index.record(of: Array("/a".utf8)) == index.record(of: Array("/b".utf8)))
        let latest = try #require(ListingIndex.latestView(decoding: index.encoded()))
        #expect(latest.map(\.path) == [Array("/a".utf8), Array("/b".utf8)])
        #expect(latest.allSatisfy { $0.record == ListingIndex.record(for: [Array("/a".utf8), Array("/b".utf8)]) })
        #expect(index.recordsInUse.count == 2)
        for number in 0..<300 { try view([Array("/other\(number)".utf8)], Listing(shown: [0], in: document)) }
        let decoded = try #require(ListingIndex(decoding: index.encoded()))
        #expect(decoded == index)
        #expect(decoded.record(of: first) == nil)
        let stub = try #require(decoded.stub(of: first))
        #expect(stub.entries.isEmpty)
        #expect(throws: EditError.self) { try stub.resolve(2, in: after) }
        #expect(decoded.latestPaths == [Array("/other299".utf8)])
        #expect(decoded.record(of: Array("/other299".utf8)) == ListingIndex.record(for: [Array("/other299".utf8)]))
        #expect(decoded.recordsInUse.count == ListingArchive.fileLimit)
    }

    /// Past `stubLimit` files, the oldest are forgotten.
    @Test func theIndexForgetsTheOldest() throws {
        var index = ListingIndex()
        var dropped: [[UInt8]] = []
        for number in 0..<(ListingArchive.stubLimit + 3) {
            let path = Array("/f\(number)".utf8)
            dropped += index.record([path], in: ListingIndex.record(for: [path])).dropped
        }
        #expect(dropped == (0..<3).map { Array("/f\($0)".utf8) })
        #expect(index.paths.count == ListingArchive.stubLimit)
        #expect(ListingIndex(decoding: index.encoded()) == index)
    }

    /// Two groups with the same path (two `# Work` headings) each holding a task alike: neither
    /// is unique (a block names its group by path), so when another program changes or removes
    /// the listed one, its number is refused, never taken for the other group's task.
    @Test func tasksAlikeInGroupsOfOnePathAreNotUnique() throws {
        let listed = Document("# Work\n- [ ] Call\n\n# Home\n- [ ] Sweep\n\n# Work\n- [ ] Call\n")
        let listing = Listing(shown: Array(listed.tasks.indices), in: listed)
        #expect(listing.entries.map(\.unique) == [false, true, false])
        for changed in ["# Work\n- [ ] Call mom\n\n# Home\n- [ ] Sweep\n\n# Work\n- [ ] Call\n",
                        "# Work\n\n# Home\n- [ ] Sweep\n\n# Work\n- [ ] Call\n"] {
            #expect(throws: EditError.self) { try listing.resolve(2, in: Document(changed)) }
        }
        #expect(try listing.resolve(5, in: Document("# Work\n\n# Home\n- [ ] Sweep\n\n# Work\n- [ ] Call\n"))?.line == 3)
    }

    /// Two recurring tasks done at once (each leaves its next occurrence above it), then
    /// undone: the undo's changed stretch holds four tasks and writes two back, and a task of
    /// it is paired with the one written at its place only where as many tasks are written as
    /// were there; a listed number names its task again or is refused, never its neighbour.
    @Test func anUndoOfTwoNextOccurrencesPairsNoNeighbours() throws {
        let original = Document("# Work\n- [ ] water plants 🔁 every week 📅 2026-11-20\n- [ ] pay rent 🔁 every month 📅 2026-11-01\n- [ ] other\n")
        let done = Document("# Work\n- [ ] water plants 🔁 every week 📅 2026-11-27\n- [x] water plants 🔁 every week 📅 2026-11-20\n"
                            + "- [ ] pay rent 🔁 every month 📅 2026-12-01\n- [x] pay rent 🔁 every month 📅 2026-11-01\n- [ ] other\n")
        for detailLimit in [0, Listing.detailLimit] {
            let lines = done.lines.map { Array(done.bytes[$0.contentRange]) }
            let each = [Splice(lines: 1..<2, replacement: [lines[1], lines[2]]), Splice(lines: 2..<3, replacement: [lines[3], lines[4]])]
            let inserted = [Splice(lines: 1..<1, replacement: [lines[1]]), Splice(lines: 1..<2, replacement: [lines[2]]),
                            Splice(lines: 2..<2, replacement: [lines[3]]), Splice(lines: 2..<3, replacement: [lines[4]])]
            #expect(original.applying(each) == done.bytes && original.applying(inserted) == done.bytes)
            for splices in [nil, Splice.between(original, done), each, inserted] {
                let listing = Listing(shown: Array(original.tasks.indices), in: original, detailLimit: detailLimit)
                    .mapped(before: original, after: done, splices: splices, by: "tick done -q 2 3")
                    .mapped(before: done, after: original, splices: nil, by: "tick undo")
                for (number, text) in [(2, "water plants"), (3, "pay rent")] {
                    if let task = try? listing.resolve(number, in: original) {
                        #expect(original.text(of: task).hasPrefix(text), "\(number): \(original.text(of: task))")
                    }
                }
            }
        }
    }

    /// `tick done 3 4` on two recurring tasks prints 3 and 4 for their next occurrences (the
    /// listed tasks, done, went below them), so the listed numbers are refused; `tick undo`
    /// gives them back to the listed tasks, by giving back the listing the journal kept
    /// (`Listing.stepped`): a task like one but for the date (one more `water plants` here;
    /// its own next occurrence) makes the block find none with certainty. Once a view or
    /// another command changed the listing since, the undo carries that one instead.
    @Test func anUndoGivesBackNumbersPrintedForNextOccurrences() throws {
        let original = Document("# Home\n\n- [ ] water plants rec:1w due:2026-11-20\n- [ ] pay rent rec:1m due:2026-11-01\n"
                                + "- [ ] call mum\n- [ ] water plants rec:1w due:2026-11-22\n")
        let done = Document("# Home\n\n- [ ] water plants rec:1w due:2026-12-04\n- [x] water plants rec:1w due:2026-11-20\n"
                            + "- [ ] pay rent rec:1m due:2026-12-27\n- [x] pay rent rec:1m due:2026-11-01\n"
                            + "- [ ] call mum\n- [ ] water plants rec:1w due:2026-11-22\n")
        let lines = done.lines.map { Array(done.bytes[$0.contentRange]) }
        let each = [Splice(lines: 2..<3, replacement: [lines[2], lines[3]]), Splice(lines: 3..<4, replacement: [lines[4], lines[5]])]
        #expect(original.applying(each) == done.bytes)
        for detailLimit in [0, Listing.detailLimit] {
            for splices in [nil, Splice.between(original, done), each] {
                let operation = Array("op-1".utf8)
                let listed = Listing(shown: Array(original.tasks.indices), in: original, detailLimit: detailLimit)
                let edited = listed
                    .carried(over: splices, by: "tick done 3 4", operation: operation, versions: nil, keepsTaskLines: false) { (original, done) }
                    .showing([3, 4, 5, 6], in: done, by: "tick done 3 4", operation: operation)
                #expect(throws: EditError.self) { try edited.resolve(3, in: done) }
                let undone = edited.stepped(undo: true, operation: operation, kept: listed) { (done, original) }
                #expect(undone.entries == listed.entries && undone.restoredBy == operation)
                // A redo gives back what the edit left, its printed numbers refused again.
                let redone = undone.stepped(undo: false, operation: operation, kept: edited) { (original, done) }
                #expect(redone == edited)
                for (number, text) in [(3, "water plants rec:1w due:2026-11-20"), (4, "pay rent"), (5, "call mum"), (6, "water plants rec:1w due:2026-11-22")] {
                    let task = try #require(try undone.resolve(number, in: original), "\(number)")
                    #expect(original.text(of: task) == text || original.text(of: task).hasPrefix(text + " "), "\(number): \(original.text(of: task))")
                }
                // `tick show 3` since: the listing is no longer the operation's, and the
                // number it printed is not taken back.
                let shown = edited.showing([3], in: done, by: "tick show 3")
                let carried = shown.stepped(undo: true, operation: operation, kept: listed) { (done, original) }
                #expect(carried != listed)
                #expect(throws: EditError.self) { try carried.resolve(3, in: original) }
            }
        }
    }

    /// The numbers an edit prints join a listing at its limit of `limit` entries (one more
    /// would make the record unreadable, and its file's numbers raw lines) in place of the
    /// numbers it refuses anyway (their tasks gone), then of its highest numbers, which are
    /// refused from then on, never taken for other tasks.
    @Test func printedNumbersKeepTheListingWithinItsLimit() throws {
        let document = Document("# G\n\n" + (1...6_000).map { "- [ ] task \($0)\n" }.joined())
        let listing = Listing(shown: Array(document.tasks.indices), in: document)
        #expect(listing.entries.count == Listing.limit && listing.truncated)
        let shown = listing.showing([5_500, 5_501, 3], in: document, by: "tick done 5500")
        #expect(shown.entries.count == Listing.limit && shown.truncated)
        // The printed numbers name their tasks; the two highest listed numbers made room.
        #expect(try shown.resolve(5_500, in: document)?.line == 5_499 && shown.resolve(5_501, in: document)?.line == 5_500)
        #expect(shown.entry(shown: 5_002) == nil && shown.entry(shown: 5_001) == nil && shown.entry(shown: 5_000) != nil)
        // Once lines moved, a dropped number is refused, as one past the limit is.
        let moved = Document("# G\n\nnew line\n" + (1...6_000).map { "- [ ] task \($0)\n" }.joined())
        let mapped = shown.mapped(before: document, after: moved, splices: [Splice(lines: 2..<2, replacement: [Array("new line".utf8)])],
                                  by: "tick add")
        #expect(throws: EditError.self) { try mapped.resolve(5_001, in: moved) }
        #expect(try mapped.resolve(5_000, in: moved)?.line == 5_000)
        // Numbers already refused go first.
        var gone = listing
        for index in 0..<10 { gone.entries[index].line = -1 }
        let kept = gone.showing([5_600], in: document, by: "tick done 5600")
        #expect(kept.entries.count == Listing.limit && kept.entry(shown: 5_002) != nil && kept.entry(shown: 12) == nil && kept.entry(shown: 3) != nil)
        #expect(try kept.resolve(5_600, in: document)?.line == 5_599)
        let archive = ListingArchive(files: [.init(path: Array("/f".utf8), listing: shown)])
        #expect(ListingArchive(decoding: archive.encoded())?.files.first?.listing.entries.count == Listing.limit)
    }

    /// The index keeps which names were links to which files, newest first, forgets a name
    /// once a view shows it as a file of its own, and reads back what it wrote; an index of
    /// the version before links reads as one with none.
    @Test func theIndexKeepsNamesThatWereLinks() throws {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        var index = ListingIndex()
        _ = index.record([bytes("/notes/a.md")], in: 1)
        index.recordNames([(bytes("/proj/TODO.md"), bytes("/notes/a.md")), (bytes("/notes/b.md"), nil)])
        #expect(index.linkTarget(of: bytes("/proj/TODO.md")) == bytes("/notes/a.md"))
        #expect(index.linkTarget(of: bytes("/notes/b.md")) == nil)
        let decoded = try #require(ListingIndex(decoding: index.encoded()))
        #expect(decoded == index)
        #expect(decoded.links.count == 1)
        index.recordNames([(bytes("/other/TODO.md"), bytes("/notes/c.md"))])
        #expect(index.links.map(\.name) == [bytes("/other/TODO.md"), bytes("/proj/TODO.md")])
        index.recordNames([(bytes("/proj/TODO.md"), nil)])
        #expect(index.linkTarget(of: bytes("/proj/TODO.md")) == nil)
        #expect(index.links.count == 1)
        index.recordNames((0..<(ListingArchive.stubLimit + 2)).map { (bytes("/l\($0)"), bytes("/t")) })
        #expect(index.links.count == ListingArchive.stubLimit)
        #expect(ListingIndex(decoding: index.encoded()) == index)

        var former = RecordWriter(magic: ListingIndex.formerMagic)
        former.number("files", 1)
        former.number("latest", 1)
        former.field("path", bytes("/notes/a.md"))
        former.hash("record", 1)
        let old = try #require(ListingIndex(decoding: former.finished()))
        #expect(old.paths == [bytes("/notes/a.md")] && old.links.isEmpty)
        #expect(ListingIndex.latestView(decoding: former.finished())?.map(\.path) == [bytes("/notes/a.md")])
    }

    /// A task a tick edit removed is refused by its number, as removed; the listing keeps that
    /// through the state folder, and an undo of the edit, carried over the file (another edit
    /// came after it), names the task again. A task another program removed stays refused.
    @Test func aTaskAnEditRemovedComesBackWithItsUndo() throws {
        let before = Document("# G\n\n- [ ] milk\n- [ ] eggs\n")
        let after = Document("# G\n\n- [ ] milk\n")
        let listing = Listing(shown: [0, 1], in: before)
        let removed = listing.mapped(before: before, after: after, splices: [Splice(lines: 3..<4, replacement: [])], by: "tick rm 4")
        #expect(throws: EditError.listedTaskGone(line: 4, text: "eggs", reason: "is gone: removed by 'tick rm 4'")) {
            try removed.resolve(4, in: after)
        }
        let stored = try #require(ListingArchive(decoding: ListingArchive(files: [.init(path: Array("/f".utf8), listing: removed)]).encoded()))
        let kept = stored.files[0].listing
        #expect(kept == removed && kept.entry(shown: 4)?.removedByEdit == true)
        let back = kept.stepped(undo: true, operation: [], kept: nil) { (after, before) }
        #expect(try back.resolve(4, in: before)?.line == 3)

        var otherProgram = listing
        otherProgram.fileHash = 0
        let changed = otherProgram.mapped(before: after, after: after, splices: nil, by: "tick done 3")
        #expect(changed.entry(shown: 4)?.removedByEdit == false)
        #expect(throws: EditError.self) { try changed.stepped(undo: true, operation: [], kept: nil) { (after, before) }.resolve(4, in: before) }
    }

    @Test func damagedArchivesAreRefused() throws {
        let archive = ListingArchive(files: [.init(path: Array("/f".utf8), listing: Listing(shown: [0], in: Document("- [ ] a\n")))])
        var bytes = archive.encoded()
        bytes[bytes.count / 2] ^= 1
        #expect(ListingArchive(decoding: bytes) == nil)
        #expect(ListingArchive(decoding: Array(archive.encoded().dropLast(3))) == nil)
        var index = ListingIndex()
        _ = index.record([Array("/f".utf8)], in: 1)
        #expect(ListingIndex(decoding: Array(index.encoded().dropLast(3))) == nil)
    }

    /// A listing kept in the format before each named its operation (`tick-listings 7`, with
    /// a former line and version per entry) reads back, as the listing it was.
    @Test func aListingOfTheFormerFormatReadsBack() throws {
        let document = Document("# A\n\n- [ ] a\n- [ ] b\n")
        let listing = Listing(shown: Array(document.tasks.indices), in: document)
        func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        var data: [UInt8] = []
        for entry in listing.entries {
            data += little(UInt32(bitPattern: entry.shown)) + little(UInt32(bitPattern: entry.line)) + little(UInt32(7))
            data += little(entry.fingerprint) + little(entry.block) + little(entry.listedBlock) + little(UInt64(9)) + [entry.unique ? 1 : 0]
            data += little(UInt16(entry.text.count)) + little(UInt16(entry.reason.count)) + entry.text + entry.reason
        }
        var body = Array("tick-listings 7\nfiles 1\nlatest 0\npath 2\n/f\nhash \(ContentHash.hex(listing.fileHash))\nflags 001\nentries 2\n".utf8)
        body += Array("data \(data.count)\n".utf8) + data + [0x0A]
        body += Array("sum \(ContentHash.hex(ContentHash.of(body)))\n".utf8)
        let read = try #require(ListingArchive(decoding: body))
        #expect(read.files.map(\.listing) == [listing])
    }
}
