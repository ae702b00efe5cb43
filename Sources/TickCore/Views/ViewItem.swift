/// One task shown by a view: which source document it comes from and its index in that
/// document's `tasks`.
public struct ViewItem: Sendable, Hashable {
    public let source: Int
    public let task: Int

    public init(source: Int, task: Int) {
        self.source = source
        self.task = task
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
