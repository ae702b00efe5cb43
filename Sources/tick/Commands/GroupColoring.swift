import TickCore

/// `tick group color NAME [COLOR|none]`: a group's title colour, kept in the project's
/// `.tick.toml` (`[colors]`), so that the task file itself stays as GitHub renders it.
enum GroupColoring {
    static func run(_ operands: [String], _ arguments: ParsedArguments, path: String, context: inout CommandContext) throws(TickError) {
        guard let name = operands.first else { throw TickError.usage(.missingOperand("group name"), command: GroupCommand.name) }
        if operands.count > 2 { throw TickError.usage(.unexpectedOperand(operands[2]), command: GroupCommand.name) }
        let document = context.environment.document(try FileReader.read(path))
        let heading = try EditSession.reporting(path) { () throws(EditError) in try Sections.resolve(name, in: document) }
        let key = GroupColorFollow.key(document.groupPath(ofHeading: heading), in: document)
        let shown = TerminalText.sanitized(key)
        // The entries that name this group alone in this file (or spell its key) are the
        // group's: the new one replaces them. One that names other groups too (`Work` for
        // `Home/Work` and a top-level Work) stays theirs; the new one, later, wins for this group.
        let matches = { (entry: String) in entry.lowercased() == key.lowercased() || GroupName(entry).groups(in: document) == [heading] }
        let config = ConfigLoader.path(environment: context.environment) ?? ConfigLoader.name
        /// With --json: the group's path, its colour (null: none) and whether it is its own.
        func json(_ color: String?, own: Bool) {
            let object: JSON = .object(["group": .array(document.shownGroupPath(ofHeading: heading).map { .string($0) }),
                                        "color": color.map { .string($0) } ?? .null, "own": .bool(own), "file": .string(PathBytes.display(config))])
            context.stdout.write(bytes: object.encoded + [0x0A])
        }
        guard operands.count == 2 else {
            let color = SourceDocument(path: path, document: document, groupColors: context.config.groupColors).color(ofHeading: heading)
            let own = context.config.groupColors.entries.last { GroupName($0.name).groups(in: document).contains(heading) } != nil
            if arguments.flag("json") { return json(color?.name, own: own && color != nil) }
            let said = color.map { own ? $0.name : "\($0.name) (its parent's)" } ?? "no colour"
            context.stdout.write(shown + ": " + said + "\n")
            return
        }
        let removing = ["none", "default"].contains(operands[1].lowercased())
        guard removing || GroupColor(operands[1]) != nil else {
            throw TickError.usage(.invalidValue(option: "COLOR", value: operands[1], expected: GroupColor.expected + ", or none"), command: GroupCommand.name)
        }
        let value = removing ? nil : GroupColor(operands[1])!.name
        let said = shown + ": " + (value ?? "no colour") + " (" + PathBytes.display(config) + ")\n"
        if arguments.flag("dry-run") {
            if arguments.flag("json") { return json(value, own: value != nil) }
            context.stdout.write("would set " + said)
            return
        }
        _ = try write([GroupColorFollow.Setting(key: key, value: value, replacing: matches)], to: config, dryRun: false, context: &context)
        if arguments.flag("json") { return json(value, own: value != nil) }
        if !arguments.flag("quiet") { context.stdout.write(said) }
    }

    /// Puts the colours of a group of `path` renamed or removed (`GroupColorFollow`) under
    /// its new names, or takes them out, in the project's `.tick.toml`; journaled with the
    /// edit (one `tick undo` takes both back). `after`: the file as the edit leaves it. The
    /// other Markdown files are read only in a project's folder (a git checkout's top, or the
    /// edited file's own folder), and up to `GroupColorFollow.othersRead` of them: a
    /// `.tick.toml` in a home folder is not a reason to read every note under it. Unread, an
    /// entry is kept. With `dryRun`, the change is printed as a diff (with `json`, where JSON
    /// is printed, only said). A failure is a warning: the group edit stands.
    static func follow(_ moved: [GroupColorFollow.Moved], of path: String, after: Document, dryRun: Bool, json: Bool = false,
                       context: inout CommandContext) {
        guard !moved.isEmpty, let config = ConfigLoader.path(environment: context.environment) else { return }
        let edited = Syscalls.realPath(path)
        let folder = Paths.directory(of: config).isEmpty ? "." : Paths.directory(of: config)
        let readable = Syscalls.linkStatus(folder + "/.git") != nil || Syscalls.realPath(folder) == edited.map(Paths.directory(of:))
        let environment = context.environment
        let follow = GroupColorFollow(moved, after: after, colors: context.config.groupColors, file: PathBytes.display(config)) { keys in
            guard readable, let files = try? PathWalker.files([folder]), files.count <= GroupColorFollow.othersRead else { return Set(keys) }
            return GroupColorFollow.named(keys, in: files.lazy.filter { Syscalls.realPath($0) != edited }.compactMap { file in
                (try? FileReader.read(file)).map { environment.document($0) }
            })
        }
        do throws(TickError) {
            let changed = follow.settings.isEmpty ? false : try write(follow.settings, to: config, dryRun: dryRun, json: json, context: &context)
            for warning in follow.warnings { context.warn(warning) }
            if changed, !dryRun, let note = follow.note { context.note(note) }
        } catch {
            context.warn("the group's colour in \(PathBytes.display(config)) is left as it was: \(error.message)")
        }
    }

    /// Sets (or, with no value, removes) each entry's key in `[colors]` of the configuration
    /// at `config`, the entries each replaces first: one journaled rewrite; with `dryRun`, its
    /// diff printed instead. Whether it changes the file.
    private static func write(_ entries: [GroupColorFollow.Setting], to config: String,
                              dryRun: Bool, json: Bool = false, context: inout CommandContext) throws(TickError) -> Bool {
        func edit(_ bytes: [UInt8]) -> [UInt8] { GroupColorFollow.applying(entries, to: bytes) }
        if dryRun {
            let bytes = Syscalls.fileStatus(config) == nil ? [] : try FileReader.read(config)
            let edited = edit(bytes)
            let before = Document(bytes: bytes)
            if json {
                if edited != bytes { context.note("\(PathBytes.display(config)) would change too: the group's colours go with it (-n without --json shows how)") }
                return edited != bytes
            }
            context.stdout.write(UnifiedDiff.render(before, Splice.between(before, Document(bytes: edited)), path: PathBytes.display(config),
                                                    after: edited, creating: bytes.isEmpty && Syscalls.fileStatus(config) == nil))
            return edited != bytes
        }
        // A clone's .tick.toml may be a link to a file of the user's elsewhere: not written.
        try EditSession.refuseTrackedLinkOut(config, instead: "make it a file of the repository's own to keep colours in it")
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
