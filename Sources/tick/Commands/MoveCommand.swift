import TickCore

enum MoveCommand: Command {
    static let name = "move"
    static let summary = "Move a task (with its subtasks and notes) up, down, or to another group."
    static let usage = "tick move REF up|down|--top|--bottom | tick move REF --to GROUP [--top|--bottom] | tick move REF --before|--after REF2"
    static let options = [
        OptionSpec("to", short: "t", value: "GROUP", help: "Move into GROUP (at the bottom unless --top)."),
        OptionSpec("top", help: "First in the group given with --to; alone, first in its own list (a subtask: among its siblings)."),
        OptionSpec("bottom", help: "Last in the group given with --to (the default); alone, last in its own list."),
        OptionSpec("before", value: "REF2", help: "Right before task REF2."),
        OptionSpec("after", value: "REF2", help: "Right after task REF2."),
    ] + EditSession.commonOptions
    static let examples: [(command: String, explanation: String)] = [
        ("tick move 12 up", "Swap the task with the one above it."),
        ("tick move 'plumber' --to Work --top", "Move it to the top of the Work group."),
        ("tick move 12 --after 20", "Put it right after the task on line 20."),
        ("tick move 12 --top", "Make it the first task of its list (a subtask: the first of its siblings)."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        guard let reference = arguments.operands.first else { throw TickError.usage(.missingOperand("task reference"), command: name) }
        let direction = arguments.operands.count > 1 ? arguments.operands[1].lowercased() : nil
        if let direction, direction != "up", direction != "down" {
            throw TickError.usage(.invalidValue(option: "direction", value: direction, expected: "up or down"), command: name)
        }
        if arguments.operands.count > 2 { throw TickError.usage(.unexpectedOperand(arguments.operands[2]), command: name) }
        if arguments.flag("top"), arguments.flag("bottom") {
            throw TickError.refused("--top and --bottom ask for two places; give one")
        }
        // --top or --bottom alone: within the task's own group, or among its siblings.
        let withinOwn = arguments.value("to") == nil && (arguments.flag("top") || arguments.flag("bottom"))
        let destinations = (direction == nil ? 0 : 1) + (arguments.value("to") == nil ? 0 : 1) + (withinOwn ? 1 : 0)
            + (arguments.value("before") == nil ? 0 : 1) + (arguments.value("after") == nil ? 0 : 1)
        guard destinations == 1 else {
            if destinations > 1 { throw TickError.refused("\(destinations) destinations given; give one of up, down, --top, --bottom, --to, --before or --after") }
            throw TickError.usage(.missingOperand("a destination: up, down, --top, --bottom, --to, --before or --after"), command: name)
        }
        let target = try EditSession.targets([reference], arguments, environment: context.environment)[0]
        try EditSession.applyEdit(target.path, arguments, context: &context) { input throws(EditError) in
            let document = input.document
            let task = try input.task(target.references[0], named: target.named)
            let splices: [Splice]
            var unchanged = "already there"
            if let direction, BlockEdits.sibling(of: task, up: direction == "up", in: document) == nil {
                // Already at that end of its list: said, as an edit that changes nothing is.
                splices = []
                unchanged = "already the \(direction == "up" ? "first" : "last") in its list"
            } else if let direction {
                splices = try BlockEdits.move(task, up: direction == "up", in: document)
            } else if let other = arguments.value("before") {
                splices = try BlockEdits.move(task, to: .before(try input.task(other, named: target.named)), in: document)
            } else if let other = arguments.value("after") {
                splices = try BlockEdits.move(task, to: .after(try input.task(other, named: target.named)), in: document)
            } else if withinOwn {
                splices = try BlockEdits.move(task, to: ownEnd(of: task, top: arguments.flag("top"), in: document), in: document)
            } else {
                let group = try Sections.resolve(arguments.value("to")!, in: document)
                splices = try BlockEdits.move(task, to: arguments.flag("top") ? .top(group: group) : .bottom(group: group), in: document)
            }
            var plan = EditPlan()
            plan.add(task, verb: "moved", unchanged: unchanged, splices, in: document)
            return plan
        }
        return 0
    }

    /// The first or last place in the task's own list (never into another list of its group,
    /// or out of a quote).
    static func ownEnd(of task: Task, top: Bool, in document: Document) -> TaskPlacement.Position {
        let list = ListSiblings.of(task, in: document)
        return top ? .before(list.first ?? task) : .after(list.last ?? task)
    }
}
