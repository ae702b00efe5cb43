#if canImport(Glibc)
import Glibc
#endif
import TickCore

/// `tick changes`: a diff of tasks, not lines, between two versions of task files: commits
/// of a git repository (through the `git` command), or two files.
enum ChangesCommand: Command {
    static let name = "changes"
    static let summary = "What happened to the tasks since a commit or a date: added, done, edited, moved, removed."
    static let usage = "tick changes [REV | REV..REV | --since DATE] [PATH]... | tick changes OLD.md NEW.md"
    static let options = [
        OptionSpec("since", value: "DATE", help: "Since the last commit before DATE (YYYY-MM-DD, monday, -7d, …), to the working tree."),
        OptionSpec("format", value: "FORMAT", help: "text (default), json (the list schema with 'change', 'changes' and 'was') or markdown (a stand-up note)."),
        OptionSpec("json", help: "Same as --format json."),
        OptionSpec("color", value: "WHEN", help: "auto (default: on a terminal without NO_COLOR), always or never."),
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick changes", "The task file in the working tree against HEAD."),
        ("tick changes --since monday --format markdown", "This week's changes as a stand-up note (Done, Added, …)."),
        ("tick changes v1.0..v1.1 docs/", "Between two commits, in every Markdown file under docs/ (renames followed)."),
        ("tick changes old.md new.md", "Two files, no repository needed."),
    ]

