/// Checks of a note's query blocks (```` ```tasks ````, and ```` ```dataview ```` blocks of a
/// `TASK` query): each line tick cannot read, which keeps `tick query` from running the block
/// (it would show other tasks than its author asked for), is reported where it is.
enum QueryChecks {
    static func run(_ findings: inout LintFindings, today: CivilDate) {
        let document = findings.document, bytes = document.bytes
        // Most files open no fence of a query: only the lines that open fences are looked at.
        let names = [Array("tasks".utf8), Array("dataview".utf8)]
        guard document.kinds.indices.contains(where: { line in
            document.kinds[line] == .fenceOpen
                && names.contains { ByteSearch.contains($0, in: bytes, document.lines[line].start..<document.lines[line].contentEnd) }
        }) else { return }
        // Placeholders name the note the block is in: any name reads them.
        for block in NoteQueries(bytes, note: "note.md", today: today).blocks {
            for problem in block.query.problems where problem.line >= 1 && problem.line <= findings.document.lines.count {
                let line = problem.line - 1
                findings.add(.unreadQuery, line: line, offset: findings.document.lines[line].start,
                             "tick cannot run this query: '\(problem.instruction)': \(problem.message)")
            }
        }
    }
}
