import TickCore

enum GroupCommand: Command {
    static let name = "group"
    static let summary = "Add, rename, remove or move groups (headings)."
    static let usage = "tick group add NAME [--under PARENT | --level N] | rename OLD NEW | rm NAME [--yes] | move NAME --before|--after OTHER | color NAME [COLOR|none]"
    static let options = [
        OptionSpec("under", value: "PARENT", help: "add: make it a subgroup of PARENT (one level below, after PARENT's subgroups)."),
        OptionSpec("level", value: "N", help: "add: heading level 1-6 (default: the level of the file's top groups)."),
        OptionSpec("before", value: "OTHER", help: "move: put the group before OTHER."),
        OptionSpec("after", value: "OTHER", help: "move: put the group after OTHER."),
    ] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick group add Errands", "Add a group at the end, at the level of the file's top groups."),
        ("tick group add Work/Backend", "Add Backend as a subgroup of Work (Work too, if missing)."),
        ("tick group add --under Home Garden", "Add Garden as the last subgroup of Home."),
        ("tick group rename Errands 'Out and about'", "Rename a group, keeping its heading style."),
        ("tick group rm Someday --yes", "Remove the group, its tasks and its subgroups."),
        ("tick group move Work --before Home", "Reorder groups."),
        ("tick group color Work blue", "Show Work's title in blue (kept in .tick.toml; also #rrggbb; none removes it)."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard let action = arguments.operands.first else { throw TickError.usage(.missingOperand("add, rename, rm, move or color"), command: name) }
        var operands: [String] = []
        for operand in arguments.operands.dropFirst() { operands.append(try EditSession.text(operand)) }
        let path = try EditSession.path(arguments, environment: context.environment)
        func expect(_ count: Int, _ what: String) throws(TickError) {
            if operands.count < count { throw TickError.usage(.missingOperand(what), command: name) }
            if operands.count > count { throw TickError.usage(.unexpectedOperand(operands[count]), command: name) }
        }
        /// An edit of the group `title` names after it (`index` before it), echoed with its task
        /// count; a removed group is echoed as it was.
        func edit(_ verb: String, removes: Bool = false,
                  _ body: (Document) throws(EditError) -> (splices: [Splice], title: String, index: Int?)) throws(TickError) {
            try EditSession.applyEdit(path, arguments, context: &context) { input throws(EditError) in
                let document = input.document
                let (splices, title, index) = try body(document)
                let tasks = index.map { heading in
                    let lines = Sections.subtreeLines(ofHeading: heading, in: document)
                    return document.tasks.filter { lines.contains($0.line) }.count
                } ?? 0
                if removes, let index { return EditPlan(splices, subjects: [.removedGroup(index, verb: verb, tasks: tasks)]) }
                // An edit that changes nothing (a group moved where it is, which the move
                // leaves without splices; renamed to its own title, a line written back as it
                // was) says so.
                if let unchanged = ["moved group": "already there", "renamed group": "already so named"][verb],
                   splices.allSatisfy({ $0.rewrites(in: document) }), let index {
                    return EditPlan([], subjects: [.group(title: title, verb: verb, tasks: tasks, unchanged: unchanged, heading: index)])
                }
                return EditPlan(splices, subjects: [.group(title: title, verb: verb, tasks: tasks)])
            }
        }
        switch action {
        case "add":
            // A name is needed (`tick group add` alone, or `group add -q`, is a slip); "" is
            // the way to ask for "Untitled list".
            try expect(1, "group name (\"\" for an untitled one)")
            var level: Int?
            if let text = arguments.value("level") {
                guard let value = Int(text), (1...6).contains(value) else {
                    throw TickError.usage(.invalidValue(option: "--level", value: text, expected: "a number from 1 to 6"), command: name)
                }
                level = value
            }
            let under = try arguments.value("under").map { text throws(TickError) in try EditSession.text(text) }
            if under != nil, level != nil {
                throw TickError.usage(.invalidValue(option: "--level", value: arguments.value("level")!, expected: "no level with --under (a subgroup is one level below its parent)"), command: name)
            }
            var answering: String?
            try edit("added group") { document throws(EditError) in
                let added = try GroupPlans.add(operands.first ?? "", under: under, level: level, in: document)
                answering = added.note
                return (added.splices, added.title, nil)
            }
            if let answering { context.note(answering) }
        case "rename":
            try expect(2, operands.isEmpty ? "old and new group names" : "the new group name")
            let archive = context.environment.archiveGroup
            let colors = context.config.groupColors
            var recolored: [GroupColorFollow.Moved] = []
            var result: (before: Document, splices: [Splice])?
            var said: [(message: String, warning: Bool)] = []
            try edit("renamed group") { document throws(EditError) in
                let renamed = try GroupPlans.rename(operands[0], to: operands[1], archive: archive, in: document)
                said = renamed.said
                // Its colour (and its subgroups') goes by the new name too.
                // (An entry whose key the rename leaves as it is is left alone.)
                recolored = GroupColorFollow.moved(renamed.index, renamedTo: renamed.title, in: document, colors: colors)
                result = (document, renamed.splices)
                return (renamed.splices, renamed.title, renamed.index)
            }
            for line in said {
                if line.warning { context.warn(line.message) } else { context.note(line.message) }
            }
            if let result, !recolored.isEmpty {
                let after = context.environment.document(result.before.applying(result.splices))
                GroupColoring.follow(recolored, of: path, after: after, dryRun: arguments.flag("dry-run"), json: arguments.flag("json"), context: &context)
            }
        case "rm":
            try expect(1, "group name")
            if !arguments.flag("yes"), !arguments.flag("dry-run") {
                let document = context.environment.document(try FileReader.read(path))
                let index = try EditSession.reporting(path) { () throws(EditError) in try Sections.resolve(operands[0], in: document) }
                let lines = Sections.subtreeLines(ofHeading: index, in: document)
                let tasks = document.tasks.filter { lines.contains($0.line) }
                // A group of headings and blank lines alone loses nothing: no question.
                let headings = Set(document.headings.map(\.line))
                let taskLines = Set(tasks.map(\.line))
                let text = lines.count { !headings.contains($0) && !taskLines.contains($0) && document.content(ofLine: $0).contains { $0 != 0x20 && $0 != 0x09 } }
                let prose = "\(text) line\(text == 1 ? "" : "s") of text"
                let holding = tasks.isEmpty ? prose : TaskSelection.count(tasks.count) + (text == 0 ? "" : " and " + prose)
                // What goes, as `rm` shows it (tick(1), CONFIRMATION).
                if !tasks.isEmpty || text > 0 { try EditSession.confirm("Remove group '\(document.headings[index].title)' with \(holding)?",
                                        showing: tasks.map(\.index), in: document, path: path, declined: "nothing removed", context: &context) }
            }
            let colors = context.config.groupColors
            var recolored: [GroupColorFollow.Moved] = []
            var result: (before: Document, splices: [Splice])?
            try edit("removed group", removes: true) { document throws(EditError) in
                let index = try Sections.resolve(operands[0], in: document)
                // Its colour goes with it: a group made later under the name starts with none.
                recolored = GroupColorFollow.moved(index, renamedTo: nil, in: document, colors: colors)
                let splices = GroupEdits.remove(index, in: document)
                result = (document, splices)
                return (splices, document.headings[index].title, index)
            }
            if let result, !recolored.isEmpty {
                let after = context.environment.document(result.before.applying(result.splices))
                GroupColoring.follow(recolored, of: path, after: after, dryRun: arguments.flag("dry-run"), json: arguments.flag("json"), context: &context)
            }
        case "move", "mv":
            try expect(1, "group name")
            let before = arguments.value("before"), after = arguments.value("after")
            guard (before == nil) != (after == nil) else {
                throw TickError.usage(.missingOperand("exactly one of --before OTHER or --after OTHER"), command: name)
            }
            try edit("moved group") { document throws(EditError) in
                let index = try Sections.resolve(operands[0], in: document)
                return (try GroupEdits.move(index, before: before != nil, other: try Sections.resolve(before ?? after!, in: document), in: document),
                        document.headings[index].title, index)
            }
        case "color", "colour":
            try GroupColoring.run(operands, arguments, path: path, context: &context)
        default:
            throw TickError.usage(.unknownCommand("group \(action)", suggestion: Suggestion.nearest(to: action, among: ShellCompletion.groupActions).map { "group \($0)" }), command: name)
        }
        return 0
    }
}
