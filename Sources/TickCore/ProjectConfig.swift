/// `.tick.toml` at the project root: severities for `tick lint` and options for `tick fmt`.
///
///     # .tick.toml
///     [lint]
///     overdue = "off"                  # off, info, warning or error
///     trailing-whitespace = "error"
///
///     [fmt]
///     eol = "lf"                       # lf or crlf
///
///     [tasks]
///     file = "docs/TODO.md"            # the task file, from this file's folder
///     dialect = "obsidian"             # tick, obsidian or dataview: for files without fields
///     record-done = true               # done records the date (and cancel its date)
///     record-created = true            # add records the created date
///     next-occurrence = "below"        # a recurring task's next one: above (default) or below
///     global-filter = "#task"          # only list items with it are tasks (Obsidian Tasks')
///     archive = "Archive"              # the group tick archive fills (default: Done)
///
///     [statuses]                       # status characters with this project's meaning
///     "~" = "doing"                    # todo, doing, done or cancelled
///     "X" = "cancelled"
///
///     [colors]                         # group title colours (tick group color)
///     "Work" = "blue"                  # a group name, as -g takes it
///     "Home/Groceries" = "#2e8b57"     # a colour name or #rrggbb
///
/// A small subset of TOML: `[section]` lines, `key = value` (quotes optional), `#` comments.
public struct ProjectConfig: Sendable, Equatable {
    /// The name of the file a folder's configuration is in.
    package static let fileName = ".tick.toml"

    package var lint = LintSettings()
    package var format = FormatOptions()
    /// The dialect new fields are written in when the file has none of its own.
    package var dialect: TaskField.Dialect?
    /// Whether `done` records the date even when the file records none yet.
    package var recordDone = false
    /// Whether `add` records the created date even when the file records none yet.
    package var recordCreated = false
    /// Whether a recurring task's next occurrence is written below the completed one.
    package var nextOccurrenceBelow = false
    /// The task file commands use when none is named, relative to `.tick.toml`'s folder.
    package var file: String?
    /// Obsidian Tasks' global filter: views show only the tasks whose text holds it, and `add`
    /// writes it.
    package var globalFilter: GlobalFilter?
    /// The group `tick archive` moves closed tasks to, and that `tick progress` counts as the
    /// groups they came from.
    package var archiveGroup = "Done"
    /// What status characters mean: Obsidian Tasks' defaults and the `[statuses]` section.
    package var statuses = StatusSet()
    /// The colours groups' titles are shown in: the `[colors]` section.
    package var groupColors = GroupColors()

    public init() {}

    public struct ParseError: Error, Equatable {
        public let line: Int
        public let message: String
    }

    public init(parsing text: String) throws(ParseError) {
        var section = ""
        // Each key's line, by section: TOML sets a key once.
        var seen: [String: Int] = [:]
        var colors: [(name: String, color: GroupColor)] = []
        // Lines split on the byte: "\r\n" is one Character, so a Character split would not see it.
        for (number, raw) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = Substring(String(decoding: raw, as: UTF8.self))
            if let hash = Self.commentStart(line) { line = line[..<hash] }
            let trimmed = String(line).trimmingSpaces.trimmingCharacter("\r")
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                section = String(trimmed.dropFirst().dropLast()).trimmingSpaces
                guard Self.sections.contains(section) else {
                    throw ParseError(line: number + 1, message: "unknown section [\(Self.shown(section))]; expected [lint], [fmt], [tasks], [statuses] or [colors]")
                }
                continue
            }
            // A quoted key may hold `=` (`"=" = "todo"`): the separator is the first `=` after it.
            guard let equals = Self.separator(in: trimmed) else {
                throw ParseError(line: number + 1, message: "expected 'key = value'")
            }
            let key = Self.unquoted(String(trimmed[..<equals]).trimmingSpaces)
            let value = Self.unquoted(String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces)
            if let first = seen.updateValue(number + 1, forKey: section + "\u{0}" + key) {
                throw ParseError(line: number + 1, message: "'\(Self.shown(key))' is set already, on line \(first)")
            }
            switch section {
            case "lint":
                guard let rule = LintRule(rawValue: key) else {
                    throw ParseError(line: number + 1, message: "unknown lint rule '\(Self.shown(key))'")
                }
                if value == "off" {
                    lint.set(rule, to: nil)
                } else if let severity = Severity(rawValue: value) {
                    lint.set(rule, to: severity)
                } else {
                    throw ParseError(line: number + 1, message: "'\(Self.shown(value))' is not a severity; use off, info, warning or error")
                }
            case "fmt":
                guard key == "eol" else { throw ParseError(line: number + 1, message: "unknown fmt option '\(Self.shown(key))'; expected eol") }
                switch value {
                case "lf": format.lineEnding = .lf
                case "crlf": format.lineEnding = .crlf
                default: throw ParseError(line: number + 1, message: "eol must be lf or crlf")
                }
            case "tasks":
                switch key {
                case "dialect":
                    guard let dialect = TaskField.Dialect(rawValue: value) else {
                        throw ParseError(line: number + 1, message: "dialect must be tick, obsidian or dataview")
                    }
                    self.dialect = dialect
                case "record-done", "record-created":
                    guard value == "true" || value == "false" else { throw ParseError(line: number + 1, message: "\(key) must be true or false") }
                    if key == "record-done" { recordDone = value == "true" } else { recordCreated = value == "true" }
                case "file":
                    guard !value.isEmpty else { throw ParseError(line: number + 1, message: "file must name a file") }
                    file = value
                case "global-filter":
                    globalFilter = value.trimmingSpaces.isEmpty ? nil : GlobalFilter(value.trimmingSpaces)
                case "archive":
                    guard !value.trimmingSpaces.isEmpty else { throw ParseError(line: number + 1, message: "archive needs a group name") }
                    archiveGroup = value.trimmingSpaces
                case "next-occurrence":
                    guard value == "above" || value == "below" else { throw ParseError(line: number + 1, message: "next-occurrence must be above or below") }
                    nextOccurrenceBelow = value == "below"
                default:
                    throw ParseError(line: number + 1, message: "unknown tasks option '\(Self.shown(key))'; expected file, dialect, record-done, record-created, next-occurrence, global-filter or archive")
                }
            case "statuses":
                if let problem = StatusSet.problem(with: key) {
                    throw ParseError(line: number + 1, message: problem)
                }
                guard let type = StatusType(rawValue: value) else {
                    throw ParseError(line: number + 1, message: "'\(Self.shown(value))' is not a status type; use todo, doing, done or cancelled")
                }
                statuses.set(key, to: type)
            case "colors":
                guard !key.trimmingSpaces.isEmpty else { throw ParseError(line: number + 1, message: "a colour needs a group name") }
                guard let color = GroupColor(value) else {
                    throw ParseError(line: number + 1, message: "'\(Self.shown(value))' is not a colour; use \(GroupColor.expected)")
                }
                // Each colour is looked for among a file's groups by every view: a list far
                // longer than a file's groups is no one's colours.
                guard colors.count < Self.colorLimit else {
                    throw ParseError(line: number + 1, message: "more than \(Self.colorLimit) colours in [colors]; tick reads at most that many")
                }
                colors.append((key, color))
            default:
                throw ParseError(line: number + 1, message: "'\(Self.shown(key))' is outside a [lint], [fmt], [tasks], [statuses] or [colors] section")
            }
        }
        groupColors = GroupColors(colors)
    }
}

