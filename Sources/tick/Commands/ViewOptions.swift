import TickCore

/// What the task views (list, today, overdue, important, completed, board) share: the filters,
/// the inputs, colour and today's date.
struct ViewOptions {
    static let filters = [
        OptionSpec("file", short: "f", value: "FILE", help: "Read FILE; repeatable (default: operands, TICK_FILE, else .tick.toml's [tasks] file, else the nearest TODO.md)."),
        OptionSpec("group", short: "g", value: "GROUP", help: "Only tasks in GROUP and its subgroups (a path such as 'Work/Backend', any case)."),
        OptionSpec("open", help: "Open tasks ([ ])."),
        OptionSpec("doing", help: "Tasks in progress ([/])."),
        OptionSpec("done", help: "Done and other closed tasks ([x], [-], ...)."),
        OptionSpec("all", short: "a", help: "Tasks of every status (with --open, --doing or --done, of those), waiting ones too."),
        OptionSpec("important", short: "i", help: "Only starred tasks."),
        OptionSpec("due", value: "WHEN", help: "today, tomorrow, week, overdue, soon, none, any, before:DATE, after:DATE or a DATE."),
        OptionSpec("tag", short: "t", value: "TAG", help: "Only tasks with #TAG (or +project, @context); repeatable: any of them."),
        OptionSpec("not-tag", short: "T", value: "TAG", help: "Leave out tasks with TAG; repeatable."),
        OptionSpec("exclude", short: "x", value: "WORD", help: "Leave out tasks whose text contains WORD; repeatable."),
        OptionSpec("since", value: "DATE", help: "Only tasks done on or after DATE by their done date: monday (the last one), -7d, 2026-11-01."),
        OptionSpec("priority", short: "p", value: "P", help: "Only tasks of priority P or higher: highest, high, medium, low, lowest, or A-Z."),
        OptionSpec("waiting", help: "Only tasks to do whose start date is still to come (hidden otherwise, unless --all)."),
        stdinFilename,
        noIgnore,
    ]
    /// Folder walks read ignored files too.
    static let noIgnore = OptionSpec("no-ignore", help: "In folders, read files .gitignore, .git/info/exclude and .tickignore exclude too.")
    /// What `-` (standard input) is called in output; every reading command takes it.
    static let stdinFilename = OptionSpec("stdin-filename", value: "NAME", help: "Call standard input (-) NAME in the output.")
    static let output = [
        OptionSpec("json", help: "Print the tasks as a JSON array, one object per line (schema in tick(1))."),
        OptionSpec("color", value: "WHEN", help: "Colour output: auto (default: on a terminal without NO_COLOR), always or never."),
    ]

    var query = TaskQuery()
    var paths: [String] = []
    /// Whether the command line named the files (else `paths` is the file tick found).
    var namesFiles = false
    let today: CivilDate
    let style: TextStyle
    /// The view's command (`today`), and whether options narrowed its own query (for
    /// `completed`, besides `--since`): for what an empty view says.
    let command: String
    private let narrowed: Bool
    /// Whether one input is standard input (`-`).
    private(set) var readsStandardInput = false
    /// Whether folder walks honour ignore files (not with `--no-ignore`).
    private(set) var honoursIgnoreFiles = true
    /// Whether the statuses shown were asked for (`--open`, `--doing`, `--done`, `--since`),
    /// which `--all` does not widen.
    private(set) var asksStatuses = false

