/// What identifies a task across edits of its line: a hash of its text without its due date.
///
/// Status, star and due date are what tick's edits change, so they are left out: a task done,
/// starred or re-dated keeps its fingerprint; a task whose words change gets a new one.
public enum TaskFingerprint {
    public static func of(_ task: Task) -> UInt64 {
        task.textBytes.withUnsafeBufferPointer { text in
            guard let cut = task.dueCut, cut.upperBound <= text.count else {
                return ContentHash.of(UnsafeRawBufferPointer(text))
            }
            var kept = Array(text[..<cut.lowerBound])
            kept += text[cut.upperBound...]
            return ContentHash.of(kept)
        }
    }

    /// The short form of a block signature in a `--json` reference (`LINE@FINGERPRINT`): 8 hex digits.
    public static func short(_ signature: UInt64) -> String { String(ContentHash.hex(signature).prefix(8)) }

    /// What tells a task from its duplicates: its group path, its text without its due date,
    /// and the lines of its block below its text (notes, subtasks) without their indentation.
    /// Its status and star are left out, as in `of`.
    public static func block(_ task: Task, in document: Document) -> UInt64 {
        block(task, in: document, groups: groupHashes(document))
    }

    /// `block`, with the group paths' hashes (`groupHashes`) worked out once per document.
    public static func block(_ task: Task, in document: Document, groups: [UInt64]) -> UInt64 {
        var hash = (task.group.map { groups[$0] } ?? 0) &* 0x0000_0100_0000_01B3 ^ of(task)
        if task.textLastLine < task.lastLine {
            for line in (task.textLastLine + 1)...task.lastLine {
                let content = document.content(ofLine: line).drop { $0 == 0x20 || $0 == 0x09 }
                hash = (hash &* 0x0000_0100_0000_01B3) ^ ContentHash.of(content)
            }
        }
        return hash
    }

    /// For each heading, a hash of its group path (its title after its parents').
    public static func groupHashes(_ document: Document) -> [UInt64] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(document.headings.count)
        for heading in document.headings {
            var title = heading.title
            let own = title.withUTF8 { ContentHash.of(UnsafeRawBufferPointer($0)) }
            hashes.append((heading.parent.map { hashes[$0] } ?? 0) &* 0x0000_0100_0000_01B3 ^ own)
        }
        return hashes
    }
}
