import TickCore
#if canImport(Glibc)
import Glibc
#endif

enum RedoCommand: Command {
    static let name = "redo"
    static let summary = "Re-apply the operation tick undo reverted last."
    static let usage = "tick redo [N] [-f FILE] [--dry-run]"
    static let options = JournalStep.options
    static let examples: [(command: String, explanation: String)] = [
        ("tick redo", "Apply again what the last 'tick undo' reverted."),
        ("tick redo 3", "Apply again the undone operation numbered 3 in 'tick undo --list'."),
    ]

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(TickError) -> Int32 {
        try JournalStep.step(undo: false, arguments, context: &context)
    }
}
