/// What a file's tasks write in their fields: how many fields each dialect has, and which kinds
/// some task records. Edits ask it the dialect a new field is written in and whether the file
/// records done, cancelled or created dates.
///
/// Counted while the document is parsed, from the fields the parse reads anyway for due dates
/// (`Document.fieldUsage`): asking costs nothing, however large the file.
package struct FieldUsage: Sendable, Equatable {
    /// Fields per dialect, in `TaskField.Dialect.allCases` order.
    private var counts = SIMD4<Int32>()
    /// Fields per `TaskField.Kind`, in `allCases` order: counts, so that an edit's window can
    /// take its fields out and put the new ones in (`replace`).
    private var kinds = SIMD16<Int32>()

    init() {}

    /// The counts, dialects then kinds: what a saved parse state keeps (`ParseCheckpoints`).
    var storedCounts: [Int] { (0..<4).map { Int(counts[$0]) } + (0..<16).map { Int(kinds[$0]) } }

    /// The usage `storedCounts` gave; nil for a list of another length or a count out of range.
    init?(storedCounts: [Int]) {
        guard storedCounts.count == 20, storedCounts.allSatisfy({ (0...Int(Int32.max)).contains($0) }) else { return nil }
        for index in 0..<4 { counts[index] = Int32(storedCounts[index]) }
        for index in 0..<16 { kinds[index] = Int32(storedCounts[4 + index]) }
    }

    mutating func count(_ field: TaskField) {
        counts[Self.index(of: field.dialect)] &+= 1
        kinds[Self.index(of: field.kind)] &+= 1
    }

    /// Another stretch's fields counted in too.
    mutating func add(_ other: FieldUsage) {
        counts &+= other.counts
        kinds &+= other.kinds
    }

    /// The usage after a stretch that used `old` came to use `new`.
    mutating func replace(_ old: FieldUsage, with new: FieldUsage) {
        counts &+= new.counts &- old.counts
        kinds &+= new.kinds &- old.kinds
    }

    /// The dialect most fields are in; with no fields, `fallback` (`.tick.toml`'s
    /// `[tasks] dialect`, or the typed text's), else tick's.
    package func dialect(fallback: TaskField.Dialect? = nil) -> TaskField.Dialect {
        guard counts != SIMD4() else { return fallback ?? .tick }
        return TaskField.Dialect.allCases.max { counts[Self.index(of: $0)] < counts[Self.index(of: $1)] } ?? .tick
    }

    /// Whether some task has a field in `dialect`.
    func uses(_ dialect: TaskField.Dialect) -> Bool { counts[Self.index(of: dialect)] > 0 }

    /// Whether some task has a field of `kind` (a `✅` done date, say).
    package func records(_ kind: TaskField.Kind) -> Bool { kinds[Self.index(of: kind)] > 0 }

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
