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
}
