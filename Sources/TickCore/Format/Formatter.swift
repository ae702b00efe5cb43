/// `tick fmt`: rewrites a document into tick's canonical layout (described in tick(5)) without
/// changing what it means. Every rule is a change GitHub renders the same; where a change could
/// alter the rendering, that part is left as it is.
///
/// The layout: `-` as the bullet of task lists, lowercase `[x]`, one space after the marker of a
/// one-line task and after every checkbox, subtasks at their parent's content column, ATX
/// headings (`## Title`) with one blank line around them, no trailing whitespace (a two-space
/// hard break becomes a backslash), no runs of blank lines, no blank lines at the start or end,
/// exactly one final newline, one line ending.
/// Code, HTML, front matter, tables' cells and the words of tasks are never touched.
public enum Formatter {
    /// At most this many passes (`format`); two settle every input found so far.
    static let passLimit = 4

    /// The document in tick's layout: the rules applied until the output no longer changes.
    ///
    /// Each rule decides on the lines as they are, and one rule's change can open the way for
    /// another's: a tab mended between a subtask's marker and checkbox lets its list move to
    /// the parent's column, which the move refused while the tab was there. Rather than each
    /// rule foreseeing every other's effect, the output is formatted again until it stands
    /// (`tick fmt` twice changes nothing more). A file already in the layout costs one pass;
    /// one the first pass changes, one more parse of the output.
    public static func format(_ document: Document, options: FormatOptions = FormatOptions()) -> FormatResult {
        var result = pass(document, options: options)
        var passes = 1
        while result.changed, passes < passLimit {
            let formatted = Document(bytes: result.bytes, statuses: document.statuses)
            let again = pass(formatted, options: options)
            guard again.changed else { break }
            let splices = Splice.composed(result.splices, then: again.splices, from: document.lines.count, to: Document(bytes: again.bytes, statuses: document.statuses))
            result = FormatResult(bytes: again.bytes, splices: splices, changed: !ByteComparison.equal(again.bytes, document.bytes))
            passes += 1
        }
        return result
    }

    /// Every rule once, each on the lines as they are.
    static func pass(_ document: Document, options: FormatOptions) -> FormatResult {
        let plan = FormatPlan(document)
        var writer = FormatWriter(document: document, ending: options.lineEnding ?? document.dominantLineEnding)
        for index in document.lines.indices {
            if plan.deleted.contains(index) {
                writer.drop(index)
                if plan.blankAfter.contains(index) { writer.insertBlank(before: index + 1) }
                continue
            }
            if plan.blankBefore.contains(index) { writer.insertBlank(before: index) }
            if plan.collapsible[index] {
                writer.blank(index)
            } else {
                writer.line(index, content: plan.replacements[index])
            }
            if plan.blankAfter.contains(index) { writer.insertBlank(before: index + 1) }
        }
        return writer.finish()
    }
}

/// The formatter's output: the new bytes and the same change as splices, for `--diff`.
public struct FormatResult: Sendable {
    public let bytes: [UInt8]
    package let splices: [Splice]
    package let changed: Bool
}
