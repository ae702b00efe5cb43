/// What identifies a task across edits of its line: a hash of its text without its due date.
///
/// Status, star and due date are what tick's edits change, so they are left out: a task done,
/// starred or re-dated keeps its fingerprint; a task whose words change gets a new one.
public enum TaskFingerprint {
    public static func of(_ task: Task) -> UInt64 {
        task.textBytes.withUnsafeBufferPointer { text in
            guard let value = task.dueValue, let cut = ListView.dueTokenCut(text, value: value) else {
                return ContentHash.of(UnsafeRawBufferPointer(text))
            }
            var kept = Array(text[..<cut.lowerBound])
            kept += text[cut.upperBound...]
            return ContentHash.of(kept)
        }
    }

    /// The short form in a `--json` reference (`LINE@FINGERPRINT`): 8 hex digits.
    public static func short(_ task: Task) -> String { String(ContentHash.hex(of(task)).prefix(8)) }

    /// What tells a task from its duplicates: its group path, its text without its due date,
    /// and the lines of its block below its text (notes, subtasks) without their indentation.
    /// Its status and star are left out, as in `of`.
    public static func block(_ task: Task, in document: Document) -> UInt64 {
        var bytes: [UInt8] = []
        for title in document.groupPath(of: task) { bytes += Array(title.utf8); bytes.append(0x0A) }
        bytes += withUnsafeBytes(of: of(task).littleEndian) { Array($0) }
        if task.textLastLine < task.lastLine {
            for line in (task.textLastLine + 1)...task.lastLine {
                let content = document.content(ofLine: line)
                bytes.append(0x0A)
                bytes += content.drop { $0 == 0x20 || $0 == 0x09 }
            }
        }
        return ContentHash.of(bytes)
    }
}
