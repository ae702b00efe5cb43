/// Terminal styling. `plain` emits no escape codes at all; the CLI picks `ansi` only for a
/// terminal without `NO_COLOR` (or with `--color=always`).
public struct TextStyle: Sendable {
    public let enabled: Bool

    public static let plain = TextStyle(enabled: false)
    public static let ansi = TextStyle(enabled: true)

    public init(enabled: Bool) { self.enabled = enabled }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
