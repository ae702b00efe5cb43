import Foundation
import Testing
@testable import TickCore

/// The merge law: every change of either side lands on the task it was made on, or a conflict
/// is marked around that task; nothing is lost, nothing is duplicated, and a merge is clean
/// (no marker) exactly when it says so.
///
/// A base file and two independent sequences of edits are generated on a model in which each
/// task keeps its true identity (tick, reopen, start, re-word, append words, set or clear the
/// due date, star, add tasks with words other tasks have, add twins, delete, move between
/// groups, archive into a `Done` group made when first needed, edit prose). The checker works
/// out what each task must become from the model alone and reads the merged file.
@Suite struct MergeLawTests {
    struct ModelTask: Equatable {
        var id: Int
        var words: String
        var status: Character = " "
        var star = false
        var due: Int?
        var done: Int?
        var group: Int
    }

    struct Model {
        var tasks: [ModelTask] = []
        var prose: [String?]
        var dialect: TaskField.Dialect

        /// The last, `Done`, is written only when it holds a task: archiving the first task
        /// adds its heading, after the group that is last.
        static let groups = ["Home", "Work", "Later", "Done"]

        func field(_ kind: TaskField.Kind, _ day: Int) -> String {
            let date = "2026-12-\(day < 10 ? "0" : "")\(day)"
            switch dialect {
            case .tick: return (kind == .due ? "due:" : "done:") + date
            case .obsidian: return (kind == .due ? "📅 " : "✅ ") + date
            case .dataview: return (kind == .due ? "[due:: " : "[completion:: ") + date + "]"
            }
        }

        func line(_ task: ModelTask) -> String {
            var text = "- [\(task.status)] " + (task.star ? "* " : "") + task.words
            if let due = task.due { text += " " + field(.due, due) }
            if let done = task.done { text += " " + field(.done, done) }
            return text
        }

        func render() -> String {
            var text = ""
            for (group, name) in Self.groups.enumerated() where group < 3 || tasks.contains(where: { $0.group == group }) {
                text += "# \(name)\n\n"
                if let prose = prose[group] { text += prose + "\n\n" }
                let lines = tasks.filter { $0.group == group }.map(line)
                if !lines.isEmpty { text += lines.joined(separator: "\n") + "\n\n" }
            }
            return text
        }
    }

    static let vocabulary = ["call", "mom", "buy", "milk", "pay", "the", "rent", "gas", "bill", "send", "report", "eggs", "tea", "dentist"]

    /// One side's edits, with what it did that the checker needs to know.
    struct Side {
        var model: Model
        var nextID: Int

