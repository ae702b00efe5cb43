/// The colour a group's title is shown in (`tick group color`, kept in `.tick.toml`): one of
/// the terminal's sixteen named colours, or a 24-bit `#rrggbb`.
package struct GroupColor: Sendable, Equatable {
    /// How it is written in `.tick.toml` and in messages: `blue`, `bright-green`, `#2e8b57`.
    package let name: String
    /// The SGR parameters that select it as the foreground: `34`, `38;2;46;139;87`.
    let parameters: String

    /// The named colours, in the terminal's order (codes 30-37, then 90-97).
    package static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                               "gray", "bright-red", "bright-green", "bright-yellow", "bright-blue",
                               "bright-magenta", "bright-cyan", "bright-white"]

    /// Reads a colour name (any case; `grey` for `gray`) or `#rrggbb`; nil for anything else.
    package init?(_ text: String) {
        let lowered = text.trimmingSpaces.lowercased()
        if let index = Self.names.firstIndex(of: lowered == "grey" ? "gray" : lowered) {
            name = Self.names[index]
            parameters = String(index < 8 ? 30 + index : 90 + index - 8)
            return
        }
        let digits = Array(lowered.utf8.dropFirst())
        guard lowered.utf8.first == UInt8(ascii: "#"), digits.count == 6,
              let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        name = lowered
        parameters = "38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)"
    }

    /// What `tick group color` and `.tick.toml` accept, for error messages.
    package static let expected = "a colour name (red, green, yellow, blue, magenta, cyan, white, gray, bright-red, …) or #rrggbb"
}

/// The colours `.tick.toml`'s `[colors]` section gives groups, by group name (the grammar of
/// `GroupName`). A subgroup without a colour of its own is shown in its parent's.
public struct GroupColors: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package let name: String
        package let color: GroupColor
    }

    package let entries: [Entry]

    public init() { entries = [] }

    /// The colours `entries` give, in order; a later entry for the same name (in any case)
    /// replaces an earlier one. One pass, whatever their number.
    package init(_ entries: [(name: String, color: GroupColor)]) {
        var names = Set<String>()
        self.entries = entries.reversed().filter { names.insert($0.name.lowercased()).inserted }.reversed().map { Entry(name: $0.name, color: $0.color) }
    }


    package var isEmpty: Bool { entries.isEmpty }

    /// Each heading's colour, by index into `document.headings`: its own (the last entry that
    /// names it wins), else its parent's, else nil.
    package func colors(in document: Document) -> [GroupColor?] {
        guard !entries.isEmpty else { return [] }
        var own = [GroupColor?](repeating: nil, count: document.headings.count)
        // The groups read once for every entry (their paths once, when an entry asks).
        var groups = GroupName.Groups(document)
        if entries.count > 1 { groups = groups.withPaths() }
        for entry in entries {
            for heading in GroupName(entry.name).groups(in: groups) { own[heading] = entry.color }
        }
        var result = own
        // A parent comes before its subgroups, so its colour is settled when they are reached.
        for index in result.indices where result[index] == nil {
            if let parent = document.headings[index].parent { result[index] = result[parent] }
        }
        return result
    }
}
