/// A task's text lines as an edit changes them: each line's content and where its text starts,
/// and the splices that write the changed ones.
struct TaskLines {
    let task: Task
    private(set) var contents: [[UInt8]]
    private(set) var textStarts: [Int]
    private let originals: [[UInt8]]

    init(_ task: Task, in document: Document) {
        self.task = task
        var contents: [[UInt8]] = [], starts: [Int] = []
        for line in task.line...task.textLastLine {
            contents.append(Array(document.content(ofLine: line)))
            starts.append(TaskEdits.textStart(ofLine: line, of: task, in: document) - document.lines[line].start)
        }
        self.contents = contents
        textStarts = starts
        originals = contents
    }

    /// The first line replaced (a status change): its text moves by the change in length.
    mutating func replaceFirst(with content: [UInt8]) {
        textStarts[0] += content.count - contents[0].count
        contents[0] = content
    }

    /// A field set on the line that has it, or added at the end of the text: on its last line,
    /// so that a wrapped sentence is not cut in two (`done:` after "about the" and before
    /// "kitchen sink"); or removed from every line. Refused when the text would not read the
    /// value back (`FieldEdits.line`).
    mutating func set(_ kind: TaskField.Kind, to value: [UInt8]?, dialect: TaskField.Dialect, key: [UInt8]? = nil) throws(EditError) {
        let follows = textFollows
        guard let value else {
            for index in contents.indices {
                if let removed = FieldEdits.line(contents[index], textStart: textStarts[index], kind: kind, value: nil, dialect: dialect,
                                                 textFollows: follows[index]) {
                    contents[index] = removed
                }
            }
            return
        }
        let index = contents.indices.first { FieldEdits.has(kind, in: contents[$0], textStart: textStarts[$0], textFollows: follows[$0]) }
            ?? contents.count - 1
        let refused = EditError.invalidText("\(kind.rawValue) \(String(decoding: value, as: UTF8.self)) cannot be written into \(index == 0 ? "" : "line \(task.line + index + 1) of ")the text of the task on line \(task.line + 1) so that it reads back (the fields around it would take it in), so nothing was written; set it in an editor")
        guard let written = FieldEdits.line(contents[index], textStart: textStarts[index], kind: kind, value: value, dialect: dialect, key: key,
                                            textFollows: follows[index]) else { throw refused }
        // The line reads every other field as before (`FieldEdits.line`); so must the lines
        // above it, whose Obsidian fields a word that is not one, after them, would make text.
        let before = otherFields(than: kind, follows: follows)
        contents[index] = written
        guard index == 0 || otherFields(than: kind, follows: textFollows) == before else { throw refused }
    }

    /// How many fields of other kinds than `kind` the task's lines read, and how many they
    /// leave unread, each line read as `follows` says (`textFollows`).
    private func otherFields(than kind: TaskField.Kind, follows: [Bool]) -> (read: Int, unread: Int) {
        var read = 0, unread = 0
        for index in contents.indices {
            let fields = TaskFields(contents[index][textStarts[index]...], textFollows: follows[index])
            read += fields.fields.count { $0.kind != kind }
            // (An unread field of `kind` the edit wrote over, a date written as a link, is the
            // edit's own.)
            unread += fields.unread.count { $0.kind != kind }
        }
        return (read, unread)
    }

    /// For each line, whether the task's text goes on after it in a way that makes the
    /// Obsidian fields at the end of the line text, as the parse reads them (the later lines
    /// hold more than an Obsidian ending, `TaskFields.obsidianEnding`): from the last line back.
    /// Never the first line, which ends the task as Obsidian Tasks reads it.
    private var textFollows: [Bool] {
        var follows = [Bool](repeating: false, count: contents.count)
        var ending = true
        for index in stride(from: contents.count - 2, through: 1, by: -1) {
            let next = contents[index + 1]
            ending = ending && TaskFields.obsidianEnding(next[textStarts[index + 1]...])
            follows[index] = !ending
        }
        return follows
    }

    /// Without the block links (`^id`) that name the task's line: the one that ends its text,
    /// and any among the Obsidian fields at the end of a line (`FieldScanner.passes`).
    mutating func removeBlockLinks() {
        let last = contents.count - 1
        contents[last] = BlockLink.removed(from: contents[last], textStart: textStarts[last])
        for index in contents.indices {
            let start = textStarts[index]
            guard let first = TaskFields(contents[index][start...]).fields.first(where: { $0.dialect == .obsidian }) else { continue }
            contents[index] = BlockLink.removedAmongFields(from: contents[index], after: start + first.range.upperBound)
        }
    }

    /// The lines as a new task writes them: without a wrapped line left with nothing but
    /// spaces (see `splices`).
    var written: [[UInt8]] {
        contents.enumerated().compactMap { index, content in index > 0 && content.allSatisfy(Byte.isSpaceOrTab) ? nil : content }
    }

    /// One splice per changed line. A wrapped line left with nothing but spaces (a field that
    /// stood alone on it, removed) goes: kept, it would be a blank line that ends the task's
    /// text there and makes the lines after it notes.
    var splices: [Splice] {
        contents.indices.compactMap { index in
            guard contents[index] != originals[index] else { return nil }
            if index > 0, contents[index].allSatisfy(Byte.isSpaceOrTab) { return .delete((task.line + index)..<(task.line + index + 1)) }
            return .replace(line: task.line + index, with: contents[index])
        }
    }
}
