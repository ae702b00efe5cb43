/// Which task of one version of a file is which task of another: the identity `tick merge`
/// and `tick changes` share. Identity comes from place and unchanged context, never from words
/// in common, and a task that cannot be told apart from another with certainty is left
/// unpaired (a merge then marks a conflict around it rather than guess).
///
/// 1. Lines that occur once in each version, in the same order, are the same lines; between
///    them the same is asked again of the lines that occur once in that stretch (patience
///    diff's anchors).
/// 2. An unpaired task and an unpaired task with the same words (`TaskFingerprint.of`: text
///    without status, star and dates) pair when no other unpaired task of either version has
///    those words: a task ticked or re-dated, maybe moved on the way. Not when the place one
///    of them left (or took) holds an unpaired task of other words that could be it re-worded
///    (step 3): then neither reading is taken.
/// 3. A stretch left with no anchor where both versions have as many lines, each a task line
///    where the other has one, and one task still unpaired on each side, at the same place,
///    pairs those two when they have a word in common (one with none of the old words is a new
///    task as far as anyone can tell), unless another unpaired task has the words of either (it
///    may have moved there): a task re-worded in place. Two or more unpaired tasks in a stretch stay
///    unpaired (a re-worded task beside a deleted and a new one, twins of which one changed),
///    as do the tasks of a stretch whose lines do not stand at the same places (twins of which
///    one was deleted, a re-worded task beside a new one); only its other lines pair.
/// 4. Within two paired tasks' blocks of as many lines, unpaired tasks at the same place pair:
///    the subtasks of a moved task.
/// 5. Only for a view that tells a task's story (`tick changes`, `show --history`), never for a
///    merge: an open repeating task and the two unpaired tasks with its words, one closed, one
///    open, that `tick done` leaves of it: the closed one is it, the open one its next
///    occurrence.
/// 6. Only for such a view too: of the rest, tasks whose words mostly agree (at least half, by the Dice
///    coefficient of their word sets) pair, the most alike first, then the nearest: a task
///    re-worded beside a new one reads as edited rather than removed and added.
/// What is left was added (in the new version) or removed (from the old), or cannot be told.
package struct TaskMatching: Sendable {
    /// For each task of the old version, its index in the new one, or -1.
    private let forward: [Int32]
    /// For each task of the new version, its index in the old one, or -1.
    private let backward: [Int32]

    /// How deep the search for anchors goes before a stretch is settled as one: the cost of
    /// a hostile input stays bounded, and a deeper stretch only pairs fewer tasks.
    static let maximumDepth = 48

    package init(old: Document, new: Document, pairingSimilarWords: Bool = false) {
        var forward = [Int32](repeating: -1, count: old.tasks.count)
        var backward = [Int32](repeating: -1, count: new.tasks.count)
        func pair(_ a: Int, _ b: Int) {
            forward[a] = Int32(b)
            backward[b] = Int32(a)
        }
        var oldTaskAtLine = [Int32](repeating: -1, count: old.lines.count)
        for task in old.tasks { oldTaskAtLine[task.line] = Int32(task.index) }
        var newTaskAtLine = [Int32](repeating: -1, count: new.lines.count)
        for task in new.tasks { newTaskAtLine[task.line] = Int32(task.index) }

        // 1: lines.
        let lines = LineAlignment(old: Self.lineHashes(old), new: Self.lineHashes(new),
                                  oldIsTask: oldTaskAtLine.map { $0 >= 0 }, newIsTask: newTaskAtLine.map { $0 >= 0 })
        for (a, b) in lines.pairs where oldTaskAtLine[a] >= 0 && newTaskAtLine[b] >= 0 {
            pair(Int(oldTaskAtLine[a]), Int(newTaskAtLine[b]))
        }

        // 2: the same words, where only one unpaired task of each version has them.
        // Each unpaired task's fingerprint, worked out once for steps 2 and 3.
        var oldPrint: [Int: UInt64] = [:], newPrint: [Int: UInt64] = [:]
        var oldByWords: [UInt64: (count: Int, task: Int)] = [:]
        for task in old.tasks where forward[task.index] < 0 {
            let key = TaskFingerprint.of(task, in: old)
            oldPrint[task.index] = key
            oldByWords[key] = (oldByWords[key]?.count ?? 0) + 1 == 1 ? (1, task.index) : (2, task.index)
        }
        var newByWords: [UInt64: (count: Int, task: Int)] = [:]
        for task in new.tasks where backward[task.index] < 0 {
            let key = TaskFingerprint.of(task, in: new)
            newPrint[task.index] = key
            newByWords[key] = (newByWords[key]?.count ?? 0) + 1 == 1 ? (1, task.index) : (2, task.index)
        }
        // Each task's words, read when a doubt or a place asks for them, once.
        var oldWordSets: [Int: Set<Substring>] = [:], newWordSets: [Int: Set<Substring>] = [:]
        func oldWords(_ task: Int) -> Set<Substring> {
            if let known = oldWordSets[task] { return known }
            let words = Self.words(old.tasks[task], in: old)
            oldWordSets[task] = words
            return words
        }
        func newWords(_ task: Int) -> Set<Substring> {
            if let known = newWordSets[task] { return known }
            let words = Self.words(new.tasks[task], in: new)
            newWordSets[task] = words
            return words
        }
        var candidates: [(old: Int, new: Int)] = []
        var oldCandidate = [Bool](repeating: false, count: old.tasks.count), newCandidate = [Bool](repeating: false, count: new.tasks.count)
        for (key, oldEntry) in oldByWords where oldEntry.count == 1 {
            guard let newEntry = newByWords[key], newEntry.count == 1 else { continue }
            candidates.append((oldEntry.task, newEntry.task))
            oldCandidate[oldEntry.task] = true
            newCandidate[newEntry.task] = true
        }
        // A task whose place, in a stretch whose lines stand at the same places, holds an
        // unpaired task of other words with no partner of its own may have been re-worded there
        // rather than moved: neither reading is taken, and neither task pairs.
        var counterpart: [Int: Int] = [:], oldCounterpart: [Int: Int] = [:]
        for (a, b) in lines.sameShape {
            for (x, y) in zip(a, b) where oldTaskAtLine[x] >= 0 {
                counterpart[Int(oldTaskAtLine[x])] = Int(newTaskAtLine[y])
                oldCounterpart[Int(newTaskAtLine[y])] = Int(oldTaskAtLine[x])
            }
        }
        // Likewise a task whose stretch holds, in the other version, an unpaired task with no
        // partner of its own that has all its words and more (or fewer): it may have been
        // re-worded there, the task with its words being new (or another re-worded).
        var oldStretch: [Int: Int] = [:], newStretch: [Int: Int] = [:]
        for (index, (a, b)) in lines.stretches.enumerated() {
            for line in a where oldTaskAtLine[line] >= 0 { oldStretch[Int(oldTaskAtLine[line])] = index }
            for line in b where newTaskAtLine[line] >= 0 { newStretch[Int(newTaskAtLine[line])] = index }
        }
        func rewordedNearby(old task: Int, new partner: Int) -> Bool {
            if let stretch = oldStretch[task] {
                for line in lines.stretches[stretch].1 where newTaskAtLine[line] >= 0 {
                    let other = Int(newTaskAtLine[line])
                    guard other != partner, backward[other] < 0, !newCandidate[other] else { continue }
                    if oldWords(task).isSubset(of: newWords(other)) { return true }
                }
            }
            if let stretch = newStretch[partner] {
                for line in lines.stretches[stretch].0 where oldTaskAtLine[line] >= 0 {
                    let other = Int(oldTaskAtLine[line])
                    guard other != task, forward[other] < 0, !oldCandidate[other] else { continue }
                    if newWords(partner).isSubset(of: oldWords(other)) { return true }
                }
            }
            return false
        }
        /// Whether two tasks have a word in common: one with none of its old words is a new task
        /// as far as anyone can tell, not the old one re-worded.
        func shareAWord(_ a: Int, _ b: Int) -> Bool { !oldWords(a).isDisjoint(with: newWords(b)) }
        var doubtful = Set<Int>(), newDoubtful = Set<Int>()
        for (a, b) in candidates {
            let rewordedHere = counterpart[a].map { $0 != b && backward[$0] < 0 && !newCandidate[$0] && shareAWord(a, $0) } ?? false
            let rewordedThere = oldCounterpart[b].map { $0 != a && forward[$0] < 0 && !oldCandidate[$0] && shareAWord($0, b) } ?? false
            if rewordedHere || rewordedThere || rewordedNearby(old: a, new: b) {
                doubtful.insert(a)
                newDoubtful.insert(b)
                if let other = counterpart[a] { newDoubtful.insert(other) }
                if let other = oldCounterpart[b] { doubtful.insert(other) }
                continue
            }
            pair(a, b)
        }

        // 3: the one task left unpaired in a stretch whose lines stand at the same places,
        // unless another unpaired task has the words of either (it may have moved there).
        var oldPrints: [UInt64: Int] = [:], newPrints: [UInt64: Int] = [:]
        for task in old.tasks where forward[task.index] < 0 { oldPrints[oldPrint[task.index]!, default: 0] += 1 }
        for task in new.tasks where backward[task.index] < 0 { newPrints[newPrint[task.index]!, default: 0] += 1 }
        for (a, b) in lines.sameShape {
            let oldLeft = a.filter { oldTaskAtLine[$0] >= 0 && forward[Int(oldTaskAtLine[$0])] < 0 }
            let newLeft = b.filter { newTaskAtLine[$0] >= 0 && backward[Int(newTaskAtLine[$0])] < 0 }
            guard oldLeft.count == 1, newLeft.count == 1, oldLeft[0] - a.lowerBound == newLeft[0] - b.lowerBound else { continue }
            let (p, q) = (Int(oldTaskAtLine[oldLeft[0]]), Int(newTaskAtLine[newLeft[0]]))
            let (wordsOfP, wordsOfQ) = (oldPrint[p]!, newPrint[q]!)
            let otherOld = oldPrints[wordsOfQ, default: 0] - (wordsOfP == wordsOfQ ? 1 : 0)
            let otherNew = newPrints[wordsOfP, default: 0] - (wordsOfP == wordsOfQ ? 1 : 0)
            if !doubtful.contains(p), !newDoubtful.contains(q), otherOld == 0, otherNew == 0, shareAWord(p, q) { pair(p, q) }
        }

        // 4: subtasks at the same place in the blocks of two paired tasks, outermost first.
        for task in old.tasks {
            guard forward[task.index] >= 0 else { continue }
            let other = new.tasks[Int(forward[task.index])]
            guard task.lastLine - task.line == other.lastLine - other.line else { continue }
            for offset in 1..<max(1, task.lastLine - task.line + 1) {
                let a = oldTaskAtLine[task.line + offset], b = newTaskAtLine[other.line + offset]
                if a >= 0, b >= 0, forward[Int(a)] < 0, backward[Int(b)] < 0 { pair(Int(a), Int(b)) }
            }
        }
        // 5. A repeating task done, its next occurrence written beside it: of the two new
        // tasks with its words, the closed one is the task (done), the open one new. (What
        // `tick done` writes; a merge leaves it to the lines.)
        if pairingSimilarWords {
            var newTwins: [UInt64: [Int]] = [:]
            for task in new.tasks where backward[task.index] < 0 { newTwins[newPrint[task.index]!, default: []].append(task.index) }
            for task in old.tasks where forward[task.index] < 0 && !task.isClosed && task.fieldKinds.contains(.recurrence) {
                let key = oldPrint[task.index]!
                guard oldByWords[key]?.count == 1, let twins = newTwins[key], twins.count == 2 else { continue }
                let closed = twins.filter { new.tasks[$0].isClosed }
                if closed.count == 1 { pair(task.index, closed[0]) }
            }
        }
        // 6. Mostly the same words. Bounded: past a quarter of a million comparisons the rest
        // counts as added and removed.
        let oldLeft = old.tasks.indices.filter { forward[$0] < 0 }
        let newLeft = new.tasks.indices.filter { backward[$0] < 0 }
        if pairingSimilarWords, !oldLeft.isEmpty, !newLeft.isEmpty, oldLeft.count * newLeft.count <= 250_000 {
            let oldWords = oldLeft.map { Self.words(old.tasks[$0], in: old) }
            let newWords = newLeft.map { Self.words(new.tasks[$0], in: new) }
            var candidates: [(score: Double, distance: Int, a: Int, b: Int)] = []
            for (i, a) in oldLeft.enumerated() {
                for (j, b) in newLeft.enumerated() {
                    let common = oldWords[i].intersection(newWords[j]).count
                    let total = oldWords[i].count + newWords[j].count
                    guard total > 0 else { continue }
                    let score = 2 * Double(common) / Double(total)
                    if score >= 0.5 { candidates.append((score, abs(old.tasks[a].line - new.tasks[b].line), a, b)) }
                }
            }
            candidates.sort { ($0.score, -$0.distance) > ($1.score, -$1.distance) }
            for candidate in candidates where forward[candidate.a] < 0 && backward[candidate.b] < 0 {
                pair(candidate.a, candidate.b)
            }
        }
        self.forward = forward
        self.backward = backward
    }

    /// A task's words without its dates, in lower case.
    static func words(_ task: Task, in document: Document) -> Set<Substring> {
        var text = Array(document.textBytes(of: task))
        for range in document.fields(of: task).fields.filter(\.kind.isDate).map(\.range).reversed() {
            text.replaceSubrange(range, with: [Byte.space])
        }
        let string = String(decoding: text, as: UTF8.self).lowercased()
        return Set(string.split(whereSeparator: { $0 == " " || $0 == "\t" }))
    }

    /// The new version's index of the old version's task `index`, if it is still there.
    package func new(of index: Int) -> Int? { forward[index] < 0 ? nil : Int(forward[index]) }

    /// The old version's index of the new version's task `index`, if it was there.
    package func old(of index: Int) -> Int? { backward[index] < 0 ? nil : Int(backward[index]) }

    /// Each line's hash, its ending left out (a file whose endings changed keeps its tasks).
    package static func lineHashes(_ document: Document) -> [UInt64] {
        document.lines.map { ContentHash.of(document.bytes[$0.contentRange]) }
    }
}