    /// Reads the options; `defaults` is the view's own query (what `tick today` means), which
    /// the options narrow or widen. Operands that name an existing file or folder are inputs;
    /// any other operand is a word the task text must contain.
    init(_ arguments: ParsedArguments, command: String, defaults: TaskQuery, environment: Environment,
         acceptsWords: Bool = true) throws(TickError) {
        self.command = command
        narrowed = Self.hasFilter(arguments, besides: command == "completed" ? ["since"] : [])
        today = try environment.today()
        do { style = try ColorChoice(option: arguments.value("color")).style(for: 1, environment: environment) } catch {
            throw .usage(error, command: command)
        }
        query = try Self.query(arguments, command: command, defaults: defaults, today: today)
        query.globalFilter = environment.globalFilter
        paths = arguments.allValues("file")
        for operand in arguments.operands {
            if operand == FileReader.standardInput || Syscalls.fileStatus(operand) != nil || !acceptsWords || Self.looksLikePath(operand) {
                paths.append(operand)
            } else {
                query.words.append(operand)
            }
        }
        namesFiles = !paths.isEmpty
        if paths.isEmpty { paths = [try TodoFileLocator.locate(explicit: nil, environment: environment)] }
        readsStandardInput = paths.contains(FileReader.standardInput)
        honoursIgnoreFiles = !arguments.flag("no-ignore")
        asksStatuses = ["open", "doing", "done"].contains { arguments.flag($0) } || arguments.value("since") != nil
    }

    /// The filters given as options, applied to `defaults`.
    static func query(_ arguments: ParsedArguments, command: String, defaults: TaskQuery, today: CivilDate) throws(TickError) -> TaskQuery {
        var query = defaults
        var statuses = TaskQuery.StatusClasses()
        if arguments.flag("open") { statuses.insert(.open) }
        if arguments.flag("doing") { statuses.insert(.doing) }
        if arguments.flag("done") { statuses.insert(.closed) }
        // --all widens to every status only where no status is named: `rm --done -a` is the
        // done tasks (filters combine, never widen one another), with waiting ones shown.
        if arguments.flag("all") { query.waiting = .shown }
        if !statuses.isEmpty {
            query.statuses = statuses
        } else if arguments.flag("all") {
            query.statuses = nil
        }
        if arguments.flag("waiting") { query.waiting = .only }
        if let text = arguments.value("priority") {
            guard let priority = Priority(name: text), priority != .none else {
                throw .usage(.invalidValue(option: "--priority", value: text, expected: "highest, high, medium, low, lowest, or a letter A-Z"), command: command)
            }
            query.minimumPriority = priority
        }
        // One group (with its subgroups): a second -g would silently replace the first.
        let groups = arguments.allValues("group")
        if groups.count > 1 {
            throw .usage(.invalidValue(option: "--group", value: groups[1], expected: "a single --group; a group's subgroups come with it"), command: command)
        }
        if let group = groups.first { query.group = GroupName(group) }
        if arguments.flag("important") { query.importantOnly = true }
        if let due = arguments.value("due") {
            guard let filter = DueFilter(parsing: due, today: today) else {
                // A day that does not exist says why (`before:nov 31`).
                let date = due.split(separator: ":", maxSplits: 1).last.map(String.init) ?? due
                if let reason = DateExpression.noDay(date) {
                    throw .usage(.invalidValue(option: "--due", value: due, expected: "a date, and '\(date)' is not one: \(reason)"), command: command)
                }
                let words = ["today", "tomorrow", "week", "overdue", "soon", "none", "any"]
                throw .usage(.invalidValue(option: "--due", value: due,
                                           expected: "today, tomorrow, week, overdue, soon, none, any, before:DATE, after:DATE or a date",
                                           suggestion: Suggestion.nearest(to: due.lowercased(), among: words)),
                             command: command)
            }
            query.due = filter
        }
        query.tags += arguments.allValues("tag")
        query.excludedTags += arguments.allValues("not-tag")
        for word in arguments.allValues("exclude") {
            // Every text holds the empty word: it would hide every task without a word said.
            guard !word.allSatisfy(\.isWhitespace) else {
                throw .usage(.invalidValue(option: "--exclude", value: word, expected: "a word"), command: command)
            }
            query.excludedWords.append(word)
        }
        if let since = arguments.value("since") {
            query.doneSince = try sinceDate(since, today: today, command: command)
            query.statuses = [.closed]
        }
        return query
    }

