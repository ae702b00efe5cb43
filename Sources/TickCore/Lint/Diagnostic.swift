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
