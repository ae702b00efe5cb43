import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Which file a command works on when none is named: `TICK_FILE`, else the file `.tick.toml`
/// names, else the first of `names` in the working directory or the nearest parent that has one
/// (a folder of one of those names is not one).
///
/// The climb stops at the root of a repository (a folder with `.git`), at the home folder,
/// before a folder that another user owns or that others may write (such as `/tmp`): a file
/// planted there by someone else must not change what tick reads or edits; and, confined
/// (`TICK_ROOTS`), before a folder outside the roots.
enum TodoFileLocator {
    /// The names looked for, in this order, in each folder (tick(1), FILES).
    static let names = ["TODO.md", "todo.md", "Todo.md", "TODO.markdown", "todo.markdown", "TASKS.md", "tasks.md", "Tasks.md"]

    /// `naming`: how the command is told a file, for the message when there is none.
    static func locate(explicit: String?, environment: Environment, naming: String = "with -f FILE") throws(TickError) -> String {
        if let explicit { return explicit }
        if let file = environment.tickFile, !file.isEmpty { return file }
        if let file = environment.configuredFile { return file }
        let found = nearest(names, from: environment.workingDirectory, home: environment.home, roots: environment.roots)
        // A folder of such a name here is not taken for a file, nor passed over in silence for
        // a parent's file (which a view would show, and an edit change, as if it were here's).
        if found?.hasPrefix("../") ?? true {
            let here = environment.workingDirectory
            if let folder = names.first(where: { name in
                Syscalls.linkStatus(here == "/" ? "/" + name : here + "/" + name).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
            }) {
                throw TickError.cannotRead(path: folder, reason: "is a folder, not a task file; name a task file \(naming)")
            }
        }
        guard let found else { throw TickError.noTodoFile(searchedFrom: environment.workingDirectory, naming: naming) }
        return found
    }

    /// The first of `names` in `directory` or its nearest parent, within the limits above, as a
    /// relative path.
    static func nearest(_ names: [String], from start: String, home: String?, roots: [String]?) -> String? {
        var directory = start
        var relative = ""
        var folder = Syscalls.fileStatus(start)
        var owner = folder?.st_uid
        while true {
            if let roots, !(Syscalls.realPath(directory).map { Confinement.admits(realPath: $0, roots: roots) } ?? false) { return nil }
            for name in names {
                let candidate = directory == "/" ? "/" + name : directory + "/" + name
                // A folder of that name is no task file (list walked it, edits failed on it).
                if let found = Syscalls.linkStatus(candidate), found.st_mode & S_IFMT != S_IFDIR {
                    // In a folder others may write, only the user's own file counts.
                    let shared = (folder.map { $0.st_mode & 0o002 } ?? 0) != 0
                    if !shared || found.st_uid == geteuid() { return relative + name }
                }
            }
            let isRepositoryRoot = Syscalls.linkStatus(directory + "/.git") != nil
            if isRepositoryRoot || directory == "/" || directory.isEmpty || directory == home { return nil }
            let parent = parent(of: directory)
            guard let info = Syscalls.fileStatus(parent), info.st_uid == owner, (info.st_mode & 0o022) == 0 else { return nil }
            owner = info.st_uid
            folder = info
            directory = parent
            relative += "../"
        }
    }

    private static func parent(of path: String) -> String {
        path.utf8.contains(0x2F) ? Paths.directory(of: path) : "/"
    }
}
