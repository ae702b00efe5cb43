/// How a file spells what an edit writes, read from its first tasks: the letter of a done
/// checkbox (`Document.doneLetter`) and the key of each field in tick's dialect
/// (`Document.tickKey(for:)`: a done date is `completed:` in a file whose first dated task says
/// so). Kept with parse checkpoints: a stretch's edit spells as the whole file's would.
package struct FileSpelling: Sendable, Equatable {
    let doneLetter: UInt8
    /// Per `TaskField.Kind.allCases`: the key of the first field of the kind in tick's dialect
    /// that has one, and the index of its task.
    let keys: [(key: [UInt8], task: Int)?]
    /// How many of the first tasks the done letter was read from: an edit of later tasks cannot
    /// change it. (The keys move with the first field of each kind, `ParseCheckpoints.after`.)
    let settledTasks: Int

    package static func == (left: FileSpelling, right: FileSpelling) -> Bool {
        left.doneLetter == right.doneLetter && left.settledTasks == right.settledTasks
            && left.keys.count == right.keys.count
            && zip(left.keys, right.keys).allSatisfy { $0?.key == $1?.key && $0?.task == $1?.task }
    }

    func key(for kind: TaskField.Kind) -> [UInt8]? { keys[Self.index(of: kind)]?.key }

    static func index(of kind: TaskField.Kind) -> Int { TaskField.Kind.allCases.firstIndex(of: kind)! }
}

/// A file's spelling read task by task, in file order, from one or more documents (an edit's
/// result is read from the original above and below its window and the window's reading).
struct FileSpellingReading {
    private var letter = DoneLetterReading()
    private var keys = [(key: [UInt8], task: Int)?](repeating: nil, count: TaskField.Kind.allCases.count)
    private var read = 0
    /// Whether keys are looked for: not in a file with no field in tick's dialect (an Obsidian
    /// vault's dates would each be read again for a key they cannot have).
    private let readsKeys: Bool

    init(readsKeys: Bool) { self.readsKeys = readsKeys }

    /// Reads the next task, of `document`.
    mutating func read(_ task: Task, in document: Document) {
        if !letter.isDone { letter.count(task, in: document.bytes) }
        if readsKeys, !task.fieldKinds.isEmpty {
            for (index, kind) in TaskField.Kind.allCases.enumerated() where keys[index] == nil && task.fieldKinds.contains(kind) {
                if let key = document.tickKey(of: task, for: kind) { keys[index] = (key, read) }
            }
        }
        read += 1
    }

    var spelling: FileSpelling {
        FileSpelling(doneLetter: letter.letter, keys: keys, settledTasks: letter.seen)
    }
}
