/// One task shown by a view: which source document it comes from and its index in that
/// document's `tasks`.
///
/// Kept in 32 bits each: a listing of a million tasks holds a million of these.
public struct ViewItem: Sendable, Hashable {
    public var source: Int { Int(storedSource) }
    public var task: Int { Int(storedTask) }
    private let storedSource, storedTask: Int32

    package init(source: Int, task: Int) {
        storedSource = Int32(source)
        storedTask = Int32(task)
    }

    /// Every task of `sources` that `query` accepts, in file order.
    public static func select(_ sources: [SourceDocument], query: TaskQuery, today: CivilDate) -> [ViewItem] {
        var items: [ViewItem] = []
        for (index, source) in sources.enumerated() {
            let matcher = query.matcher(for: source.document, today: today, closedSince: source.closedSince)
            for task in source.document.tasks where matcher.matches(task) {
                items.append(ViewItem(source: index, task: task.index))
            }
        }
        return items
    }
}
