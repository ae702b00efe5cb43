import TickCore

/// `tick group color NAME [COLOR|none]`: a group's title colour, kept in the project's
/// `.tick.toml` (`[colors]`), so that the task file itself stays as GitHub renders it.
enum GroupColoring {
    static func run(_ operands: [String], _ arguments: ParsedArguments, path: String, context: inout CommandContext) throws(TickError) {
        guard let name = operands.first else { throw TickError.usage(.missingOperand("group name"), command: GroupCommand.name) }
        if operands.count > 2 { throw TickError.usage(.unexpectedOperand(operands[2]), command: GroupCommand.name) }
        let document = context.environment.document(try FileReader.read(path))
        let heading = try EditSession.reporting(path) { () throws(EditError) in try Sections.resolve(name, in: document) }
        let key = GroupName.written(document.groupPath(ofHeading: heading))
        // Every entry that names this group in this file is the group's: the new one replaces them all.
        let matches = { (entry: String) in GroupName(entry).groups(in: document).contains(heading) }
        guard operands.count == 2 else {
            let color = SourceDocument(path: path, document: document, groupColors: context.config.groupColors).color(ofHeading: heading)
            let own = context.config.groupColors.entries.last { matches($0.name) } != nil
            let said = color.map { own ? $0.name : "\($0.name) (its parent's)" } ?? "no colour"
            context.stdout.write(TerminalText.sanitized(key) + ": " + said + "\n")
            return
        }
        let removing = ["none", "default"].contains(operands[1].lowercased())
        guard removing || GroupColor(operands[1]) != nil else {
            throw TickError.usage(.invalidValue(option: "COLOR", value: operands[1], expected: GroupColor.expected + ", or none"), command: GroupCommand.name)
        }
        let value = removing ? nil : GroupColor(operands[1])!.name
        let config = ConfigLoader.path(environment: context.environment) ?? ConfigLoader.name
        let said = TerminalText.sanitized(key) + ": " + (value ?? "no colour") + " (" + PathBytes.display(config) + ")\n"
        if arguments.flag("dry-run") {
            context.stdout.write("would set " + said)
            return
        }
        var created = false
        try FileCreator.creatingIfMissing(config) { (made: Bool) throws(TickError) in
            created = made
            // Recorded in the journal like any edit: `tick undo` takes the colour back.
            let written = try Journal.update(config, environment: context.environment, created: made) { bytes throws(TickError) in
                let edited = ProjectConfigEdit.setting(key, to: value, in: "colors", replacing: matches, in: bytes)
                // What tick writes, tick must read back: a file it cannot parse is left as it was.
                do throws(ProjectConfig.ParseError) { _ = try ProjectConfig(parsing: String(decoding: edited, as: UTF8.self)) } catch {
                    throw TickError.refused("\(PathBytes.display(config)):\(error.line): \(error.message); fix it before setting a colour")
                }
                return Journal.Rewrite(bytes: edited, splices: nil, tasks: 0)
            }
            if let warning = written.warning { context.warn(warning) }
        }
        if created, !arguments.flag("quiet") { context.stderr.write("tick: created \(PathBytes.display(config))\n") }
        if !arguments.flag("quiet") { context.stdout.write(said) }
    }
}
