extension Document {
    /// The key the file's tasks write fields of `kind` with in tick's dialect, as the first
    /// such field has it: a done date is `completed:` in a file whose tasks say
    /// `completed:2025-01-15`, where tick's own key is `done:`. Nil when no task has one.
    /// Only tasks whose fields include the kind are read. A stretch read with checkpoints has
    /// the whole file's (`FileSpelling`).
    func tickKey(for kind: TaskField.Kind) -> [UInt8]? {
        if let stretch { return stretch.spelling.key(for: kind) }
        // Asked once per task an edit changes: a file without such a field (most) answers at
        // once, not after a pass over its tasks (an edit of every task was quadratic).
        guard fieldUsage.uses(.tick), fieldUsage.records(kind) else { return nil }
        for task in tasks where task.fieldKinds.contains(kind) {
            if let key = tickKey(of: task, for: kind) { return key }
        }
        return nil
    }

    /// The key of `task`'s first field of `kind` in tick's dialect, when it has one.
    func tickKey(of task: Task, for kind: TaskField.Kind) -> [UInt8]? {
        let text = textBytes(of: task)
        for field in fields(of: task).fields where field.kind == kind && field.dialect == .tick
            && field.value.lowerBound > field.range.lowerBound {
            // `key:value`: the key ends at the colon before the value. (A todo.txt
            // priority, `(A)`, has no key.)
            let colon = text.startIndex + field.value.lowerBound - 1
            let key = text[(text.startIndex + field.range.lowerBound)..<max(text.startIndex + field.range.lowerBound, colon)]
            guard text[colon] == Byte.colon, !key.isEmpty, key.allSatisfy(Byte.isAlpha) else { continue }
            return Array(key)
        }
        return nil
    }

    /// How the file spells what an edit writes, read from its tasks.
    func spelling() -> FileSpelling {
        var reading = FileSpellingReading(readsKeys: fieldUsage.uses(.tick))
        for task in tasks { reading.read(task, in: self) }
        return reading.spelling
    }
}
