/// What a file's tasks write in their fields: how many fields of each kind each dialect has.
/// Edits ask it the dialect a new field is written in and whether the file records done,
/// cancelled or created dates.
///
/// Counted while the document is parsed, from the fields the parse reads anyway for due dates
/// (`Document.fieldUsage`): asking costs nothing, however large the file.
package struct FieldUsage: Sendable, Equatable {
    /// Fields per kind and dialect, at `kind * 4 + dialect` (`index(of:)`): counts, so that an
    /// edit's window can take its fields out and put the new ones in (`replace`).
    private var counts = SIMD64<Int32>()
    /// The kinds `counts` has room for: four lanes each.
    static let kindCapacity = SIMD64<Int32>.scalarCount / 4
    /// How many numbers `storedCounts` holds: four per kind (a dialect each, one spare).
    static let storedLength = TaskField.Kind.allCases.count * 4

    init() {}

    /// The counts, as a saved parse state keeps them (`ParseCheckpoints`).
    var storedCounts: [Int] { (0..<Self.storedLength).map { Int(counts[$0]) } }

    /// The usage `storedCounts` gave; nil for a list of another length or a count out of range.
    init?(storedCounts: [Int]) {
        guard storedCounts.count == Self.storedLength, storedCounts.allSatisfy({ (0...Int(Int32.max)).contains($0) }) else { return nil }
        for index in 0..<Self.storedLength { counts[index] = Int32(storedCounts[index]) }
    }

    mutating func count(_ field: TaskField) {
        counts[Self.index(of: field.kind) * 4 + Self.index(of: field.dialect)] &+= 1
    }

    /// Another stretch's fields counted in too.
    mutating func add(_ other: FieldUsage) {
        counts &+= other.counts
    }

    /// The usage after a stretch that used `old` came to use `new`.
    mutating func replace(_ old: FieldUsage, with new: FieldUsage) {
        counts &+= new.counts &- old.counts
    }

    /// How many fields are in `dialect`, of `kind` (nil: of every kind).
    private func count(of dialect: TaskField.Dialect, kind: TaskField.Kind?) -> Int {
        let column = Self.index(of: dialect)
        guard let kind else { return (0..<TaskField.Kind.allCases.count).reduce(0) { $0 + Int(counts[$1 * 4 + column]) } }
        return Int(counts[Self.index(of: kind) * 4 + column])
    }

    /// The dialect most fields are in; with no fields, `fallback` (`.tick.toml`'s
    /// `[tasks] dialect`, or the typed text's), else tick's.
    package func dialect(fallback: TaskField.Dialect? = nil) -> TaskField.Dialect {
        majority(of: nil) ?? fallback ?? .tick
    }

    /// The dialect a new field of `kind` is written in: the one most fields of that kind are
    /// in (a file of `📅` due dates and `[priority:: high]` writes a due date as `📅`); with
    /// none of that kind, the one most fields are in (`dialect(fallback:)`).
    package func dialect(for kind: TaskField.Kind, fallback: TaskField.Dialect? = nil) -> TaskField.Dialect {
        majority(of: kind) ?? dialect(fallback: fallback)
    }

    /// The dialect with the most fields (of `kind`), the first of `allCases` on a tie; nil
    /// when there are none.
    private func majority(of kind: TaskField.Kind?) -> TaskField.Dialect? {
        let tallies = TaskField.Dialect.allCases.map { ($0, count(of: $0, kind: kind)) }
        guard let most = tallies.max(by: { $0.1 < $1.1 }), most.1 > 0 else { return nil }
        return most.0
    }

    /// Whether some task has a field in `dialect`.
    func uses(_ dialect: TaskField.Dialect) -> Bool { count(of: dialect, kind: nil) > 0 }

    /// Whether some task has a field of `kind` (a `✅` done date, say).
    package func records(_ kind: TaskField.Kind) -> Bool {
        TaskField.Dialect.allCases.contains { count(of: $0, kind: kind) > 0 }
    }

    private static func index(of dialect: TaskField.Dialect) -> Int {
        switch dialect {
        case .tick: return 0
        case .obsidian: return 1
        case .dataview: return 2
        }
    }

    private static func index(of kind: TaskField.Kind) -> Int {
        switch kind {
        case .due: return 0
        case .scheduled: return 1
        case .start: return 2
        case .created: return 3
        case .done: return 4
        case .cancelled: return 5
        case .recurrence: return 6
        case .priority: return 7
        case .id: return 8
        case .dependsOn: return 9
        case .onCompletion: return 10
        }
    }
}
