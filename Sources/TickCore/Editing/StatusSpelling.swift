extension Document {
    /// The letter a done checkbox takes in this file: `X` where most of its done tasks are
    /// written `[X]` (some files use it throughout), else GitHub's `x`. Read from the first
    /// done tasks (at most 16, among the first 1 000 tasks), so that an edit of every task of a
    /// large file does not read every task again for each one.
    func doneLetter() -> UInt8 {
        var upper = 0, lower = 0
        for task in tasks.prefix(1_000) where task.statusType == .done && task.checkboxEnd - task.checkboxStart == 3 {
            switch bytes[task.checkboxStart + 1] {
            case UInt8(ascii: "X"): upper += 1
            case UInt8(ascii: "x"): lower += 1
            default: break
            }
            if upper + lower == 16 { break }
        }
        return upper > lower ? UInt8(ascii: "X") : UInt8(ascii: "x")
    }
}
