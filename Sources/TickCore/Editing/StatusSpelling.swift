extension Document {
    /// How many of the first tasks the done letter is read from.
    static let doneLetterTasks = 1_000

    /// The letter a done checkbox takes in this file: `X` where most of its done tasks are
    /// written `[X]` (some files use it throughout), else GitHub's `x`. Read from the first
    /// done tasks (at most 16, among the first 1 000 tasks), so that an edit of every task of a
    /// large file does not read every task again for each one. A stretch read with checkpoints
    /// has the whole file's.
    func doneLetter() -> UInt8 {
        if let stretch { return stretch.spelling.doneLetter }
        var reading = DoneLetterReading()
        for task in tasks {
            if reading.isDone { break }
            reading.count(task, in: bytes)
        }
        return reading.letter
    }
}

/// The done letter (`Document.doneLetter`) read task by task, in file order.
struct DoneLetterReading {
    private var upper = 0, lower = 0
    /// How many tasks were read: an edit of later tasks cannot change the letter.
    private(set) var seen = 0

    /// Whether the letter is known: 16 done tasks, or 1 000 tasks, were read.
    var isDone: Bool { upper + lower == 16 || seen == Document.doneLetterTasks }

    var letter: UInt8 { upper > lower ? UInt8(ascii: "X") : UInt8(ascii: "x") }

    mutating func count(_ task: Task, in bytes: [UInt8]) {
        seen += 1
        guard task.statusType == .done, task.checkboxEnd - task.checkboxStart == 3 else { return }
        switch bytes[task.checkboxStart + 1] {
        case UInt8(ascii: "X"): upper += 1
        case UInt8(ascii: "x"): lower += 1
        default: break
        }
    }
}
