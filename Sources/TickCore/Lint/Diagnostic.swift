/// One finding of `tick lint`, printed as `path:line:col: severity: message [rule]`.
public struct Diagnostic: Sendable, Equatable {
    /// 1-based line and column (the column counts bytes, as compilers do).
    public let line: Int
    public let column: Int
    public var severity: Severity
    public let rule: LintRule
    public let message: String

    public init(line: Int, column: Int, severity: Severity, rule: LintRule, message: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.message = message
    }

    public func formatted(path: String) -> String {
        "\(path):\(line):\(column): \(severity.rawValue): \(message) [\(rule.rawValue)]"
    }
}

/// Which rules run and at what severity: the defaults, changed by the config file and by
/// `--enable` / `--disable`. A rule mapped to nil is off.
public struct LintSettings: Sendable, Equatable {
    public var severities: [LintRule: Severity?] = [:]

    public init() {}

    public func severity(of rule: LintRule) -> Severity? {
        if let setting = severities[rule] { return setting }
        return rule.defaultSeverity
    }
}
