/// One finding of `tick lint`, printed as `path:line:col: severity: message [rule]`.
public struct Diagnostic: Sendable, Equatable {
    /// 1-based line and column (the column counts bytes, as compilers do).
    public let line: Int
    public let column: Int
    public var severity: Severity
    public let rule: LintRule
    public let message: String
    /// The 1-based column just past what the finding is about, when that is a span of its
    /// line (a field); nil: the rest of the line.
    package internal(set) var endColumn: Int?

    package init(line: Int, column: Int, severity: Severity, rule: LintRule, message: String) {
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.message = message
    }

    public func formatted(path: String) -> String {
        var out = TextBuffer(capacity: path.utf8.count + message.utf8.count + 48)
        append(path: path, to: &out)
        return out.string
    }

    /// The formatted line, written into `out` without a String per part.
    package func append(path: String, to out: inout TextBuffer) {
        // The message quotes the file's text (a field's value): sanitized, as views show it.
        out.appendSanitized(path)
        out.append(Byte.colon)
        out.appendDecimal(line)
        out.append(Byte.colon)
        out.appendDecimal(column)
        out.append(": ")
        out.append(severity.rawValue)
        out.append(": ")
        out.appendSanitized(message)
        out.append(" [")
        out.append(rule.rawValue)
        out.append(Byte.rightBracket)
    }
}