/// The lines two versions share, as `TaskMatching` reads them: anchors that occur once in
/// each, found again in every stretch between them; in a stretch with none, the lines that
/// are not tasks, by place when its task lines stand at the same places, else by their
/// longest common subsequence.
struct LineAlignment {
    private(set) var pairs: [(Int, Int)] = []
    /// The stretches with no anchor whose task lines stand at the same places.
    private(set) var sameShape: [(Range<Int>, Range<Int>)] = []
    /// Every stretch with no anchor and lines in both versions.
    private(set) var stretches: [(Range<Int>, Range<Int>)] = []
    private let old: [UInt64], new: [UInt64]
    private let oldIsTask: [Bool], newIsTask: [Bool]

    init(old: [UInt64], new: [UInt64], oldIsTask: [Bool], newIsTask: [Bool]) {
        (self.old, self.new, self.oldIsTask, self.newIsTask) = (old, new, oldIsTask, newIsTask)
        align(0..<old.count, 0..<new.count, depth: 0)
        pairs.sort { $0.0 < $1.0 }
    }

    private mutating func align(_ a: Range<Int>, _ b: Range<Int>, depth: Int) {
        if a.isEmpty || b.isEmpty { return }
        let anchors = depth < TaskMatching.maximumDepth ? uniqueAnchors(a, b) : []
        if anchors.isEmpty { return settle(a, b) }
        var (lowA, lowB) = (a.lowerBound, b.lowerBound)
        for (x, y) in anchors {
            align(lowA..<x, lowB..<y, depth: depth + 1)
            pairs.append((x, y))
            (lowA, lowB) = (x + 1, y + 1)
        }
        align(lowA..<a.upperBound, lowB..<b.upperBound, depth: depth + 1)
    }

