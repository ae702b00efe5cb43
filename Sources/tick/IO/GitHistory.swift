import TickCore

/// What a file's git history says about its tasks, for views that need dates the file does
/// not record. Every question may go unanswered (not in a repository, git missing, the file
/// untracked): the view then goes by the file alone.
enum GitHistory {
    /// The file as it was in the last commit before `date`: empty when it did not exist yet;
    /// nil when git cannot tell.
    static func version(of path: String, before date: CivilDate) -> [UInt8]? {
        let folder = Paths.directory(of: path), name = Paths.basename(of: path)
        guard (try? Git.run(["ls-files", "--error-unmatch", "--", name], in: folder))?.status == 0,
              let listed = try? Git.run(["rev-list", "-1", "--before=\(date)T00:00:00", "HEAD"], in: folder), listed.status == 0
        else { return nil }
        let commit = listed.text.split(separator: "\n").first.map(String.init)
        guard let commit else { return [] }
        guard let shown = try? Git.run(["show", "\(commit):./\(name)"], in: folder) else { return nil }
        return shown.status == 0 ? shown.stdout : []
    }

    /// The closed tasks of `document` that record no done (or cancelled) date and were not
    /// closed in the last commit before `date` (or were not there): closed since, by history.
    static func closedSince(_ date: CivilDate, path: String, document: Document, environment: Environment) -> Set<Int>? {
        let undated = document.tasks.filter { $0.isClosed && $0.closedDate == nil }
        guard !undated.isEmpty, let bytes = version(of: path, before: date) else { return nil }
        let old = environment.document(bytes)
        let matching = TaskMatching(old: old, new: document)
        return Set(undated.filter { (task: Task) -> Bool in matching.old(of: task.index).map { !old.tasks[$0].isClosed } ?? true }.map { $0.index })
    }
}
