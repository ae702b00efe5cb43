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

    /// `items` (in the order a view shows them) in reverse, as trees when `grouped`
    /// (`ViewItem.reversedOrder`).
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
        var ranks: [Int: [Int]] = [:]
        let order = reversedOrder(depths: depths, file: { items[$0].source }, groupRank: { position in
            let item = items[position]
            let document = sources[item.source].document
            guard let group = document.tasks[item.task].group else { return -1 }
            if ranks[item.source] == nil { ranks[item.source] = document.reversedGroupRanks }
            return ranks[item.source]![group]
        })
        return order.map { items[$0] }
    }

    /// The positions of grouped rows in reverse, as trees: the files in reverse; each file's
    /// rows above its first heading first (`groupRank` -1: after a group's rows, they would
    /// read as that group's), then its groups in `groupRank` order
    /// (`Document.reversedGroupRanks`: a group above its subgroups), the rows of each in
    /// reverse as trees (`reversedOrder(depths:)`). Rows of one file, and of one group in
    /// it, are together.
    package static func reversedOrder(depths: [Int], file: (Int) -> Int, groupRank: (Int) -> Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(depths.count)
        var end = depths.count
        while end > 0 {
            var start = end - 1
            while start > 0, file(start - 1) == file(end - 1) { start -= 1 }
            var groups: [(rank: Int, positions: [Int])] = []
            for position in start..<end {
                let rank = groupRank(position)
                if groups.last?.rank == rank { groups[groups.count - 1].positions.append(position) } else { groups.append((rank, [position])) }
            }
            for group in groups.sorted(by: { $0.rank < $1.rank }) {
                result += reversedOrder(depths: group.positions.map { depths[$0] }).map { group.positions[$0] }
            }
            end = start
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
