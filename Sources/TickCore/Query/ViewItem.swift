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

    /// `items` (in the order a view shows them) in reverse, a task's subtasks still below it
    /// when `grouped` (`ViewItem.reversedOrder`).
    package static func reversed(_ items: [ViewItem], in sources: [SourceDocument], grouped: Bool) -> [ViewItem] {
        guard grouped else { return items.reversed() }
        var shown = Set<ViewItem>()
        shown.reserveCapacity(items.count)
        for item in items { shown.insert(item) }
        let depths = items.map { item in
            let document = sources[item.source].document
            var depth = 0, parent = document.tasks[item.task].parent
            while let index = parent {
                if shown.contains(ViewItem(source: item.source, task: index)) { depth += 1 }
                parent = document.tasks[index].parent
            }
            return depth
        }
        let order = ungroupedFirst(reversedOrder(depths: depths), file: { items[$0].source },
                                   ungrouped: { sources[items[$0].source].document.tasks[items[$0].task].group == nil })
        return order.map { items[$0] }
    }

    /// `order` with each file's rows above its first heading back at the start of that file's
    /// rows, where a view prints them under no heading: after a group's rows, they would read
    /// as that group's.
    package static func ungroupedFirst(_ order: [Int], file: (Int) -> Int, ungrouped: (Int) -> Bool) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(order.count)
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count, file(order[end]) == file(order[start]) { end += 1 }
            let run = order[start..<end]
            result += run.filter(ungrouped)
            result += run.filter { !ungrouped($0) }
            start = end
        }
        return result
    }

    /// The positions of rows in reverse order, as trees: each row whose depth (how many of its
    /// parent tasks are rows above it) is deeper than the row before it is that row's subtask,
    /// and stays below it, its own subtasks reversed in turn. A reversed list would print a
    /// subtask, indented, above its parent.
    ///
    /// The order is the reverse of the rows' post-order (each row after its subtasks): one
    /// pass with a stack, however deep the nesting.
    package static func reversedOrder(depths: [Int]) -> [Int] {
        var postOrder: [Int] = []
        postOrder.reserveCapacity(depths.count)
        var open: [Int] = []
        for (position, depth) in depths.enumerated() {
            while let last = open.last, depths[last] >= depth { postOrder.append(open.removeLast()) }
            open.append(position)
        }
        postOrder.append(contentsOf: open.reversed())
        return postOrder.reversed()
    }
}