    /// A `--since` date: a weekday means the last one (`--since monday` is this week's, today
    /// on a Monday); any other date is the date it says, a future one too.
    static func sinceDate(_ text: String, today: CivilDate, command: String) throws(TickError) -> CivilDate {
        guard var date = DateExpression.parse(text, today: today) else {
            throw .usage(.invalidValue(option: "--since", value: text, expected: "a date: YYYY-MM-DD, a weekday, -7d, today"), command: command)
        }
        if DateExpression.isWeekday(text), let earlier = date.adding(days: -7) { date = earlier }
        return date
    }

    /// Whether any filter option is given (but those `besides`).
    static func hasFilter(_ arguments: ParsedArguments, besides: [String] = []) -> Bool {
        filters.contains { !(["file", "stdin-filename", "no-ignore"] + besides).contains($0.long) && ($0.value == nil ? arguments.flag($0.long) : arguments.value($0.long) != nil) }
    }

    /// When a view showed nothing, says so (`EmptyView`): a word looked for may be a
    /// mistyped file or folder name (`tick list TODO.mdx`), or name a task of a status the
    /// view hides. `source`: the one file read, when not `--json`; said on a terminal alone.
    func noteNothingFound(context: inout CommandContext, source: SourceDocument? = nil) {
        let read = source.flatMap { source -> EmptyView.File? in
            guard Syscalls.isTerminal(1) || !query.words.isEmpty else { return nil }
            var every = query
            every.statuses = nil
            every.waiting = .shown
            let also = (query.words.isEmpty && !narrowed) || query.statuses == nil ? [] : ViewItem.select([source], query: every, today: today)
            let hidden = also.count == 1 ? source.document.tasks[also[0].task] : nil
            return EmptyView.File(path: source.path, tasks: source.document.tasks.count, named: namesFiles, alsoMatching: also.count,
                                  hidden: hidden.map { ($0.line + 1, EmptyView.kind(of: $0, in: source.document, today: today), source.document.text(of: $0)) },
                                  statusesAsked: asksStatuses)
        }
        if let note = EmptyView.note(command: command, query: query, narrowed: narrowed, file: read) { context.note(note) }
    }

    /// On a terminal, when the view left out tasks it would show but for a start date still
    /// to come, says how many and how to see them: a task just added with `t:` is not lost.
    func noteWaiting(context: inout CommandContext, source: SourceDocument) {
        guard query.waiting == .hidden, Syscalls.isTerminal(1) else { return }
        var waiting = query
        waiting.waiting = .only
        let count = ViewItem.select([source], query: waiting, today: today).count
        guard count > 0 else { return }
        context.note("\(count == 1 ? "1 task starts" : "\(count) tasks start") later and \(count == 1 ? "is" : "are") not shown; 'tick \(command) --waiting' shows \(count == 1 ? "it" : "them")")
    }

    /// A name with a slash or a Markdown extension is meant as a file even when it is missing,
    /// so that a typo gets "no such file" rather than an empty search.
    static func looksLikePath(_ operand: String) -> Bool {
        operand.contains("/") || PathWalker.isMarkdown(operand)
    }

    /// The files the view reads. A `--group` that names no group in any of them is an error.
    /// `files`: what `PathWalker` found for `paths`, when the caller has it already.
    func load(files found: [String]? = nil, environment: Environment) throws(TickError) -> [SourceDocument] {
        let files: [String]
        if let found { files = found } else { files = try PathWalker.files(paths, ignoring: honoursIgnoreFiles) }
        var sources = try files.map { path throws(TickError) in try DocumentLoader.load(path, environment: environment) }
        // `--since` on tasks that record no done date: the file's git history dates them.
        if let since = query.doneSince {
            for (index, path) in files.enumerated() where path != FileReader.standardInput {
                sources[index].closedSince = GitHistory.closedSince(since, path: path, document: sources[index].document, environment: environment)
            }
        }
        if let group = query.group, !sources.contains(where: { !group.groups(in: $0.document).isEmpty }) {
            let place = sources.count == 1 ? sources[0].path : "\(sources.count) files"
            throw TickError.refused("no group '\(group.text)' in \(place)"
                + GroupName.didYouMean(group.suggestions(in: sources.map(\.document))) + "; 'tick groups' lists them")
        }
        return sources
    }

