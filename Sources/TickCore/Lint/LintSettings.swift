/// Which rules run and at what severity: the defaults, changed by `.tick.toml` and by
/// `--enable` / `--disable`.
public struct LintSettings: Sendable, Equatable {
    /// Rules whose setting differs from their default: a severity, or nil for off.
    private var overrides: [LintRule: Severity?] = [:]

    public init() {}

    /// Runs `rule` at `severity`, or turns it off with nil.
    package mutating func set(_ rule: LintRule, to severity: Severity?) {
        overrides[rule] = .some(severity)
    }

    /// The severity `rule` reports at, or nil when it is off.
    package func severity(of rule: LintRule) -> Severity? {
        overrides[rule] ?? rule.defaultSeverity
    }
}
