import TickCore

enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check files for task problems: bad dates, malformed checkboxes, overdue tasks, layout."
    static let usage = "tick lint [--fix] [--strict] [--format text|json|github] [FILE|FOLDER]..."
    static let options = [
        OptionSpec("fix", help: "Repair what is fixable by formatting the file (tick fmt), then report the rest."),
        OptionSpec("strict", help: "Exit 1 on any finding, not only on errors."),
        OptionSpec("format", value: "FORMAT", help: "text (default: path:line:col: severity: message [rule]), json or github."),
        OptionSpec("json", help: "Same as --format json."),
        OptionSpec("enable", value: "RULE", help: "Turn RULE on at its default severity; repeatable."),
        OptionSpec("disable", value: "RULE", help: "Turn RULE off; repeatable."),
        OptionSpec("file", short: "f", value: "FILE", help: "Check FILE (or a folder); repeatable. '-' reads stdin."),
        ViewOptions.stdinFilename,
        ViewOptions.noIgnore,
    ]
    static let examples: [(command: String, explanation: String)] = [
        ("tick lint", "Check the nearest TODO.md."),
        ("tick lint --strict .", "In CI: fail on any finding in any Markdown file under ."),
        ("tick lint --disable overdue --format github docs/", "GitHub Actions annotations, without overdue warnings."),
        ("tick lint --fix TODO.md", "Fix trailing whitespace, endings and bullets; report the rest."),
    ]

    struct FileReport: Sendable {
        let diagnostics: [Diagnostic]
        let error: TickError?
        var warning: String? = nil
        /// With `--fix`, when the file was formatted: the findings that formatting fixed, as
        /// "formatted, which fixed 3 trailing-whitespace, 1 inconsistent-marker".
        var fixed: String? = nil
        /// The listing of the findings' lines, when a person reads them (`listsLines`).
        var listing: ListingStore.Shown? = nil
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        let today = try context.environment.today()
        let config = context.config
        var settings = config.lint
        for (option, value) in [("enable", true), ("disable", false)] {
            for name in arguments.allValues(option) {
                guard let rule = LintRule(rawValue: name) else {
                    throw .usage(.invalidValue(option: "--\(option)", value: name, expected: "a rule name (see tick(5), LINT RULES)"), command: self.name)
                }
                settings.set(rule, to: value ? rule.defaultSeverity : nil)
            }
        }
        let formatName = arguments.flag("json") ? "json" : arguments.value("format") ?? "text"
        guard let format = LintReport.Format(rawValue: formatName) else {
            throw .usage(.invalidValue(option: "--format", value: formatName, expected: "text, json or github"), command: name)
        }
        let named = arguments.allValues("file") + arguments.operands
        if arguments.flag("fix"), named.contains(FileReader.standardInput) {
            throw TickError.refused("lint --fix cannot fix standard input in place; tick fmt - prints it formatted")
        }
        let walked = try PathWalker.filesToCheck(named, ignoring: !arguments.flag("no-ignore"), environment: context.environment)
        let files = walked.map(\.path)
        let fix = arguments.flag("fix")
        let formatOptions = config.format
        // Findings read on a terminal give line numbers a person may type next (`tick done 3`):
        // they count as a listing of those lines, as `show`'s do, so that a number means
        // what lint showed there, not what an older listing did. (Not for a script or an
        // editor's lint on save, which print to no terminal: the user's listing stays.)
        let listsLines = format == .text && Syscalls.isTerminal(1)
        let rules = settings
        let environment = context.environment
        let reports = ParallelWork.map(files.count, workers: ParallelWork.workerCount(environment: context.environment)) { index in
            let file = walked[index]
            var report = check(file.path, place: file.place, today: today, settings: rules, fix: fix && file.writable, format: formatOptions,
                               environment: environment, listsLines: listsLines)
            if fix, !file.writable, report.diagnostics.contains(where: { $0.rule.fixable }) { report.warning = PathWalker.outsideLinkNotWritten(file.path) }
            return report
        }
        return report(files: files.map(environment.shown), reports: reports, format: format, strict: arguments.flag("strict"), context: &context)
    }

    static func check(_ path: String, place: WalkedPlace? = nil, today: CivilDate, settings: LintSettings, fix: Bool, format: FormatOptions,
                      environment: Environment, listsLines: Bool = false) -> FileReport {
        do throws(TickError) {
            var bytes: [UInt8] = []
            var warning: String?
            var before: [Diagnostic]?
            if fix {
                // The formatted bytes are what is on disk afterwards, written or not.
                warning = try Journal.update(path, place: place, environment: environment) { current throws(TickError) in
                    try EditSession.refuseUneditable(current, path: path)
                    let document = environment.document(current)
                    let result = Formatter.format(document, options: format)
                    bytes = result.bytes
                    guard result.changed else { return nil }
                    before = Linter.lint(document, today: today, settings: settings)
                    return Journal.Rewrite(bytes: result.bytes, splices: result.splices, tasks: 0, before: document)
                }.warning
            } else {
                bytes = try FileReader.read(path)
            }
            let document = environment.document(bytes)
            let diagnostics = Linter.lint(document, today: today, settings: settings)
            var report = FileReport(diagnostics: diagnostics, error: nil, warning: warning,
                                    fixed: before.map { "formatted" + (LintReport.fixedRules(before: $0, after: diagnostics).map { ", which fixed " + $0 } ?? "") })
            if listsLines, !diagnostics.isEmpty, path != FileReader.standardInput, let names = try? AtomicFile.names(of: path) {
                let lines = Set(diagnostics.map { $0.line - 1 })
                report.listing = ListingStore.Shown(names, listing: Listing(shown: document.tasks.filter { lines.contains($0.line) }.map(\.index), in: document))
            }
            return report
        } catch {
            return FileReport(diagnostics: [], error: error)
        }
    }

    static func report(files: [String], reports: [FileReport], format: LintReport.Format, strict: Bool,
                       context: inout CommandContext) -> Int32 {
        var failed = false
        for (path, report) in zip(files, reports) {
            if let fixed = report.fixed { context.note("\(path): \(fixed)") }
            if let warning = report.warning { context.warn(warning) }
            if let error = report.error {
                context.stderr.write("tick: \(TerminalText.oneLine(error.message))\n")
                failed = true
            }
        }
        LintReport.write(zip(files, reports).map { ($0, $1.diagnostics) }, format: format) { context.stdout.write(bytes: $0) }
        // The numbers of the tasks on the lines shown, read on a terminal, are a listing.
        let listings = reports.compactMap(\.listing)
        if !listings.isEmpty, let warning = ListingStore.record(listings, environment: context.environment) { context.warn(warning) }
        if let summary = LintReport.summary(reports.map(\.diagnostics)) { context.stderr.write(summary + "\n") }
        let errors = reports.contains { $0.diagnostics.contains { $0.severity == .error } }
        if failed { return 2 }
        if errors || (strict && reports.contains { !$0.diagnostics.isEmpty }) { return 1 }
        return 0
    }
}
