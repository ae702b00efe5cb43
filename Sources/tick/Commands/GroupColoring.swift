import TickCore

/// `tick group color NAME [COLOR|none]`: a group's title colour, kept in the project's
/// `.tick.toml` (`[colors]`), so that the task file itself stays as GitHub renders it.
enum GroupColoring {
    /// A colour entry of a group renamed or removed: its key, the key it goes by after the
    /// edit (nil: removed with the group), and its colour.
    typealias Moved = (old: String, new: String?, color: String)

    static func run(_ operands: [String], _ arguments: ParsedArguments, path: String, context: inout CommandContext) throws(TickError) {
        guard let name = operands.first else { throw TickError.usage(.missingOperand("group name"), command: GroupCommand.name) }
        if operands.count > 2 { throw TickError.usage(.unexpectedOperand(operands[2]), command: GroupCommand.name) }
        let document = context.environment.document(try FileReader.read(path))
        let heading = try EditSession.reporting(path) { () throws(EditError) in try Sections.resolve(name, in: document) }
        let key = Self.key(document.groupPath(ofHeading: heading), in: document)
        let shown = TerminalText.sanitized(key)
        // The entries that name this group alone in this file (or spell its key) are the
        // group's: the new one replaces them. One that names other groups too (`Work` for
        // `Home/Work` and a top-level Work) stays theirs; the new one, later, wins for this group.
        let matches = { (entry: String) in entry.lowercased() == key.lowercased() || GroupName(entry).groups(in: document) == [heading] }
        guard operands.count == 2 else {
            let color = SourceDocument(path: path, document: document, groupColors: context.config.groupColors).color(ofHeading: heading)
            let own = context.config.groupColors.entries.last { GroupName($0.name).groups(in: document).contains(heading) } != nil
            let said = color.map { own ? $0.name : "\($0.name) (its parent's)" } ?? "no colour"
            context.stdout.write(shown + ": " + said + "\n")
            return
        }
        let removing = ["none", "default"].contains(operands[1].lowercased())
        guard removing || GroupColor(operands[1]) != nil else {
            throw TickError.usage(.invalidValue(option: "COLOR", value: operands[1], expected: GroupColor.expected + ", or none"), command: GroupCommand.name)
        }
        let value = removing ? nil : GroupColor(operands[1])!.name
        let config = ConfigLoader.path(environment: context.environment) ?? ConfigLoader.name
        let said = shown + ": " + (value ?? "no colour") + " (" + PathBytes.display(config) + ")\n"
        if arguments.flag("dry-run") {
            context.stdout.write("would set " + said)
            return
        }
        _ = try write([(key, value, matches)], to: config, dryRun: false, context: &context)
        if !arguments.flag("quiet") { context.stdout.write(said) }
    }

    /// The colour entries that name the group `heading` of `document` or a group under it, each
    /// with the name it goes by once the group is renamed `title` (nil: removed with it).
    static func following(_ heading: Int, renamedTo title: String?, in document: Document, colors: GroupColors) -> [Moved] {
        var moved: [Moved] = []
        let depth = document.groupPath(ofHeading: heading).count - 1
        for entry in colors.entries {
            for named in GroupName(entry.name).groups(in: document) {
                var up: Int? = named
                while let current = up, current != heading { up = document.headings[current].parent }
                guard up != nil else { continue }
                var path = document.groupPath(ofHeading: named)
                if let title { path[depth] = title }
                moved.append((entry.name, title.map { _ in key(path, in: document) }, entry.color.name))
                break
            }
        }
        return moved
    }

    /// The key a group's colour is kept under: its path as views name it and `-g` reads it,
    /// without the file's title (`Document.title`), which a rename of the title then leaves
    /// as it is.
    static func key(_ path: [String], in document: Document) -> String {
        GroupName.written(document.title != nil && path.count > 1 ? Array(path.dropFirst()) : path)
    }

    /// How many Markdown files of the project `follow` reads at most.
    static let othersRead = 2_000

