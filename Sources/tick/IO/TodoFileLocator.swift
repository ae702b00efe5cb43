/// Which file a command works on when none is named: `TICK_FILE`, else `TODO.md` in the working
/// directory or the nearest parent, stopping at the root of a repository (a folder with `.git`).
enum TodoFileLocator {
    static func locate(explicit: String?, environment: Environment) throws(TickError) -> String {
        if let explicit { return explicit }
        if let file = environment.tickFile, !file.isEmpty { return file }
        var directory = environment.workingDirectory
        var relative = ""
        while true {
            let candidate = directory == "/" ? "/TODO.md" : directory + "/TODO.md"
            if Syscalls.fileStatus(candidate) != nil { return relative + "TODO.md" }
            let isRepositoryRoot = Syscalls.fileStatus(directory + "/.git") != nil
            if isRepositoryRoot || directory == "/" || directory.isEmpty { break }
            directory = parent(of: directory)
            relative += "../"
        }
        throw TickError.noTodoFile(searchedFrom: environment.workingDirectory)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
