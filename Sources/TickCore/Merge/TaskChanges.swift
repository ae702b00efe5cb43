/// What happened to the tasks between two versions of a file (`tick changes`), by task
/// rather than by line: tasks are matched as `TaskMatching` matches them.
package struct TaskChange: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case added, removed, completed, cancelled, reopened, started, stopped, starred, unstarred, edited, moved, redated
    }

    /// What changed, most telling first (`completed` before `moved`).
    package let kinds: [Kind]
    /// The task's index in the old version (nil when added).
    package let old: Int?
    /// The task's index in the new version (nil when removed).
    package let new: Int?
}

package enum TaskChanges {
    /// The changes, in the new version's order, each removed task where it stood among them,
    /// and the groups renamed (their headings in each version): a task of a renamed group,
    /// or of a group under one, has not moved.
    package static func between(old: Document, new: Document) -> (tasks: [TaskChange], renamedGroups: [(old: Int, new: Int)]) {
        let matching = TaskMatching(old: old, new: new, pairingSimilarWords: true)
        let same = GroupCorrespondence(old: old, new: new, matching: matching)
        var result: [TaskChange] = []
        var removed = old.tasks.indices.filter { matching.new(of: $0) == nil }[...]
        let oldGroups = TaskFingerprint.groupHashes(old), newGroups = TaskFingerprint.groupHashes(new)
        for task in new.tasks {
            guard let origin = matching.old(of: task.index) else {
                // Added and closed since (a repeating task's done occurrences, a task done the
                // day it was written): what became of it first.
                let closed: [TaskChange.Kind] = task.statusType == .done ? [.completed] : task.statusType == .cancelled ? [.cancelled] : []
                result.append(TaskChange(kinds: closed + [.added], old: nil, new: task.index))
                continue
            }
            // Tasks removed before this one's old place come first.
            while let first = removed.first, first < origin {
                result.append(TaskChange(kinds: [.removed], old: first, new: nil))
                removed.removeFirst()
            }
            var kinds = Self.kinds(from: old.tasks[origin], in: old, to: task, in: new, groups: (oldGroups, newGroups))
            if let group = old.tasks[origin].group, let renamed = same.groups[group], renamed == task.group { kinds.removeAll { $0 == .moved } }
            if !kinds.isEmpty { result.append(TaskChange(kinds: kinds, old: origin, new: task.index)) }
        }
        for index in removed { result.append(TaskChange(kinds: [.removed], old: index, new: nil)) }
        let renamed = same.groups.filter { old.headings[$0.key].title.trimmingSpaces != new.headings[$0.value].title.trimmingSpaces }
            .map { (old: $0.key, new: $0.value) }.sorted { $0.new < $1.new }
        return (result, renamed)
    }

    /// What changed between two versions of one task, most telling first. `groups`: the two
    /// documents' `TaskFingerprint.groupHashes`, worked out once by a caller with many tasks.
    package static func kinds(from before: Task, in old: Document, to task: Task, in new: Document,
                             groups: ([UInt64], [UInt64])? = nil) -> [TaskChange.Kind] {
        let (oldGroups, newGroups) = groups ?? (TaskFingerprint.groupHashes(old), TaskFingerprint.groupHashes(new))
        var kinds: [TaskChange.Kind] = []
        if before.statusType != task.statusType {
            switch (before.statusType, task.statusType) {
            case (_, .done): kinds.append(.completed)
            case (_, .cancelled): kinds.append(.cancelled)
            case (.done, _), (.cancelled, _): kinds.append(.reopened)
            case (_, .doing): kinds.append(.started)
            default: kinds.append(.stopped)
            }
        }
        if before.important != task.important { kinds.append(task.important ? .starred : .unstarred) }
        if TaskFingerprint.of(before, in: old) != TaskFingerprint.of(task, in: new) { kinds.append(.edited) }
        if (before.group.map { oldGroups[$0] } ?? 0) != (task.group.map { newGroups[$0] } ?? 0) { kinds.append(.moved) }
        if before.due != task.due { kinds.append(.redated) }
        return kinds
    }
}

/// The groups of one version that are the same group in another: their headings, old to new.
///
/// A group is the same when every task of it that is in both versions went to one group,
/// which took tasks from no other, and either the two have one path (titles compared without
/// case: `work` written `Work` is renamed), or neither path is in the other version and
/// their parents are the same group too (a group renamed, or under a renamed one). A parent
/// found so (a group of subgroups alone, renamed) is the same group too. Tasks all moved into
/// a group that was there before, or a group moved under another parent, are moved.
struct GroupCorrespondence {
    private(set) var groups: [Int: Int] = [:]
    private let old: Document, new: Document

    init(old: Document, new: Document, matching: TaskMatching) {
        self.old = old
        self.new = new
        var targets: [Int: Set<Int>] = [:], sources: [Int: Set<Int>] = [:]
        for task in new.tasks {
            guard let origin = matching.old(of: task.index), let from = old.tasks[origin].group, let to = task.group else { continue }
            targets[from, default: []].insert(to)
            sources[to, default: []].insert(from)
        }
        for (from, into) in targets.sorted(by: { $0.key < $1.key }) where into.count == 1 {
            let to = into.first!
            guard sources[to] == [from] else { continue }
            _ = pair(from, to)
        }
        // A group with no task of its own is paired by its place: the heading at the same
        // index, of the same level, when both versions have as many (a rename of an empty
        // group, whose archive's subgroup was renamed with it), and `pair` finds it is one.
        guard old.headings.count == new.headings.count else { return }
        var taken = Set(groups.values)
        for index in old.headings.indices where groups[index] == nil && !taken.contains(index) && old.headings[index].level == new.headings[index].level {
            if pair(index, index) { taken = Set(groups.values) }
        }
    }

    /// Whether the old group `from` is the new group `to` (nil: above the first heading),
    /// recording the pair (and its parents') when it is.
    private mutating func pair(_ from: Int?, _ to: Int?) -> Bool {
        guard let from, let to else { return from == nil && to == nil }
        if let known = groups[from] { return known == to }
        let oldPath = old.groupPath(ofHeading: from), newPath = new.groupPath(ofHeading: to)
        if Sections.pathKey(oldPath) == Sections.pathKey(newPath) {
            groups[from] = to
            return true
        }
        guard Sections.group(atPath: oldPath, in: new) == nil, Sections.group(atPath: newPath, in: old) == nil,
              pair(old.headings[from].parent, new.headings[to].parent) else { return false }
        groups[from] = to
        return true
    }
}
