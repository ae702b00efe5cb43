import TickCore

/// `--color=auto|always|never`. Auto means: a terminal, `TERM` is not `dumb`, and `NO_COLOR` is
/// unset or empty (https://no-color.org).
enum ColorChoice: String {
    case auto, always, never

    init(option: String?) throws(UsageError) {
        guard let option else { self = .auto; return }
        guard let choice = ColorChoice(rawValue: option) else {
            throw .invalidValue(option: "--color", value: option, expected: "auto, always or never")
        }
        self = choice
    }

    func style(for fd: Int32, environment: Environment) -> TextStyle {
        switch self {
        case .always: return .ansi
        case .never: return .plain
        case .auto:
            if let noColor = environment.noColor, !noColor.isEmpty { return .plain }
            if environment.term == "dumb" { return .plain }
            return Syscalls.isTerminal(fd) ? .ansi : .plain
        }
    }
}
