/// A command line tick cannot run. Like every error it exits with status 2; the message is
/// followed by a pointer to the command's help.
enum UsageError: Error, Equatable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    /// `--to --yes`: the word after an option that takes a value is another option.
    case optionAsValue(option: String, value: String, long: String)
    case unexpectedValue(String)
    /// `suggestion`: the accepted value nearest the one given, when there is a near one.
    case invalidValue(option: String, value: String, expected: String, suggestion: String? = nil)
    case unexpectedOperand(String)
    case missingOperand(String)
    /// `undo --json`: an option that means something only with another one.
    case optionNeedsOption(String, needs: String)

    var message: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let name):
            return "option '\(name)' needs a value"
        case .optionAsValue(let option, let value, let long):
            return "option '\(option)' needs a value, and '\(value)' is an option; for a value spelled so, write '--\(long)=\(value)'"
        case .unexpectedValue(let name):
            return "option '\(name)' takes no value"
        case .invalidValue(let option, let value, let expected, let suggestion):
            return "invalid value '\(value)' for '\(option)': expected \(expected)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unexpectedOperand(let operand):
            return "unexpected argument '\(operand)'"
        case .missingOperand(let what):
            return "missing \(what)"
        case .optionNeedsOption(let option, let needs):
            return "option '\(option)' goes with '\(needs)'"
        }
    }
}
