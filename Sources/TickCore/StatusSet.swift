/// What each status character means. Obsidian Tasks' defaults (`[ ]` todo, `[x]` and `[X]` done,
/// `[/]` doing, `[-]` cancelled, any other character todo), and the characters a project gives
/// its own meaning in `.tick.toml`:
///
///     [statuses]
///     "~" = "doing"
///     "X" = "cancelled"     # this vault's themes draw [X] as a failure
///
/// A character the project names keeps its spelling: `tick fmt` does not rewrite a configured
/// `[X]` as `[x]`.
public struct StatusSet: Sendable, Equatable {
    /// The project's own characters, by the status text between the brackets.
    package private(set) var custom: [String: StatusType] = [:]
    /// The ASCII letters and digits among them: statuses only because the project says so
    /// (`- [a] label` is a reference list more often than a task).
    package private(set) var letters = ASCIISet()

    /// A set of ASCII bytes, tested without hashing.
    package struct ASCIISet: Sendable, Equatable {
        private var low: UInt64 = 0, high: UInt64 = 0

        public init() {}

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    public static let `default` = StatusSet()

    /// A hash of the project's characters and their meanings: a parse state saved under one
    /// set is not used under another (`ParseCheckpoints`).
    package var fingerprint: UInt64 {
        var bytes: [UInt8] = []
        for (character, type) in custom.sorted(by: { $0.key < $1.key }) {
            bytes += Array(character.utf8) + [0] + Array(type.rawValue.utf8) + [0]
        }
        return ContentHash.of(bytes)
    }

    public init() {}

    /// Why a status character cannot be configured, or nil when `character` can be.
    public static func problem(with character: String) -> String? {
        guard character.count == 1, let first = character.unicodeScalars.first else {
            return "a status is one character between the brackets"
        }
        if character == "]" || character == "[" || first.properties.isWhitespace && character != " " || first.value < 0x20 || first.value == 0x7F {
            return "'\(character)' cannot stand between a task's brackets"
        }
        // Only ASCII letters and digits are taken as statuses (`Checkbox`); another letter
        // would be configured and never seen.
        if first.value >= 0x80, let letter = character.first, letter.isLetter || letter.isNumber {
            return "'\(character)' is a letter tick does not read as a status; use an ASCII letter, a digit or a symbol"
        }
        return nil
    }

    /// Gives `character` the meaning `type`. The character must pass `problem(with:)`.
    public mutating func set(_ character: String, to type: StatusType) {
        custom[character] = type
        if let byte = character.utf8.first, character.utf8.count == 1, Byte.isAlnum(byte) {
            letters.insert(byte)
        }
    }

    /// Whether the project gives `character` its own meaning.
    package func defines(_ character: String) -> Bool { custom[character] != nil }

    /// What a status means in this project.
    package func type(of status: TaskStatus) -> StatusType {
        if !custom.isEmpty, let type = custom[status.character] { return type }
        return status.defaultType
    }

    /// Whether tick knows what a status means: one of Obsidian Tasks' defaults or a configured
    /// one. Any other character reads as todo, and `tick lint` says so.
    package func knows(_ status: TaskStatus) -> Bool {
        if case .other(let raw) = status { return raw == "-" || defines(raw) }
        return true
    }
}
