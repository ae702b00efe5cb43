/// `tick archive` planned on a document: which group the closed tasks go to, which of them go
/// (`ArchiveSelection`), and the edit that files them there; the same for the command and an
/// editor's "Archive done tasks".
package struct ArchivePlan: Sendable {
    /// The archive group as configured (`.tick.toml`'s `[tasks] archive`, else `Done`).
    package let configured: String
    /// The group `--into` names, when it names one.
    package let into: String?
    /// The tasks go to another file (`--to`): this one's archive groups are only left alone.
    package let toOtherFile: Bool
    /// `--create`: an `--into` group close to an existing group's name is made all the same.
    package let createsGroup: Bool
    /// `-g`: only the closed tasks of this group and its subgroups.
    package let within: String?

    package init(configured: String, into: String? = nil, toOtherFile: Bool = false, createsGroup: Bool = false, within: String? = nil) {
        self.configured = configured
        self.into = into
        self.toOtherFile = toOtherFile
        self.createsGroup = createsGroup
        self.within = within
    }

    /// The group the tasks are filed under.
    package var group: String { into ?? configured }

    /// What is taken: not what an archive group holds already (unless `within` names it:
    /// `archives(in:)`).
    package func selection(in document: Document) throws(EditError) -> ArchiveSelection {
        ArchiveSelection(document, archives: archives(in: document),
                         within: try within.map { name throws(EditError) in try Sections.resolve(name, in: document) })
    }

    /// The groups whose tasks stay: the archive groups (the configured one, and the one
    /// archived into now) and the file's other groups for closed tasks (an Archive beside a
    /// Completed), in file order.
    func archives(in document: Document) -> [Int] {
        let names = [configured] + (toOtherFile ? [] : [group])
        return Array(Set(names.compactMap { ArchivePlace($0, in: document).heading } + ArchivePlace.closedGroups(in: document))).sorted()
    }

    /// Refuses an archive the file cannot take as asked: a second Done group beside the file's
    /// own, or an `--into` name close to an existing group's, most likely a typo of it (a
    /// subgroup of that very name is no typo: the archive is a group of its own).
    package func check(_ document: Document) throws(EditError) {
        guard !toOtherFile else { return }
        guard let into else { return try ArchivePlace.checkOneArchive(group, in: document) }
        // (The archive's own name, before the first archive makes it a group, too.)
        if !createsGroup, ArchivePlace(into, in: document).heading == nil,
           let close = GroupName(into).suggestion(in: [document])
            ?? Suggestion.nearest(to: into.lowercased(), among: [configured.lowercased()], tolerance: 2).map({ _ in configured }),
           GroupName(close).titles.last?.lowercased() != GroupName(into).titles.last?.lowercased(), GroupName(into).isLikelyTypo(of: close) {
            throw .closeToGroup(into, group: close)
        }
    }

    /// The edit that files the closed tasks under the archive group of the same file, each
    /// under a subgroup named as the group it left; the tasks kept are said with why. Nothing
    /// to archive is said as such.
    package func plan(in document: Document) throws(EditError) -> EditPlan {
        try check(document)
        let selection = try selection(in: document)
        var plan = EditPlan(try BlockEdits.archive(selection.moved, into: group, in: document),
                            subjects: selection.moved.map { .task($0.index, verb: "archived") } + Self.kept(selection))
        if plan.subjects.isEmpty {
            // Outside every group that keeps them (`Archive` and `Completed` on a board), as named.
            let kept = archives(in: document).map { "'" + GroupName.shown(document.shownGroupPath(ofHeading: $0)) + "'" }
            let outside = kept.isEmpty ? "'\(destination(in: document))'" : kept.spokenList("and")
            plan.nothing = "nothing to archive: no done or cancelled tasks " + (within.map { "in '\($0)'" } ?? "outside \(outside)")
        }
        return plan
    }

    /// The group the tasks go to, as views name it: the archive group the file has (a
    /// board's `Archive` lane, a `✅ Completed` of its own), else the one to be made.
    package func destination(in document: Document) -> String {
        ArchivePlace(group, in: document).heading.map { GroupName.shown(document.shownGroupPath(ofHeading: $0)) } ?? group
    }

    /// What an offer to archive `tasks` says: `Archive 3 done tasks into 'Done'`.
    package func title(archiving tasks: [Task], in document: Document) -> String {
        let done = tasks.count { $0.statusType == .done }
        let kind = done == tasks.count ? "done" : done == 0 ? "cancelled" : "done or cancelled"
        return "Archive \(tasks.count) \(kind) task\(tasks.count == 1 ? "" : "s") into '\(destination(in: document))'"
    }

    /// The closed tasks archive leaves, each with why (a subtask still to do).
    package static func kept(_ selection: ArchiveSelection) -> [EditPlan.Subject] {
        selection.kept.map { .task($0.task.index, verb: "kept", unchanged: ArchiveSelection.reason(openTasks: $0.openTasks)) }
    }
}