    /// Puts the colours of a group of `path` renamed or removed (`following`) under its new
    /// names, or takes them out, in the project's `.tick.toml`; journaled with the edit (one
    /// `tick undo` takes both back). `after`: the file as the edit leaves it. An entry that
    /// still names another group, of this file or of another Markdown file of the project's
    /// folder, stays (the new name is added beside it); a new name that has a colour already
    /// (an entry names the group as it is now called) keeps it, and a warning says the colour
    /// was not carried. With `dryRun`, the change is printed as a diff. A failure is a
    /// warning: the group edit stands.
    static func follow(_ moved: [Moved], of path: String, after: Document, dryRun: Bool,
                       context: inout CommandContext) {
        guard !moved.isEmpty, let config = ConfigLoader.path(environment: context.environment) else { return }
        let edited = Syscalls.realPath(path)
        var others: [Document]?, walked = false
        // The other files are read only in a project's folder (a git checkout's top, or the
        // edited file's own folder), and up to `othersRead` of them: a `.tick.toml` in a home
        // folder is not a reason to read every note under it. Unread, an entry is kept.
        let folder = Paths.directory(of: config).isEmpty ? "." : Paths.directory(of: config)
        let readable = Syscalls.linkStatus(folder + "/.git") != nil || Syscalls.realPath(folder) == edited.map(Paths.directory(of:))
        func stillNamed(_ key: String) -> Bool {
            if !GroupName(key).groups(in: after).isEmpty { return true }
            guard readable else { return true }
            if !walked {
                walked = true
                let files = (try? PathWalker.files([folder])) ?? []
                others = files.count > othersRead ? nil : files.filter { Syscalls.realPath($0) != edited }.compactMap { file in
                    (try? FileReader.read(file)).map { context.environment.document($0) }
                }
            }
            guard let others else { return true }
            return others.contains { !GroupName(key).groups(in: $0).isEmpty }
        }
        let colors = context.config.groupColors
        var entries: [(key: String, value: String?, replacing: (String) -> Bool)] = []
        var carried: [String] = [], kept: [String] = []
        for entry in moved {
            let stays = stillNamed(entry.old)
            guard let new = entry.new else {
                if !stays { entries.append((entry.old, nil, { $0 == entry.old })) }
                continue
            }
            // Another entry that names the group as it is now called gives it its colour.
            let renamed = Set(GroupName(new).groups(in: after))
            if let taken = colors.entries.last(where: { $0.name != entry.old && !renamed.isDisjoint(with: GroupName($0.name).groups(in: after)) }) {
                if !stays { entries.append((entry.old, nil, { $0 == entry.old })) }
                kept.append("'\(new)' has the colour \(PathBytes.display(config)) gives '\(taken.name)' (\(taken.color.name)); its own (\(entry.color)) is not carried")
                continue
            }
            entries.append((new, entry.color, { (!stays && $0 == entry.old) || $0.lowercased() == new.lowercased() }))
            carried.append("'\(new)'")
        }
        do throws(TickError) {
            let changed = entries.isEmpty ? false : try write(entries, to: config, dryRun: dryRun, context: &context)
            for warning in kept { context.warn(warning) }
            guard changed, !dryRun else { return }
            let file = PathBytes.display(config), one = carried.count == 1
            if moved.allSatisfy({ $0.new == nil }) {
                context.note(moved.count == 1 ? "its colour in \(file) is removed too" : "its colours in \(file) are removed too")
            } else if !carried.isEmpty {
                context.note((one ? "its colour in \(file) goes with it: " : "its colours in \(file) go with it: ") + carried.joined(separator: ", "))
            }
        } catch {
            context.warn("the group's colour in \(PathBytes.display(config)) is left as it was: \(error.message)")
        }
    }

    /// Sets (or, with no value, removes) each entry's key in `[colors]` of the configuration
    /// at `config`, the entries each replaces first: one journaled rewrite; with `dryRun`, its
    /// diff printed instead. Whether it changes the file.
    private static func write(_ entries: [(key: String, value: String?, replacing: (String) -> Bool)], to config: String,
                              dryRun: Bool, context: inout CommandContext) throws(TickError) -> Bool {
        func edit(_ bytes: [UInt8]) -> [UInt8] {
            var edited = bytes
            for entry in entries { edited = ProjectConfigEdit.setting(entry.key, to: entry.value, in: "colors", replacing: entry.replacing, in: edited) }
            return edited
        }
        if dryRun {
            let bytes = Syscalls.fileStatus(config) == nil ? [] : try FileReader.read(config)
            let edited = edit(bytes)
            let before = Document(bytes: bytes)
            context.stdout.write(UnifiedDiff.render(before, Splice.between(before, Document(bytes: edited)), path: PathBytes.display(config),
                                                    after: edited, creating: bytes.isEmpty && Syscalls.fileStatus(config) == nil))
            return edited != bytes
        }
        var created = false, changed = false
        try FileCreator.creatingIfMissing(config) { (made: Bool) throws(TickError) in
            created = made
            // Recorded in the journal like any edit: `tick undo` takes the colour back.
            let written = try Journal.update(config, environment: context.environment, created: made) { bytes throws(TickError) in
                let edited = edit(bytes)
                changed = edited != bytes
                // What tick writes, tick must read back: a file it cannot parse is left as it was.
                do throws(ProjectConfig.ParseError) { _ = try ProjectConfig(parsing: String(decoding: edited, as: UTF8.self)) } catch {
                    throw TickError.refused("\(PathBytes.display(config)):\(error.line): \(error.message); fix it before setting a colour")
                }
                return Journal.Rewrite(bytes: edited, splices: nil, tasks: 0)
            }
            if let warning = written.warning { context.warn(warning) }
        }
        if created, !context.quiet { context.stderr.write("tick: created \(PathBytes.display(config))\n") }
        return changed
    }
}
