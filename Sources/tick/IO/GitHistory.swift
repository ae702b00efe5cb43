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
        if shown.status == 0 { return shown.stdout }
        // Not there by this name: renamed since, or new. (Only then is the rename looked for:
        // a whole-tree diff is one more git process for every view that asks.)
        let former = formerName(of: name, in: commit, folder: folder)
        guard former != name, let renamed = try? Git.run(["show", "\(commit):./\(former)"], in: folder) else { return [] }
        return renamed.status == 0 ? renamed.stdout : []
    }

    /// The name the file `name` (relative to `folder`) had in `commit`, its renames since
    /// followed (as far as `new`, else the working tree): `name` itself when git sees no
    /// rename to it. (A pathspec of the new name alone shows a renamed file as added, and
    /// every task in it as new.)
    static func formerName(of name: String, in commit: String, upTo new: String? = nil, folder: String) -> String {
        guard let listed = try? Git.run(["diff", "--name-status", "-M", "-z", "--relative", commit] + (new.map { [$0] } ?? []) + ["--"], in: folder),
              listed.status == 0 else { return name }
        var fields = listed.stdout.split(separator: 0, omittingEmptySubsequences: false).map { PathBytes.string(from: $0) }[...]
        while let status = fields.popFirst(), !status.isEmpty, let first = fields.popFirst() {
            guard status.hasPrefix("R") || status.hasPrefix("C") else { continue }
            guard let second = fields.popFirst() else { break }
            if status.hasPrefix("R"), second == name { return first }
        }
        return name
    }

    /// The closed tasks of `document` that record no done (or cancelled) date and were not
    /// closed in the last commit before `date` (or were not there): closed since, by history.
    static func closedSince(_ date: CivilDate, path: String, document: Document, environment: Environment) -> Set<Int>? {
        let undated = document.tasks.filter { $0.isClosed && document.closedDate(of: $0) == nil }
        guard !undated.isEmpty, let bytes = version(of: path, before: date) else { return nil }
        let old = environment.document(bytes)
        let matching = TaskMatching(old: old, new: document, pairingSimilarWords: true)
        return Set(undated.filter { (task: Task) -> Bool in matching.old(of: task.index).map { !old.tasks[$0].isClosed } ?? true }.map { $0.index })
    }
}

extension GitHistory {
    /// The commits that added or changed task `index` of `document` (the file at `path` as it
    /// is now), newest first, renames followed (`TaskHistory`); nil outside a repository or
    /// for an untracked file.
    static func steps(of index: Int, path: String, document: Document, environment: Environment) throws(TickError) -> [TaskHistory.Step]? {
        let folder = Paths.directory(of: path), name = Paths.basename(of: path)
        guard (try? Git.run(["ls-files", "--error-unmatch", "--", name], in: folder))?.status == 0 else { return nil }
        // Each commit that touched the file: its hash, short hash, date and author, then the
        // file's path (from the top of the repository) in that commit. First parents only, so
        // that each version is the one before the next: what a branch did is the merge's doing.
        // -z: the path as its bytes, never quoted (a name with a quote, a newline or bytes
        // that are not UTF-8): each record is the fields, NUL, a newline, the path, NUL.
        let log = try Git.checked(["log", "--first-parent", "--follow", "--name-only", "-z", "--date=short", "--format=%x1e%H%x1f%h%x1f%ad%x1f%an", "--", name], in: folder)
        var commits: [(hash: String, path: String, commit: TaskHistory.Commit)] = []
        for record in log.stdout.split(separator: 0x1E) {
            let parts = record.split(separator: 0, omittingEmptySubsequences: false)
            guard parts.count >= 2 else { continue }
            let fields = parts[0].split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            let file = parts[1].first == 0x0A ? parts[1].dropFirst() : parts[1]
            guard fields.count == 4, !file.isEmpty else { continue }
            commits.append((fields[0], PathBytes.string(from: file), TaskHistory.Commit(short: fields[1], date: fields[2], author: fields[3])))
        }
        return try TaskHistory.steps(of: index, in: document, commits: commits.map(\.commit)) { (position: Int) throws(TickError) -> Document in
            let shown = try Git.run(["show", "\(commits[position].hash):\(commits[position].path)"], in: folder)
            return environment.document(shown.status == 0 ? shown.stdout : [])
        }
    }
}
