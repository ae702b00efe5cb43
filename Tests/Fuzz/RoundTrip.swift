@testable import TickCore

/// Any bytes in, the same bytes out; the parse is structurally sound and builds the tasks the
/// reference builder builds; every query and the linter run without crashing, and the JSON
/// they print is valid UTF-8 without raw controls.
@_cdecl("LLVMFuzzerTestOneInput")
public func roundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Fuzz.input(data, size)
    let document = Document(bytes: input)
    Fuzz.checkStructure(document)  // the round trip first
    // The engine against the reference builder (Tests/TickCoreTests/ReferenceBuilder.swift).
    let reference = ReferenceBuilder.build(document)
    Fuzz.law(document.tasks == reference.tasks && document.joinedTexts == reference.joinedTexts,
             "the tasks differ from the reference builder's")
    Fuzz.law(document.fieldUsage == reference.usage, "the field usage differs from the reference builder's")

    _ = Linter.lint(document, today: Fuzz.today)
    let sources = [SourceDocument(path: "fuzz.md", document: document)]
    var query = TaskQuery()
    query.statuses = nil
    let items = ViewItem.select(sources, query: query, today: Fuzz.today)
    for order in TaskOrder.allCases {
        _ = ListView.render(order.sorted(items, in: sources), in: sources, order: order, today: Fuzz.today,
                            style: TextStyle(enabled: true))
    }
    _ = BoardView.render(items, in: sources, width: 80, today: Fuzz.today, style: TextStyle(enabled: false))
    let tallies = GroupTally.tally(sources, query: query, today: Fuzz.today)
    _ = GroupsView.render(tallies, in: sources, style: TextStyle(enabled: false))
    _ = ProgressView.render(tallies, in: sources, style: TextStyle(enabled: false))

    var json: [UInt8] = []
    JSONWriter.lines(items, emit: { json += $0 }) { item, writer in
        TaskJSON.write(document.tasks[item.task], in: document, file: "fuzz.md", to: &writer)
    }
    Fuzz.law(String(validating: json, as: UTF8.self) != nil, "JSON output is not UTF-8")
    Fuzz.law(!json.contains { $0 < 0x20 && $0 != 0x0A }, "JSON output holds a raw control character")
    checkMerge(document)
    return 0
}

/// `tick merge` and `tick changes` on the input and versions of it: a side that changed
/// nothing gives the other side back byte for byte, and any three versions merge without a
/// crash (the halves of the input as the two sides).
func checkMerge(_ document: Document) {
    let edited = document.tasks.first.flatMap { try? TaskEdits.setStatus($0, to: .done, in: document) }.map { document.afterApplying($0) } ?? document
    Fuzz.law(TaskMerge.merge(base: document, ours: edited, theirs: document).bytes == edited.bytes, "merge with theirs unchanged is not ours")
    Fuzz.law(TaskMerge.merge(base: document, ours: document, theirs: edited).bytes == edited.bytes, "merge with ours unchanged is not theirs")
    Fuzz.law(TaskMerge.merge(base: document, ours: edited, theirs: edited).bytes == edited.bytes, "merge of the same change is not that change")
    let half = document.bytes.count / 2
    let first = Document(bytes: Array(document.bytes[..<half])), second = Document(bytes: Array(document.bytes[half...]))
    _ = TaskMerge.merge(base: document, ours: first, theirs: second)
    _ = TaskMerge.merge(base: first, ours: document, theirs: second)
    _ = TaskChanges.between(old: first, new: document)
    _ = TaskChanges.between(old: document, new: edited)
}
