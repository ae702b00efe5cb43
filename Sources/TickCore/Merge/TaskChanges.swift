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
    /// The changes, in the new version's order, each removed task where it stood among them.
    package static func between(old: Document, new: Document) -> [TaskChange] {
        let matching = TaskMatching(old: old, new: new, pairingSimilarWords: true)
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
            let kinds = Self.kinds(from: old.tasks[origin], in: old, to: task, in: new, groups: (oldGroups, newGroups))
            if !kinds.isEmpty { result.append(TaskChange(kinds: kinds, old: origin, new: task.index)) }
        }
        for index in removed { result.append(TaskChange(kinds: [.removed], old: index, new: nil)) }
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
