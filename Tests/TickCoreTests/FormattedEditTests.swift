import Foundation
import Testing
@testable import TickCore

/// The law that keeps `tick fmt --check` green in CI: every edit of a formatted file leaves
/// it formatted. Each corpus file and fixture is formatted, then every edit tick makes is
/// applied to it, task by task and group by group, and the result must need no formatting.
@Suite struct FormattedEditTests {
    @Test(arguments: Paths.allInputs)
    func editsKeepAFormattedFileFormatted(_ url: URL) throws {
        let formatted = Document(bytes: Formatter.format(Document(bytes: try bytes(of: url))).bytes)
        guard !formatted.bytes.contains(0), formatted.bytes[...].allSatisfyValidUTF8 else { return }
        // Where fmt keeps a `*` or `+` list (to keep it apart from the list next to it), what it
        // writes depends on the neighbours an edit changes: such files are outside the law.
        let today = CivilDate(year: 2026, month: 11, day: 23)!
        guard !formatted.items.contains(where: { $0.checkboxStart >= 0 && !$0.ordered && $0.delimiter != Byte.minus }) else { return }
        var failures: [String] = []
        func check(_ what: String, _ splices: () throws -> [Splice]) {
            guard let splices = try? splices(), !splices.isEmpty else { return }
            let after = formatted.afterApplying(splices)
            let again = Formatter.format(after)
            if again.changed {
                let lines = again.splices.map { "\($0.lines.lowerBound + 1)" }.joined(separator: ",")
                failures.append("\(what): fmt changes line(s) \(lines)")
            }
        }
        // Up to 16 tasks spread over the file, and the first groups: the law, not every case.
        let step = max(1, formatted.tasks.count / 16)
        for task in stride(from: 0, to: formatted.tasks.count, by: step).map({ formatted.tasks[$0] }) where task.markerOpensLine {
            let where_ = "line \(task.line + 1)"
            check("done \(where_)") { try TaskEdits.setStatus(task, to: .done, in: formatted) }
            check("star \(where_)") { try TaskEdits.setImportant(task, !task.important, in: formatted) }
            check("due \(where_)") { try TaskEdits.setDue(task, to: today, in: formatted, dialect: .tick) }
            check("rm \(where_)") { try TaskEdits.delete(task, in: formatted) }
            check("note \(where_)") { try BlockEdits.addNote("a note", to: task, in: formatted) }
            check("add after \(where_)") { try TaskPlacement.insert(at: .after(task), in: formatted) { [$0 + Array("[ ] new".utf8)] } }
            check("add under \(where_)") { try TaskPlacement.insert(at: .under(task), in: formatted) { [$0 + Array("[ ] new".utf8)] } }
            check("move up \(where_)") { try BlockEdits.move(task, up: true, in: formatted) }
        }
        let groups = formatted.headings.indices.filter { formatted.headings[$0].topLevel }
        for group in groups.prefix(5) {
            let where_ = "group line \(formatted.headings[group].line + 1)"
            check("group rm \(where_)") { GroupEdits.remove(group, in: formatted) }
            check("add to \(where_)") { try TaskPlacement.insert(at: .bottom(group: group), in: formatted) { [$0 + Array("[ ] new".utf8)] } }
            check("group add under \(where_)") { try GroupEdits.add(["New"], under: group, level: 2, in: formatted) }
            for other in groups.prefix(5) where other != group {
                check("group move \(where_) after \(formatted.headings[other].line + 1)") { try GroupEdits.move(group, before: false, other: other, in: formatted) }
            }
        }
        check("group add") { try GroupEdits.add("New", level: Sections.defaultLevel(in: formatted), in: formatted) }
        check("add at the end") { try TaskPlacement.insert(at: .bottom(group: TaskPlacement.defaultGroup(in: formatted)), in: formatted) { [$0 + Array("[ ] new".utf8)] } }
        #expect(failures.isEmpty, "\(url.lastPathComponent): \(failures.prefix(12).joined(separator: "; "))")
    }
}
