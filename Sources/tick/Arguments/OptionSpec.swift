/// One option a command accepts.
struct OptionSpec: Sendable {
    let long: String
    let short: Character?
    /// Name of the value in help text (`FILE`), or nil for a flag.
    let value: String?
    let help: String

    init(_ long: String, short: Character? = nil, value: String? = nil, help: String) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
    }
}
