import TickCore

enum ArchiveCommand: Command {
    static let name = "archive"
    static let summary = "Move done and cancelled tasks into a Done group, here or in another file."
    static let usage = "tick archive [-g GROUP] [--into NAME [--create]] [--to FILE]"
    static let options = [
        OptionSpec("group", short: "g", value: "GROUP", help: "Only the done and cancelled tasks of GROUP and its subgroups."),
        OptionSpec("into", value: "NAME", help: "The archive group (default: .tick.toml's [tasks] archive, else Done); created when missing."),
        OptionSpec("create", help: "Create the --into group even though its name is close to an existing group's."),
        OptionSpec("to", value: "FILE", help: "Move them to FILE instead (created when missing)."),
        OptionSpec("force", help: "Archive --to a file even when its name is not a Markdown or text file's."),
    ] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick archive", "Move every done or cancelled top-level task, with its subtasks and notes, to the Done group, under a subgroup named as the group it left (Done / Work)."),
        ("tick archive -g Work", "Only Work's (and its subgroups')."),
        ("tick archive --to ARCHIVE.md", "Move them to the Done group of ARCHIVE.md."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        if let extra = arguments.operands.first { throw TickError.usage(.unexpectedOperand(extra), command: name) }
        let path = try EditSession.path(arguments, environment: context.environment)
        if let destination = arguments.value("to"), !arguments.flag("force") {
            try AddCommand.refuseUnlessTaskFile(destination, verb: "archive to")
        }
        let archive = ArchivePlan(configured: context.environment.archiveGroup, into: arguments.value("into"), toOtherFile: arguments.value("to") != nil,
                                  createsGroup: arguments.flag("create"), within: arguments.value("group"))
        let group = archive.group
        if !arguments.flag("yes"), !arguments.flag("dry-run") {
            // 3 tasks or more are shown and asked about (tick(1), CONFIRMATION), with what goes with them.
            let document = context.environment.document(try FileReader.read(path))
            let moved = try EditSession.reporting(path) { () throws(EditError) in
                try archive.check(document)
                return try archive.selection(in: document).moved
            }
            if moved.count >= 3 {
                let shown = moved.flatMap { [$0.index] + document.descendants(of: $0).map(\.index) }
                let destination = arguments.value("to").map { " to \(PathBytes.display($0))" } ?? ""
                try EditSession.confirm("Archive \(TaskSelection.count(moved.count))\(destination)?", showing: shown, in: document, path: path,
                                        context: &context)
            }
        }
        guard let destination = arguments.value("to") else {
            try EditSession.applyEdit(path, arguments, context: &context) { input throws(EditError) in try archive.plan(in: input.document) }
            return 0
        }
        // Two files. Everything that can be checked is checked before the first write: that they
        // are two files, that the source can be rewritten, and the whole edit of the source.
        // Then the destination is written first, so a failure in between can duplicate tasks
        // but never lose them, and the message says so. The source is re-checked under its lock.
        let sourceFile = try OpenedFile.open(path)
        let sourceStatus = sourceFile.status
        let sourceBytes = try sourceFile.readAll(path: path)
        sourceFile.close()
        if let target = Syscalls.fileStatus(destination), target.st_dev == sourceStatus.st_dev, target.st_ino == sourceStatus.st_ino {
            throw TickError.refused("--to \(PathBytes.display(destination)) is the file being archived (\(PathBytes.display(path))); name another file, or leave out --to to archive within it")
        }
        try EditSession.refuseUneditable(sourceBytes, path: path)
        let source = context.environment.document(sourceBytes)
        let selection = try EditSession.reporting(path) { () throws(EditError) in try archive.selection(in: source) }
        let done = selection.moved
        // Each from the group it left, below the file's title (a `# TODO` over the groups): the
        // other file files it as `Done / Work`, as an archive within the file would.
        let title = source.title.map { source.groupPath(ofHeading: $0) } ?? []
        let blocks = done.map { task in
            let origin = source.groupPath(of: task)
            return (origin: origin.starts(with: title) ? Array(origin.dropFirst(title.count)) : origin, lines: BlockEdits.marginLines(task, in: source))
        }
        guard !blocks.isEmpty else {
            if !selection.kept.isEmpty {
                // Nothing is written: the tasks kept are said as an edit that moved none says them.
                try EditSession.applyEdit(path, arguments, context: &context) { input throws(EditError) in
                    EditPlan(subjects: ArchivePlan.kept(try archive.selection(in: input.document)))
                }
            } else if !arguments.flag("quiet") {
                context.stdout.write("nothing to archive: no done or cancelled tasks in \(PathBytes.display(path))\n")
            }
            return 0
        }
        _ = try EditSession.reporting(path) { () throws(EditError) in try TaskEdits.delete(done, in: source) }
        if arguments.flag("dry-run") {
            let exists = Syscalls.fileStatus(destination) != nil
            let target = exists ? context.environment.document(try FileReader.read(destination)) : context.environment.document([])
            let splices = try EditSession.reporting(destination) { () throws(EditError) in try BlockEdits.appendArchived(blocks, toGroup: group, in: target).splices }
            context.stdout.write(UnifiedDiff.render(target, splices, path: PathBytes.display(destination), creating: !exists))
            try EditSession.applyEdit(path, arguments, context: &context) { input throws(EditError) in
                EditPlan(try TaskEdits.delete(try archive.selection(in: input.document).moved, in: input.document))
            }
            return 0
        }
        try AtomicFile.checkCanReplace(path)
        try FileCreator.creatingIfMissing(destination) { created throws(TickError) in
            try EditSession.applyEdit(destination, arguments, context: &context, created: created) { input throws(EditError) in
                EditPlan(try BlockEdits.appendArchived(blocks, toGroup: group, in: input.document).splices,
                         subjects: [.newTasks(verb: "archived", blocks: blocks.count, destination: PathBytes.display(destination))])
            }
        }
        do throws(TickError) {
            // Its rows (a task kept) name the file, after the destination's rows.
            try EditSession.applyEdit(path, arguments, context: &context, showsFile: true) { input throws(EditError) in
                let document = input.document
                let selection = try archive.selection(in: document)
                guard selection.moved.map({ BlockEdits.marginLines($0, in: document) }) == blocks.map(\.lines) else { throw .changedDuringEdit }
                return EditPlan(try TaskEdits.delete(selection.moved, in: document), subjects: ArchivePlan.kept(selection))
            }
        } catch {
            let unchanged = "; the file is unchanged"
            throw TickError.refused("\(error.message.hasSuffix(unchanged) ? String(error.message.dropLast(unchanged.count)) : error.message); the done tasks were copied to \(PathBytes.display(destination)) but are still in \(PathBytes.display(path)) ('tick undo -f \(PathBytes.display(destination))' takes the copies back)")
        }
        return 0
    }
}
