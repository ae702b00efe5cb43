/// Which file a command works on when none is named: `TICK_FILE`, else `TODO.md` in the working
/// directory or the nearest parent, stopping at the root of a repository (a folder with `.git`).
enum TodoFileLocator {
    static func locate(explicit: String?, environment: Environment) throws(TickError) -> String {
        if let explicit { return explicit }
        if let file = environment.tickFile, !file.isEmpty { return file }
        guard let found = nearest("TODO.md", from: environment.workingDirectory) else {
            throw TickError.noTodoFile(searchedFrom: environment.workingDirectory)
        }
        return found
    }

    /// `name` in `directory` or its nearest parent, up to the repository root, as a relative path.
    static func nearest(_ name: String, from start: String) -> String? {
        var directory = start
        var relative = ""
        while true {
            let candidate = directory == "/" ? "/" + name : directory + "/" + name
            if Syscalls.fileStatus(candidate) != nil { return relative + name }
            let isRepositoryRoot = Syscalls.fileStatus(directory + "/.git") != nil
            if isRepositoryRoot || directory == "/" || directory.isEmpty { return nil }
            directory = parent(of: directory)
            relative += "../"
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
