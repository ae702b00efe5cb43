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
        let same = sameGroups(old: old, new: new, matching: matching)
        var result: [TaskChange] = []
        var removed = old.tasks.indices.filter { matching.new(of: $0) == nil }[...]
        let oldGroups = TaskFingerprint.groupHashes(old), newGroups = TaskFingerprint.groupHashes(new)
        for task in new.tasks {
            guard let origin = matching.old(of: task.index) else {
                result.append(TaskChange(kinds: [.added], old: nil, new: task.index))
                continue
            }
            // Tasks removed before this one's old place come first.
            while let first = removed.first, first < origin {
                result.append(TaskChange(kinds: [.removed], old: first, new: nil))
                removed.removeFirst()
            }
            var kinds = Self.kinds(from: old.tasks[origin], in: old, to: task, in: new, groups: (oldGroups, newGroups))
            if let group = old.tasks[origin].group, let renamed = same[group], renamed == task.group { kinds.removeAll { $0 == .moved } }
            if !kinds.isEmpty { result.append(TaskChange(kinds: kinds, old: origin, new: task.index)) }
        }
        for index in removed { result.append(TaskChange(kinds: [.removed], old: index, new: nil)) }
        let renamed = same.filter { old.headings[$0.key].title.trimmingSpaces != new.headings[$0.value].title.trimmingSpaces }
            .map { (old: $0.key, new: $0.value) }.sorted { $0.new < $1.new }
        return (result, renamed)
    }

    /// The groups of `old` that are one group of `new` under another path: every task of the
    /// group that is in both went to one group, which took tasks from no other, and neither
    /// path is in the other version (a group renamed, or under a renamed one). Tasks all moved
    /// into a group that was there before are moved, not renamed.
    static func sameGroups(old: Document, new: Document, matching: TaskMatching) -> [Int: Int] {
        var targets: [Int: Set<Int>] = [:], sources: [Int: Set<Int>] = [:]
        for task in new.tasks {
            guard let origin = matching.old(of: task.index), let from = old.tasks[origin].group, let to = task.group else { continue }
            targets[from, default: []].insert(to)
            sources[to, default: []].insert(from)
        }
        var result: [Int: Int] = [:]
        for (from, into) in targets where into.count == 1 {
            let to = into.first!
            guard sources[to] == [from], Sections.group(atPath: old.groupPath(ofHeading: from), in: new) == nil,
                  Sections.group(atPath: new.groupPath(ofHeading: to), in: old) == nil else { continue }
            result[from] = to
        }
        return result
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