    /// What a list view shows: the tasks of one file, from its document (`whole`), or the rows
    /// of a folder's files (or several files), rendered where each was read.
    enum ListSelection {
        case whole(SourceDocument, [ViewItem])
        case rows([ListRows], listings: [ListingStore.Shown])
    }

    /// The tasks a list view shows. One file is read and kept whole: its rows are rendered
    /// from it a slice at a time as they print. Several are read, parsed and their rows
    /// rendered on every core, a chunk at a time (`ListRows`): each document is dropped once
    /// its rows are, so a folder of any size costs the memory of a chunk and of the rows the
    /// view prints. `options.showFiles` is set from the files found.
    func select(_ options: inout ListRows.Options, environment: Environment) throws(TickError) -> ListSelection {
        let files = try PathWalker.files(paths, ignoring: honoursIgnoreFiles)
        options.showFiles = files.count > 1
        if files.count == 1 {
            let sources = try load(files: files, environment: environment)
            return .whole(sources[0], ViewItem.select(sources, query: query, today: today))
        }
        var shown: [ListRows] = []
        let options = options
        let listings = try readShown(files, environment: environment) { source, tasks in
            ListRows(source, tasks: tasks[...], options: options)
        } consume: { shown.append($0) }
        return .rows(shown, listings: listings)
    }

    /// Reads `files` on every core, a chunk of 256 at a time, selects each one's tasks, and
    /// has `render` make what the view shows of a file with tasks (its rows, its board) where
    /// the file was read; `consume` gets those in file order as each chunk ends, and the
    /// documents are dropped. Returns the listings to record: whole for the first
    /// `ListingArchive.fileLimit` files with tasks (what the state folder keeps), a stub for
    /// the rest. A `--group` that names no group in any file is an error, as in `load`; one
    /// that is the name of groups in some files and the start of a title in others
    /// (`GroupName.match`: `Work` in one, `Workshop` in another) shows the first ones alone,
    /// so with `--group` the files that show rows are consumed once every file is read.
    func readShown<Part: Sendable>(_ files: [String], environment: Environment,
                                    render: @escaping @Sendable (SourceDocument, [Int]) -> Part,
                                    consume: (Part) -> Void) throws(TickError) -> [ListingStore.Shown] {
        let query = self.query, today = self.today
        let workers = ParallelWork.workerCount(environment: environment)
        var listings: [ListingStore.Shown] = []
        func keep(_ file: ReadFile<Part>) {
            if let shown = file.shown { consume(shown) }
            if let listing = file.listing {
                listings.append(listings.count < ListingArchive.fileLimit ? listing
                                : ListingStore.Shown(listing.file, listing: Listing.stub(fileHash: listing.listing.fileHash)))
            }
        }
        // With --group: the files it matched in the strongest way so far.
        var pending: [ReadFile<Part>] = [], strongest = Int.max
        var start = 0
        while start < files.count {
            let count = min(files.count - start, 256)
            let first = start
            // Only the newest `ListingArchive.fileLimit` files a view shows keep their listings
            // whole (`ListingStore`); once that many show rows, the rest keep a stub.
            let detailed = listings.count + pending.count < ListingArchive.fileLimit
            let results = ParallelWork.map(count, workers: workers) { offset -> WorkerFile<Part> in
                let path = files[first + offset]
                do throws(TickError) {
                    // A view of due dates skips the parse of a file that has none (most files of
                    // a notes folder), as a search would: `TaskQuery.mayMatch`.
                    var source = try DocumentLoader.load(path, environment: environment) { !query.mayMatch($0) }
                    // `--since` on tasks that record no done date: the file's git history dates them.
                    if let since = query.doneSince, path != FileReader.standardInput {
                        source.closedSince = GitHistory.closedSince(since, path: path, document: source.document, environment: environment)
                    }
                    let rule = query.group.map { $0.match(in: source.document).tier } ?? 1
                    let matcher = query.matcher(for: source.document, today: today, closedSince: source.closedSince)
                    let tasks = Array(source.document.tasks.lazy.filter { matcher.matches($0) }.map(\.index))
                    guard !tasks.isEmpty else { return .read(ReadFile(shown: nil, listing: nil, rule: rule)) }
                    // Standard input is no file to edit, whatever --stdin-filename calls it.
                    let listing = path == FileReader.standardInput ? nil : (try? AtomicFile.names(of: source.path)).map {
                        ListingStore.Shown($0, listing: detailed ? Listing(shown: tasks, in: source.document)
                                                                 : Listing.stub(fileHash: ContentDigest.version(of: source.document.bytes)))
                    }
                    return .read(ReadFile(shown: render(source, tasks), listing: listing, rule: rule))
                } catch {
                    return .failed(error)
                }
            }
            for result in results {
                let file: ReadFile<Part>
                switch result {
                case .read(let read): file = read
                case .failed(let error): throw error
                }
                if query.group == nil {
                    keep(file)
                } else if file.rule > 0, file.rule <= strongest {
                    if file.rule < strongest { (pending, strongest) = ([], file.rule) }
                    if file.shown != nil { pending.append(file) }
                }
            }
            start += count
        }
        if query.group != nil {
            // No file has the group: `load` reads them again to say so, with a suggestion.
            guard strongest < Int.max else {
                _ = try load(environment: environment)
                return []
            }
            for file in pending { keep(file) }
        }
        return listings
    }