        mutating func words(_ generator: inout SeededGenerator) -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in MergeLawTests.vocabulary.randomElement(using: &generator)! }
                .joined(separator: " ")
        }

        mutating func insert(_ task: ModelTask, _ generator: inout SeededGenerator) {
            let places = model.tasks.indices.filter { model.tasks[$0].group == task.group }
            let at = places.isEmpty ? model.tasks.count : (places + [places.last! + 1]).randomElement(using: &generator)!
            model.tasks.insert(task, at: at)
        }

        mutating func edit(_ generator: inout SeededGenerator) {
            let operation = Int.random(in: 0..<14, using: &generator)
            if operation == 12 {
                let group = Int.random(in: 0..<3, using: &generator)
                model.prose[group] = Bool.random(using: &generator) ? "Notes: " + words(&generator) : nil
                return
            }
            if operation == 10 || model.tasks.isEmpty {
                // Add: new words, words another task has, or a twin.
                let twin = !model.tasks.isEmpty && Int.random(in: 0..<3, using: &generator) == 0
                let text = twin ? model.tasks.randomElement(using: &generator)!.words : words(&generator)
                insert(ModelTask(id: nextID, words: text, group: Int.random(in: 0..<3, using: &generator)), &generator)
                nextID += 1
                return
            }
            let index = Int.random(in: model.tasks.indices, using: &generator)
            var task = model.tasks[index]
            switch operation {
            case 0: task.status = "x"; task.done = Int.random(in: 1...28, using: &generator)
            case 1: task.status = " "; task.done = nil
            case 2: task.status = "/"; task.done = nil
            case 3: task.words = words(&generator)
            case 4: task.words += " " + MergeLawTests.vocabulary.randomElement(using: &generator)!
            case 5: task.due = Int.random(in: 1...28, using: &generator)
            case 6: task.due = nil
            case 7: task.star.toggle()
            case 8:
                model.tasks.remove(at: index)
                return
            case 9, 11:
                model.tasks.remove(at: index)
                task.group = (task.group + Int.random(in: 1...2, using: &generator)) % 3
                insert(task, &generator)
                return
            case 13 where task.group < 3:
                // Archived: done, at the end of the Done group.
                model.tasks.remove(at: index)
                task.status = "x"
                task.group = 3
                model.tasks.append(task)
                return
            default: break
            }
            model.tasks[index] = task
        }
    }

    /// What the checker expects of one task.
    enum Expectation {
        /// In this group, as this line, unless a conflict is marked around it.
        case clean(group: Int, line: String, optional: Bool, otherGroup: Int? = nil)
        /// Inside a conflict: one of these lines is there.
        case conflict([String])
        /// Inside a conflict, or in this group as `task` with words merged from both sides:
        /// every word either side added, and no word none of the three had.
        case wordsMerged([String], group: Int, task: ModelTask, added: Set<String>, allowed: Set<String>)
        case absent
    }

    static func expectations(base: Model, ours: Model, theirs: Model) -> [Expectation] {
        var result: [Expectation] = []
        let byID = { (model: Model) in Dictionary(uniqueKeysWithValues: model.tasks.map { ($0.id, $0) }) }
        let (b, o, t) = (byID(base), byID(ours), byID(theirs))
        func rank(_ status: Character) -> Int { ["x": 3, "-": 2, "/": 1][status] ?? 0 }
        for task in base.tasks {
            switch (o[task.id], t[task.id]) {
            case (nil, nil): result.append(.absent)
            case (nil, let other?), (let other?, nil):
                let kept = o[task.id] != nil ? ours : theirs
                result.append(other == task ? .absent : .conflict([kept.line(other)]))
            case (let mine?, let yours?):
                /// The merged value, or nil when both sides changed it differently.
                func merge<Value: Equatable>(_ path: KeyPath<ModelTask, Value>) -> [Value] {
                    let (bv, ov, tv) = (task[keyPath: path], mine[keyPath: path], yours[keyPath: path])
                    if ov == bv { return [tv] }
                    if tv == bv || ov == tv { return [ov] }
                    return []
                }
                let bothClosed = mine.status == yours.status && mine.status == "x" && task.status != "x"
                var merged = task
                // Two moves forward keep the further; anything else both changed is a conflict.
                let closed: Set<Character> = ["x", "-"]
                if let status = merge(\.status).first {
                    merged.status = status
                } else if rank(mine.status) > rank(task.status), rank(yours.status) > rank(task.status),
                          !(closed.contains(mine.status) && closed.contains(yours.status)) {
                    merged.status = rank(mine.status) >= rank(yours.status) ? mine.status : yours.status
                } else {
                    result.append(.conflict([ours.line(mine), theirs.line(yours)]))
                    continue
                }
                merged.star = merge(\.star).first!
                // Both sides moved it, to different groups: a conflict.
                guard let group = merge(\.group).first else {
                    result.append(.conflict([ours.line(mine), theirs.line(yours)]))
                    continue
                }
                merged.group = group
                let lines = [ours.line(mine), theirs.line(yours)]
                let words = merge(\.words)
                let due = merge(\.due) + (bothClosed ? [mine.due] : [])
                let done = merge(\.done) + (bothClosed ? [mine.done] : [])
                guard let due = due.first, let done = done.first else {
                    result.append(.conflict(lines))
                    continue
                }
                guard let words = words.first else {
                    // Both changed the words: a conflict, or the words merged word by word (with
                    // ours' where they differ, when both completed it: their words may go).
                    (merged.due, merged.done) = (due, done)
                    let added = Set(mine.words.split(separator: " ")).union(bothClosed ? [] : yours.words.split(separator: " "))
                        .subtracting(task.words.split(separator: " ")).map(String.init)
                    let allowed = Set((task.words + " " + mine.words + " " + yours.words).split(separator: " ").map(String.init))
                    result.append(.wordsMerged(lines, group: merged.group, task: merged, added: Set(added), allowed: allowed))
                    continue
                }
                (merged.words, merged.due, merged.done) = (words, due, done)
                // Moved to another group on one side and within its group on the other (which
                // the model does not see): where either put it.
                let other = mine.group == task.group && yours.group != task.group ? mine.group : nil
                result.append(.clean(group: merged.group, line: base.line(merged), optional: false, otherGroup: other))
            }
        }
        // New tasks; one both sides added with the same line in the same group may be written once.
        var oursNew: Set<String> = []
        for task in ours.tasks where b[task.id] == nil {
            oursNew.insert("\(task.group) \(ours.line(task))")
            result.append(.clean(group: task.group, line: ours.line(task), optional: false))
        }
        for task in theirs.tasks where b[task.id] == nil {
            result.append(.clean(group: task.group, line: theirs.line(task), optional: oursNew.contains("\(task.group) \(theirs.line(task))")))
        }
        return result
    }

    /// The merged file read back: task lines outside conflicts by group, and the lines inside.
    static func read(_ text: String) -> (clean: [String: Int], conflicted: [String: Int], markers: Int) {
        var clean: [String: Int] = [:], conflicted: [String: Int] = [:]
        var group = -1, inside = false, markers = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<<<<<<<") { inside = true; markers += 1; continue }
            if line.hasPrefix("=======") { continue }
            if line.hasPrefix(">>>>>>>") { inside = false; continue }
            if line.hasPrefix("# ") { group = Model.groups.firstIndex(of: String(line.dropFirst(2))) ?? -1; continue }
            guard line.hasPrefix("- [") else { continue }
            if inside { conflicted[line, default: 0] += 1 } else { clean["\(group) \(line)", default: 0] += 1 }
        }
        return (clean, conflicted, markers)
    }

    struct Case {
        let base: Model, ours: Model, theirs: Model
    }

    static func generate(_ generator: inout SeededGenerator) -> Case {
        while true {
            let dialect = TaskField.Dialect.allCases.randomElement(using: &generator)!
            var base = Model(prose: [nil, "Notes: work", nil, nil], dialect: dialect)
            var side = Side(model: base, nextID: 0)
            for id in 0..<Int.random(in: 1...9, using: &generator) {
                let twin = id > 0 && Int.random(in: 0..<5, using: &generator) == 0
                var task = ModelTask(id: id, words: twin ? base.tasks.randomElement(using: &generator)!.words : side.words(&generator),
                                     group: Int.random(in: 0..<3, using: &generator))
                task.status = ([" ", " ", " ", "x", "/"] as [Character]).randomElement(using: &generator)!
                if Bool.random(using: &generator), task.status == "x" { task.done = Int.random(in: 1...28, using: &generator) }
                if Int.random(in: 0..<3, using: &generator) == 0 { task.due = Int.random(in: 1...28, using: &generator) }
                base.tasks.append(task)
            }
            base.tasks.sort { $0.group < $1.group }
            var ours = Side(model: base, nextID: 100), theirs = Side(model: base, nextID: 200)
            for _ in 0..<Int.random(in: 1...4, using: &generator) { ours.edit(&generator) }
            for _ in 0..<Int.random(in: 1...4, using: &generator) { theirs.edit(&generator) }
            return Case(base: base, ours: ours.model, theirs: theirs.model)
        }
    }

    /// The readings a file allows of what one side did, when they differ from what it did: a
    /// task deleted and another added in the same group, or with the same words, read as the
    /// first re-worded or moved; a task with the words another had read as that one; a changed task read as deleted and added (a merge may not
    /// know it again, and then marks a conflict where the other side changed it); two tasks
    /// with the same words read as each other.
    static func readings(of merge: Case) -> [Case] {
        let ours = readings(of: merge.ours, base: merge.base), theirs = readings(of: merge.theirs, base: merge.base)
        return ours.flatMap { mine in theirs.map { Case(base: merge.base, ours: mine, theirs: $0) } }
    }

    /// The readings of one side's model, itself first.
    static func readings(of model: Model, base: Model) -> [Model] {
        var result = [model]
        func with(_ change: (inout Model) -> Void) {
            var copy = model
            change(&copy)
            result.append(copy)
        }
        /// `model` with a deleted task read as one added in its group, or with its words.
        func joins(_ model: Model) -> [Model] {
            let kept = Set(model.tasks.map(\.id))
            var joined: [Model] = []
            for deleted in base.tasks where !kept.contains(deleted.id) {
                for (index, added) in model.tasks.enumerated() where added.id >= 100 && (added.group == deleted.group || added.words == deleted.words) {
                    var copy = model
                    copy.tasks[index].id = deleted.id
                    joined.append(copy)
                }
            }
            return joined
        }
        result += joins(model)
        // A changed task read as deleted and added: one at a time (and then what it left read
        // as another task re-worded there), then all of them, with every task that has a twin.
        var changed: [Int] = []
        let twins = Dictionary(grouping: base.tasks + model.tasks, by: \.words).filter { $0.value.count > 2 }
        // Where each task stands among the tasks of its group both versions have: one that
        // moved within its group changed too.
        let shared = Set(base.tasks.map(\.id)).intersection(model.tasks.map(\.id))
        func places(_ tasks: [ModelTask]) -> [Int: Int] {
            var result: [Int: Int] = [:], counts: [Int: Int] = [:]
            for task in tasks where shared.contains(task.id) {
                result[task.id] = counts[task.group, default: 0]
                counts[task.group, default: 0] += 1
            }
            return result
        }
        let (basePlaces, modelPlaces) = (places(base.tasks), places(model.tasks))
        for (index, task) in model.tasks.enumerated() {
            guard let original = base.tasks.first(where: { $0.id == task.id }) else { continue }
            if original != task || basePlaces[task.id] != modelPlaces[task.id] {
                var split = model
                split.tasks[index].id = 1_000 + task.id
                let once = joins(split)
                result += [split] + once + once.flatMap(joins)
            }
            if original != task || basePlaces[task.id] != modelPlaces[task.id] || twins[task.words] != nil { changed.append(index) }
        }
        if !changed.isEmpty {
            var all = model
            for index in changed { all.tasks[index].id += 1_000 }
            let once = joins(all)
            result += [all] + once + once.flatMap(joins)
        }
        // A task with the words another had in the ancestor read as that one, and that one as it.
        for (i, task) in model.tasks.enumerated() {
            for original in base.tasks where original.id != task.id && original.words == task.words && original.group == task.group {
                with { model in
                    if let j = model.tasks.firstIndex(where: { $0.id == original.id }) { model.tasks[j].id = task.id }
                    model.tasks[i].id = original.id
                }
            }
        }
        for (i, a) in model.tasks.enumerated() {
            for (j, b) in model.tasks.enumerated() where j > i && a.words == b.words {
                with { ($0.tasks[i].id, $0.tasks[j].id) = (b.id, a.id) }
            }
        }
        return result
    }

    /// What is wrong with the merge of one case, if anything, under every reading of it.
    static func failure(of merge: Case) -> String? {
        let result = TaskMerge.merge(base: Document(merge.base.render()), ours: Document(merge.ours.render()), theirs: Document(merge.theirs.render()))
        let text = String(decoding: result.bytes, as: UTF8.self)
        var first: String?
        for reading in readings(of: merge) {
            guard let failure = failure(of: reading, text: text, conflicts: result.conflicts) else { return nil }
            first = (first.map { $0 + " / " } ?? "") + failure
        }
        return first.map { "\($0)\n--- merged\n\(text)" }
    }

    static func failure(of merge: Case, text: String, conflicts: Int) -> String? {
        let result = (conflicts: conflicts, ())
        var (clean, conflicted, markers) = read(text)
        if markers != result.conflicts { return "\(result.conflicts) conflicts counted, \(markers) marked" }
        var mustConflict = false
        var cleanOrConflicted: [(key: String, line: String, optional: Bool, other: String?)] = []
        for expectation in expectations(base: merge.base, ours: merge.ours, theirs: merge.theirs) {
            switch expectation {
            case .absent: break
            case .conflict(let lines):
                mustConflict = true
                guard let line = lines.first(where: { conflicted[$0, default: 0] > 0 }) else {
                    return "a conflict around \(lines) is not marked"
                }
                conflicted[line, default: 0] -= 1
            case .wordsMerged(let lines, let group, let task, let added, let allowed):
                if let line = lines.first(where: { conflicted[$0, default: 0] > 0 }) {
                    conflicted[line, default: 0] -= 1
                    continue
                }
                var template = task
                template.words = "\u{1}"
                let parts = merge.base.line(template).components(separatedBy: "\u{1}")
                let candidate = clean.first { key, count in
                    guard count > 0, key.hasPrefix("\(group) " + parts[0]), key.hasSuffix(parts[1]) else { return false }
                    let words = Set(key.dropFirst("\(group) ".count + parts[0].count).dropLast(parts[1].count).split(separator: " ").map(String.init))
                    return added.isSubset(of: words) && words.isSubset(of: allowed)
                }
                guard let found = candidate else { return "neither conflicting nor merged: \(lines)" }
                clean[found.key, default: 0] -= 1
            case .clean(let group, let line, let optional, let otherGroup):
                cleanOrConflicted.append(("\(group) \(line)", line, optional, otherGroup.map { "\($0) \(line)" }))
            }
        }
        if mustConflict, markers == 0 { return "no conflict marked" }
        for expected in cleanOrConflicted where !expected.optional {
            if clean[expected.key, default: 0] > 0 {
                clean[expected.key, default: 0] -= 1
            } else if let other = expected.other, clean[other, default: 0] > 0 {
                clean[other, default: 0] -= 1
            } else if markers > 0 {
                // Swept into a conflict: any version of it inside the markers.
                continue
            } else {
                return "missing: \(expected.key)"
            }
        }
        for expected in cleanOrConflicted where expected.optional && clean[expected.key, default: 0] > 0 {
            clean[expected.key, default: 0] -= 1
        }
        if let extra = clean.first(where: { $0.value > 0 }) { return "not either side's: \(extra.key)" }
        return nil
    }

    @Test func everyChangeLandsOnItsOwnTaskOrInAConflict() {
        // Longer runs by hand: TICK_MERGE_CASES=100000 TICK_MERGE_SEED=7 swift test --filter MergeLaw
        let environment = ProcessInfo.processInfo.environment
        var generator = SeededGenerator(seed: environment["TICK_MERGE_SEED"].flatMap(UInt64.init) ?? 43)
        var failures: [String] = [], clean = 0, wrong = 0
        let cases = environment["TICK_MERGE_CASES"].flatMap(Int.init) ?? 4_000
        for _ in 0..<cases {
            let merge = Self.generate(&generator)
            if let failure = Self.failure(of: merge) {
                wrong += 1
                guard failures.isEmpty else { continue }
                let ids = { (model: Model) in model.tasks.map { "\($0.id)@\($0.group)" }.joined(separator: " ") }
                failures.append("\(failure)\nids: \(ids(merge.base)) | \(ids(merge.ours)) | \(ids(merge.theirs))\n--- base\n\(merge.base.render())--- ours\n\(merge.ours.render())--- theirs\n\(merge.theirs.render())")
            } else if TaskMerge.merge(base: Document(merge.base.render()), ours: Document(merge.ours.render()),
                                      theirs: Document(merge.theirs.render())).conflicts == 0 {
                clean += 1
            }
        }
        #expect(wrong == 0, "\(wrong) of \(cases) wrong; the first:\n\(failures.first ?? "")")
        if !failures.isEmpty { return }
        // Most random pairs of edits touch different tasks: the merge must not hide behind conflicts.
        #expect(clean * 2 >= cases, "only \(clean) of \(cases) clean")
    }
}