    /// git's empty tree: the old side when no commit is old enough.
    static let emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let format = arguments.flag("json") ? "json" : arguments.value("format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            throw TickError.usage(.invalidValue(option: "--format", value: format, expected: "text, json or markdown"), command: name)
        }
        let style: TextStyle
        do { style = try ColorChoice(option: arguments.value("color")).style(for: 1, environment: context.environment) } catch {
            throw TickError.usage(error, command: name)
        }
        let today = try context.environment.today()
        let files = try versions(arguments, today: today, environment: context.environment)
        switch format {
        case "json":
            ChangesView.json(files) { context.stdout.write(bytes: $0) }
        case "markdown":
            context.stdout.write(ChangesView.markdown(files))
        default:
            context.stdout.write(ChangesView.render(files, today: today, style: style))
            // Nothing printed is said on a terminal, where an empty answer looks like a hang
            // or a failure; a script reads no output as no change.
            if files.allSatisfy(\.isEmpty), Syscalls.isTerminal(1) {
                context.note(files.isEmpty ? "no task file changed" : "no task changed in the \(files.count == 1 ? "file" : "\(files.count) files") compared")
            }
            // Read on a terminal, the numbers of the tasks as they are now count as a listing,
            // as lint's do: a number typed next means what changes showed there.
            if Syscalls.isTerminal(1) {
                let listings = files.compactMap { file -> ListingStore.Shown? in
                    guard let current = file.current, !file.changes.isEmpty, let names = try? AtomicFile.names(of: current) else { return nil }
                    return ListingStore.Shown(names, listing: file.listing)
                }
                if !listings.isEmpty, let warning = ListingStore.record(listings, environment: context.environment) { context.warn(warning) }
            }
        }
        return 0
    }

    /// The two versions of each file to compare.
    static func versions(_ arguments: ParsedArguments, today: CivilDate, environment: Environment) throws(TickError) -> [ChangesView.File] {
        var operands = arguments.operands
        // Two files: no repository needed.
        if operands.count == 2, arguments.value("since") == nil, operands.allSatisfy({ isFile($0) }) {
            let old = environment.document(try FileReader.read(operands[0]))
            let new = environment.document(try FileReader.read(operands[1]))
            return [ChangesView.File(path: environment.shown(operands[1]), old: old, new: new, current: operands[1])]
        }
        do throws(TickError) { _ = try Git.topLevel() } catch {
            throw TickError.refused(error.message + "; to compare two files: tick changes OLD.md NEW.md")
        }
        // In a repository without commits, everything is new.
        var old = try Git.run(["rev-parse", "--verify", "--quiet", "HEAD"]).status == 0 ? "HEAD" : emptyTree
        var new: String?
        // The revision is the first operand that names no file here.
        if let index = operands.firstIndex(where: { Syscalls.linkStatus($0) == nil }) {
            let revision = operands.remove(at: index)
            let parts = revision.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 {
                old = String(parts[0])
                new = String(parts[1])
                if old.isEmpty { old = "HEAD" }
                if new!.isEmpty { new = "HEAD" }
            } else {
                old = revision
            }
            for name in [old] + (new.map { [$0] } ?? []) {
                guard try Git.run(["rev-parse", "--verify", "--quiet", name + "^{commit}"]).status == 0 else {
                    throw TickError.refused("'\(name)' is neither a file nor a commit" + (PathWalker.isMarkdown(name) ? " (no such file)" : ""))
                }
            }
        }
        if let since = arguments.value("since") {
            let date = try ViewOptions.sinceDate(since, today: today, command: name)
            let found = try Git.checked(["rev-list", "-1", "--before=\(date)T00:00:00", "HEAD"]).text.split(separator: "\n").first
            old = found.map(String.init) ?? emptyTree
            new = nil
        }
        if operands.isEmpty {
            operands = [try TodoFileLocator.locate(explicit: nil, environment: environment, naming: "or folder: tick changes PATH")]
        }
        // Which files changed, renames followed, paths as given (relative to here).
        let listed = try Git.checked(["diff", "--name-status", "-M", "-z", "--relative", old] + (new.map { [$0] } ?? []) + ["--"] + operands)
        var fields = listed.stdout.split(separator: 0, omittingEmptySubsequences: false).map { PathBytes.string(from: $0) }[...]
        var files: [ChangesView.File] = []
        let named = Set(operands.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
        while let status = fields.popFirst(), !status.isEmpty {
            guard let first = fields.popFirst() else { break }
            var renamed = status.hasPrefix("R") || status.hasPrefix("C")
            let second = renamed ? fields.popFirst() ?? first : first
            guard PathWalker.isMarkdown(second) || PathWalker.isMarkdown(first) else { continue }
            // A file named by its new name alone shows as added: look for the name it had.
            var oldName = first, added = status.hasPrefix("A")
            if added, named.contains(second) {
                let former = GitHistory.formerName(of: second, in: old, upTo: new, folder: ".")
                if former != second { (oldName, added, renamed) = (former, false, true) }
            }
            let oldBytes = added ? [] : try Git.checked(["show", "\(old):./\(oldName)"]).stdout
            let newBytes: [UInt8]
            var current: String?
            if status.hasPrefix("D") {
                newBytes = []
            } else if let new {
                newBytes = try Git.checked(["show", "\(new):./\(second)"]).stdout
            } else {
                newBytes = try FileReader.read(second)
                current = second
            }
            let path = renamed && !status.hasPrefix("C") ? "\(PathBytes.display(oldName)) → \(PathBytes.display(second))" : PathBytes.display(second)
            files.append(ChangesView.File(path: path, old: environment.document(oldBytes), new: environment.document(newBytes), current: current))
        }
        // Against the working tree, a task file git does not track yet is all new (git diff
        // lists tracked files only): the ones named, or found in the folders named, not ignored.
        if new == nil {
            let untracked = try Git.checked(["ls-files", "--others", "--exclude-standard", "-z", "--"] + operands)
            for name in untracked.stdout.split(separator: 0).map({ PathBytes.string(from: $0) }) where PathWalker.isMarkdown(name) {
                files.append(ChangesView.File(path: PathBytes.display(name), old: environment.document([]),
                                              new: environment.document(try FileReader.read(name)), current: name))
            }
        }
        return files
    }

    private static func isFile(_ path: String) -> Bool {
        guard let info = Syscalls.fileStatus(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }
}
