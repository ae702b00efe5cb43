/// Which task of one version of a file is which task of another: the identity `tick changes`
/// and `tick merge` share, so that a task moved and completed in one commit reads as one task.
///
/// 1. A task on a line the two versions share (their longest common subsequence of lines) is
///    the same task.
/// 2. Of the rest, tasks with the same words (`TaskFingerprint.of`: text without status, star
///    and dates) pair in file order: a task ticked, re-dated or moved to another group.
/// 3. Of the rest, tasks whose words mostly agree (at least half, by the Dice coefficient of
///    their word sets) pair, the most alike first, then the nearest in the file: a task
///    whose text was edited.
/// What is left was added (in the new version) or removed (from the old).
public struct TaskMatching: Sendable {
    /// For each task of the old version, its index in the new one, or -1.
    private let forward: [Int32]
    /// For each task of the new version, its index in the old one, or -1.
    private let backward: [Int32]

    /// `lines`: the matching lines of the two versions, when the caller has them already.
    public init(old: Document, new: Document, lines: [(Int, Int)]? = nil) {
        var forward = [Int32](repeating: -1, count: old.tasks.count)
        var backward = [Int32](repeating: -1, count: new.tasks.count)
        func pair(_ a: Int, _ b: Int) {
            forward[a] = Int32(b)
            backward[b] = Int32(a)
        }
        // 1. Shared lines.
        let matches = lines ?? SequenceDiff.matches(Self.lineHashes(old), Self.lineHashes(new))
        var newTaskAtLine = [Int32](repeating: -1, count: new.lines.count)
        for task in new.tasks { newTaskAtLine[task.line] = Int32(task.index) }
        var oldTaskAtLine = [Int32](repeating: -1, count: old.lines.count)
        for task in old.tasks { oldTaskAtLine[task.line] = Int32(task.index) }
        for (a, b) in matches where oldTaskAtLine[a] >= 0 && newTaskAtLine[b] >= 0 {
            pair(Int(oldTaskAtLine[a]), Int(newTaskAtLine[b]))
        }
        // 2. Same words, in order.
        var waiting: [UInt64: [Int]] = [:]
        for task in new.tasks where backward[task.index] < 0 {
            waiting[TaskFingerprint.of(task, in: new), default: []].append(task.index)
        }
        var taken: [UInt64: Int] = [:]
        for task in old.tasks where forward[task.index] < 0 {
            let key = TaskFingerprint.of(task, in: old)
            guard let candidates = waiting[key] else { continue }
            let next = taken[key, default: 0]
            guard next < candidates.count else { continue }
            taken[key] = next + 1
            pair(task.index, candidates[next])
        }
        // 3. Mostly the same words. Bounded: past a quarter of a million comparisons the rest
        // counts as added and removed.
        let oldLeft = old.tasks.indices.filter { forward[$0] < 0 }
        let newLeft = new.tasks.indices.filter { backward[$0] < 0 }
        if !oldLeft.isEmpty, !newLeft.isEmpty, oldLeft.count * newLeft.count <= 250_000 {
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

    /// The new version's index of the old version's task `index`, if it is still there.
    public func new(of index: Int) -> Int? { forward[index] < 0 ? nil : Int(forward[index]) }

    /// The old version's index of the new version's task `index`, if it was there.
    public func old(of index: Int) -> Int? { backward[index] < 0 ? nil : Int(backward[index]) }

    /// Each line's hash, its ending left out (a file whose endings changed keeps its tasks).
    public static func lineHashes(_ document: Document) -> [UInt64] {
        document.lines.map { ContentHash.of(document.bytes[$0.contentRange]) }
    }

    /// A task's words without its dates, in lower case.
    static func words(_ task: Task, in document: Document) -> Set<Substring> {
        var text = Array(document.textBytes(of: task))
        for range in TaskFields.read(text[...]).fields.filter(\.kind.isDate).map(\.range).reversed() {
            text.replaceSubrange(range, with: [Byte.space])
        }
        let string = String(decoding: text, as: UTF8.self).lowercased()
        return Set(string.split(whereSeparator: { $0 == " " || $0 == "\t" }))
    }
}
