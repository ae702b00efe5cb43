/// Checks of the headings that make groups.
enum GroupChecks {
    static func run(_ findings: inout LintFindings) {
        let document = findings.document
        var previousLevel: Int?
        var paths: [String: Int] = [:]
        // Tasks per heading, own and in subgroups.
        var taskCount = [Int](repeating: 0, count: document.headings.count)
        for task in document.tasks {
            var group = task.group
            while let heading = group {
                taskCount[heading] += 1
                group = document.headings[heading].parent
            }
        }
        for (index, heading) in document.headings.enumerated() where heading.topLevel {
            let start = document.lines[heading.line].start
            if let previous = previousLevel, heading.level > previous + 1 {
                findings.add(.headingLevelSkip, line: heading.line, offset: start,
                             "heading level \(heading.level) after level \(previous); expected \(previous + 1) or less")
            }
            previousLevel = heading.level
            let path = document.groupPath(ofHeading: index)
            let key = path.map { $0.lowercased() }.joined(separator: "\u{0}")
            if let first = paths[key] {
                findings.add(.duplicateGroup, line: heading.line, offset: start,
                             "group '\(GroupName.shown(document.shownGroupPath(ofHeading: index)))' already starts on line \(first + 1)")
            } else {
                paths[key] = heading.line
            }
            if taskCount[index] == 0, !document.tasks.isEmpty {
                findings.add(.emptyGroup, line: heading.line, offset: start, "group '\(heading.title)' has no tasks")
            }
        }
    }
}