    /// What a worker makes of one file of a view. Not a `Result`: its `Failure: Error`
    /// requirement costs every run a runtime conformance lookup.
    private enum WorkerFile<Part: Sendable>: Sendable {
        case read(ReadFile<Part>)
        case failed(TickError)
    }

    /// What a file shows and its listing, when it has tasks to show (a struct, not a case with
    /// several values: those are a tuple, whose metadata the runtime instantiates at start-up).
    private struct ReadFile<Part: Sendable>: Sendable {
        let shown: Part?
        let listing: ListingStore.Shown?
        /// How `--group` matched groups in the file (`GroupName.match`; 0: none), 1 without one.
        let rule: Int
    }

    /// Records, per file, which task each printed line number showed (`ListingStore`), so that
    /// an edit by number acts on that task even after tick's edits moved it.
    func recordListing(_ items: [ViewItem], in sources: [SourceDocument], context: inout CommandContext) {
        var shown = [[Int]](repeating: [], count: sources.count)
        for item in items { shown[item.source].append(item.task) }
        var listings: [ListingStore.Shown] = []
        for (index, source) in sources.enumerated() where !shown[index].isEmpty {
            if let listing = listing(Listing(shown: shown[index], in: source.document), of: source.path, context: context) {
                listings.append(listing)
            }
        }
        if let warning = ListingStore.record(listings, environment: context.environment) { context.warn(warning) }
    }

    /// Records `listing`, what a view showed of the file it shows as `path`, when it showed a task.
    func recordListing(_ listing: Listing, of path: String, context: inout CommandContext) {
        guard !listing.entries.isEmpty, let shown = self.listing(listing, of: path, context: context) else { return }
        if let warning = ListingStore.record([shown], environment: context.environment) { context.warn(warning) }
    }

    /// `listing` as the state folder keeps it, under the file's real path; nil for standard
    /// input, which is no file to edit, whatever --stdin-filename calls it.
    private func listing(_ listing: Listing, of path: String, context: CommandContext) -> ListingStore.Shown? {
        if readsStandardInput && path == context.environment.standardInputName { return nil }
        return (try? AtomicFile.names(of: path)).map { ListingStore.Shown($0, listing: listing) }
    }
}
