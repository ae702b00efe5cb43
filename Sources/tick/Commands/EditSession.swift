import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// What every editing command shares: which file, `--dry-run`, the safe write, the undo record.
enum EditSession {
    static let commonOptions = [
        OptionSpec("file", short: "f", value: "FILE", help: "Edit FILE (default: TICK_FILE, else the nearest TODO.md)."),
        OptionSpec("dry-run", short: "n", help: "Print the change as a unified diff; write nothing."),
    ]

    /// Splits `FILE:LINE` references from plain ones, and groups references by file.
    static func targets(_ references: [String], _ arguments: ParsedArguments,
                        environment: Environment) throws(TickError) -> [(path: String, references: [String])] {
        var result: [(path: String, references: [String])] = []
        var defaultPath: String?
        for reference in references {
            var path: String
            var ref = reference
            if let colon = reference.lastIndex(of: ":"), colon != reference.startIndex {
                let line = reference[reference.index(after: colon)...]
                let file = String(reference[..<colon])
                // A name shown by a view with \xNN escapes names the file it was shown for.
                let named = Syscalls.fileStatus(file) != nil ? file : PathBytes.parse(displayed: file).flatMap { Syscalls.fileStatus($0) != nil ? $0 : nil }
                if !line.isEmpty, line.allSatisfy(\.isNumber), let file = named {
                    path = file
                    ref = String(line)
                    append(&result, path, ref)
                    continue
                }
            }
            if defaultPath == nil { defaultPath = try TodoFileLocator.locate(explicit: arguments.value("file"), environment: environment) }
            path = defaultPath!
            append(&result, path, ref)
        }
        return result
    }

    private static func append(_ result: inout [(path: String, references: [String])], _ path: String, _ reference: String) {
        if let index = result.firstIndex(where: { $0.path == path }) {
            result[index].references.append(reference)
        } else {
            result.append((path, [reference]))
        }
    }

    static func path(_ arguments: ParsedArguments, environment: Environment) throws(TickError) -> String {
        try TodoFileLocator.locate(explicit: arguments.value("file"), environment: environment)
    }

    /// Reads `path`, asks `body` for the splices, and writes the result (or prints a diff).
    @discardableResult
    static func edit(_ path: String, _ arguments: ParsedArguments, context: inout CommandContext,
                     _ body: (Document) throws(TickError) -> [Splice]) throws(TickError) -> Document? {
        if arguments.flag("dry-run") {
            let bytes = try FileReader.read(path)
            try refuseBinary(bytes, path: path)
            let document = Document(bytes: bytes)
            context.stdout.write(UnifiedDiff.render(document, try body(document), path: path))
            return document
        }
        var edited: Document?
        let warning = try UndoStore.update(path, environment: context.environment) { bytes throws(TickError) in
            try refuseBinary(bytes, path: path)
            let document = Document(bytes: bytes)
            edited = document
            let splices = try body(document)
            return splices.isEmpty ? nil : document.applying(splices)
        }.warning
        if let warning { context.warn(warning) }
        return edited
    }

    /// `edit` for a body that computes the edit in the core: its `EditError` is reported
    /// against `path`.
    @discardableResult
    static func applyEdit(_ path: String, _ arguments: ParsedArguments, context: inout CommandContext,
                          _ body: (Document) throws(EditError) -> [Splice]) throws(TickError) -> Document? {
        try edit(path, arguments, context: &context) { document throws(TickError) in
            try reporting(path) { () throws(EditError) in try body(document) }
        }
    }

    /// Core work whose `EditError` becomes the one-line error about `path`.
    static func reporting<T>(_ path: String, _ body: () throws(EditError) -> T) throws(TickError) -> T {
        do throws(EditError) { return try body() } catch { throw TickError.edit(error, path: path) }
    }

    /// Text from the command line that goes into the file: it must be UTF-8 (a name's raw
    /// bytes are kept for paths, see `PathBytes`, but never written into a todo file).
    static func text(_ argument: String) throws(TickError) -> String {
        guard PathBytes.hasRawBytes(argument) else { return argument }
        let bytes = PathBytes.bytes(of: argument)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TickError.refused("'\(PathBytes.display(argument))' is not valid UTF-8; tick writes text as UTF-8")
        }
        return text
    }

    /// A file with NUL bytes is not a text file tick should rewrite.
    static func refuseBinary(_ bytes: [UInt8], path: String) throws(TickError) {
        if bytes.contains(0) {
            throw TickError.refused("\(PathBytes.display(path)): contains NUL bytes; tick edits text files only")
        }
    }

    static func resolve(_ references: [String], in document: Document, path: String) throws(TickError) -> [Task] {
        try reporting(path) { () throws(EditError) in try TaskReference.resolve(references, in: document) }
    }

    /// Whether a question can be asked: both stdin and stderr are terminals.
    static var isInteractive: Bool { Syscalls.isTerminal(0) && Syscalls.isTerminal(2) }

    /// Asks a yes/no question when interactive; nil when not.
    static func confirm(_ question: String, context: inout CommandContext) -> Bool? {
        guard isInteractive else { return nil }
        context.stderr.write(question + " [y/N] ")
        context.stderr.flush()
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(0, &byte, 1) == 1, byte != 0x0A { answer.append(byte) }
        let text = String(decoding: answer, as: UTF8.self).lowercased()
        return text == "y" || text == "yes"
    }

    static func date(_ text: String, today: CivilDate, path: String) throws(TickError) -> CivilDate {
        guard let date = DateExpression.parse(text, today: today) else {
            throw TickError.edit(.invalidDate(text), path: path)
        }
        return date
    }
}