    /// The lines that occur once in each stretch, the longest run of them in the same order.
    private func uniqueAnchors(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)] {
        var counts: [UInt64: (a: Int32, b: Int32, at: Int32)] = [:]
        counts.reserveCapacity(a.count)
        for index in a { counts[old[index], default: (0, 0, 0)].a += 1 }
        for index in b {
            guard var entry = counts[new[index]], entry.a == 1 else { continue }
            entry.b += 1
            entry.at = Int32(index)
            counts[new[index]] = entry
        }
        let candidates = a.compactMap { index -> (Int, Int)? in
            guard let entry = counts[old[index]], entry.a == 1, entry.b == 1 else { return nil }
            return (index, Int(entry.at))
        }
        return SequenceDiff.longestIncreasing(candidates)
    }

    /// A stretch with no anchor: by place when its task lines stand at the same places,
    /// else its other lines by their longest common subsequence. No task line pairs here.
    private mutating func settle(_ a: Range<Int>, _ b: Range<Int>) {
        stretches.append((a, b))
        if a.count == b.count, zip(a, b).allSatisfy({ oldIsTask[$0] == newIsTask[$1] }) {
            pairs += zip(a, b).filter { !oldIsTask[$0.0] }
            sameShape.append((a, b))
            return
        }
        // Task lines get values no line of the other version has.
        let left = a.map { oldIsTask[$0] ? UInt64($0) << 1 | 1 : old[$0] << 1 }
        let right = b.map { newIsTask[$0] ? UInt64($0) << 1 | 1 &+ (1 << 62) : new[$0] << 1 }
        for (x, y) in SequenceDiff.matches(left, right) where !oldIsTask[a.lowerBound + x] {
            pairs.append((a.lowerBound + x, b.lowerBound + y))
        }
    }
}
