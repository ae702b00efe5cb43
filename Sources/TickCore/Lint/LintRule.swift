/// How serious a finding is. `tick lint` exits 1 when it finds an error (or anything, `--strict`).
public enum Severity: String, Sendable, CaseIterable {
    case info, warning, error
}

/// Every check `tick lint` makes, with its default severity and whether `tick lint --fix`
/// (that is, `tick fmt`) repairs it. tick(5) lists them under LINT RULES.
public enum LintRule: String, Sendable, CaseIterable {
    case invalidDate = "invalid-date"
    case malformedCheckbox = "malformed-checkbox"
    case nonGFMStatus = "non-gfm-status"
    case unknownStatus = "unknown-status"
    case duplicateField = "duplicate-field"
    case unreadField = "unread-field"
    case recurrenceWithoutDate = "recurrence-without-date"
    case invalidRecurrence = "invalid-recurrence"
    case invalidOnCompletion = "invalid-on-completion"
    case emptyTask = "empty-task"
    case duplicateTask = "duplicate-task"
    case doneParentOpenSubtasks = "done-parent-open-subtasks"
    case overdue
    case inconsistentMarker = "inconsistent-marker"
    case inconsistentIndentation = "inconsistent-indentation"
    case headingLevelSkip = "heading-level-skip"
    case duplicateGroup = "duplicate-group"
    case emptyGroup = "empty-group"
    case trailingWhitespace = "trailing-whitespace"
    case missingFinalNewline = "missing-final-newline"
    case mixedLineEndings = "mixed-line-endings"
    case unclosedFence = "unclosed-fence"
    case invalidUTF8 = "invalid-utf8"
    case nulByte = "nul-byte"
    case taskInCodeBlock = "task-in-code-block"
    case conflictMarker = "conflict-marker"
    case unreadQuery = "unread-query"

    public var defaultSeverity: Severity {
        switch self {
        case .invalidDate, .invalidUTF8, .nulByte, .conflictMarker: return .error
        case .nonGFMStatus, .unknownStatus, .emptyGroup, .taskInCodeBlock: return .info
        default: return .warning
        }
    }

    /// Whether `tick fmt` (and so `tick lint --fix`) repairs it.
    package var fixable: Bool {
        switch self {
        case .inconsistentMarker, .inconsistentIndentation, .trailingWhitespace, .missingFinalNewline, .mixedLineEndings:
            return true
        default: return false
        }
    }
}
