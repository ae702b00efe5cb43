import Testing
@testable import TickCore

/// The law of references: a line number a listing showed names the task shown there, after any
/// number of tick's edits and other programs' changes in between, or is refused; it never names
/// another task. Tasks here share a few texts on purpose (duplicates are where a wrong guess
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
        for seed in 0..<400 { try Self.run(seed: seed, followed: &followed, refused: &refused) }
        // The law is not met by refusing everything: most references are followed.
        #expect(followed > 3 * refused, "\(followed) followed, \(refused) refused")
    }

    static func run(seed: Int, followed: inout Int, refused: inout Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        var (document, nextID) = start(&generator)
        var listing: Listing?
        var shown: [Int: String] = [:]
        for _ in 0..<40 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1:
                // A listing of some of the tasks.
                let chosen = document.tasks.indices.filter { _ in Bool.random(using: &generator) }
                listing = Listing(shown: chosen, in: document)
                shown = [:]
                for index in chosen {
                    if let id = identity(document.tasks[index], in: document) { shown[document.tasks[index].line + 1] = id }
                }
            case 2:
                if let changed = external(document, &generator) { document = changed }
            default:
                guard let splices = edit(document, nextID: &nextID, &generator), !splices.isEmpty else { continue }
                let after = Document(bytes: document.applying(splices))
                listing = listing?.mapped(before: document, after: after, splices: splices, by: "tick edit")
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
        }
    }

    /// `LINE@FINGERPRINT` finds its task after it moved, and refuses once its text is gone.
    @Test func fingerprintReferences() throws {
        let before = Document("- [ ] Milk\n- [ ] Bread\n")
        let milk = "1@" + TaskFingerprint.short(before.tasks[0])
        let moved = Document("# Shop\n\n- [ ] Bread\n- [x] Milk due:2026-12-01\n")
        #expect(try TaskReference(document: moved).resolve(milk).text == "Milk due:2026-12-01")
        #expect(throws: EditError.self) { try TaskReference(document: Document("- [ ] Bread\n- [ ] Oat milk\n")).resolve(milk) }
        #expect(throws: EditError.self) { try TaskReference(document: Document("- [ ] Milk\n- [ ] Bread\n- [ ] Milk\n")).resolve("2@" + TaskFingerprint.short(before.tasks[0])) }
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
}
