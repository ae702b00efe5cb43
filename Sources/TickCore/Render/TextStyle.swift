/// Terminal styling. `plain` emits no escape codes at all; the CLI picks `ansi` only for a
/// terminal without `NO_COLOR` (or with `--color=always`).
public struct TextStyle: Sendable {
    package let enabled: Bool

    public static let plain = TextStyle(enabled: false)
    public static let ansi = TextStyle(enabled: true)

    package init(enabled: Bool) { self.enabled = enabled }

    /// The styles tick uses, as ANSI SGR codes.
    package enum Color: Sendable {
        case bold, dim, red, yellow, cyan
        /// A group's own colour (`tick group color`), and that colour in bold for its title.
        case group(GroupColor), groupTitle(GroupColor)

        var opening: String {
            switch self {
            case .bold: return "\u{1B}[1m"
            case .dim: return "\u{1B}[2m"
            case .red: return "\u{1B}[31m"
            case .yellow: return "\u{1B}[33m"
            case .cyan: return "\u{1B}[36m"
            case .group(let color): return "\u{1B}[" + color.parameters + "m"
            case .groupTitle(let color): return "\u{1B}[1;" + color.parameters + "m"
            }
        }
    }

    static let reset = "\u{1B}[0m"

    package func bold(_ text: String) -> String { wrap(text, .bold) }
    package func dim(_ text: String) -> String { wrap(text, .dim) }
    package func yellow(_ text: String) -> String { wrap(text, .yellow) }
    package func cyan(_ text: String) -> String { wrap(text, .cyan) }

    package func wrap(_ text: String, _ color: Color) -> String {
        enabled && !text.isEmpty ? color.opening + text + Self.reset : text
    }
}