extension ProjectConfig {
    static let sections = ["lint", "fmt", "tasks", "statuses", "colors"]
    /// How many entries `[colors]` may hold.
    package static let colorLimit = 1_000

    /// Where a `#` comment starts: not inside a quoted key or value (`"#" = "todo"`).
    static func commentStart(_ line: Substring) -> Substring.Index? {
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                // In a basic string ("…") a backslash escapes the next character; a literal
                // string ('…') has no escapes.
                if escaped { escaped = false } else if character == "\\", open == "\"" { escaped = true } else if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return index
            }
        }
        return nil
    }

    /// The `=` between key and value, past a quoted key (which may hold `=`, and escaped quotes).
    static func separator(in line: String) -> String.Index? {
        var start = line.startIndex
        if let open = line.first, open == "\"" || open == "'" {
            var escaped = false
            var index = line.index(after: line.startIndex)
            while index < line.endIndex {
                let character = line[index]
                if escaped { escaped = false } else if character == "\\", open == "\"" { escaped = true } else if character == open { break }
                index = line.index(after: index)
            }
            start = index
        }
        return line[start...].firstIndex(of: "=")
    }

    /// A key or value as written: a basic string ("…") with its escapes read (`\\`, `\"`,
    /// `\t`, `\n`, `\uXXXX`…; one TOML does not know is kept as written), a literal string
    /// ('…') as it is, a bare word as it is.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let open = text.first, open == "\"" || open == "'", text.last == open else { return text }
        let body = text.dropFirst().dropLast()
        guard open == "\"", body.contains("\\") else { return String(body) }
        var result = String.UnicodeScalarView()
        var scalars = body.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else { result.append(scalar); continue }
            if let value = Self.simpleEscapes[next] {
                scalars.removeFirst()
                result.append(value)
            } else if next == "u" || next == "U" {
                let digits = next == "u" ? 4 : 8
                let hex = String(String.UnicodeScalarView(scalars.dropFirst().prefix(digits)))
                if hex.unicodeScalars.count == digits, let code = UInt32(hex, radix: 16), let value = Unicode.Scalar(code) {
                    scalars = scalars.dropFirst(1 + digits)
                    result.append(value)
                } else {
                    result.append(scalar)
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// TOML's one-letter escapes in a basic string, and what each stands for.
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "\\": "\\", "\"": "\"", "b": "\u{8}", "t": "\t", "n": "\n", "f": "\u{C}", "r": "\r", "e": "\u{1B}",
    ]

    /// `text` as a TOML basic string: quoted, with `\\`, `"` and control characters escaped,
    /// so that `unquoted` reads it back whatever it holds (a group's title).
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A value as an error shows it: on one line, and at most 40 characters of it.
    static func shown(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars.prefix(40) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return value.unicodeScalars.count > 40 ? result + "…" : result
    }
}

extension String {
    func trimmingCharacter(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}
