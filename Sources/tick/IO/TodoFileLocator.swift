#if canImport(Glibc)
import Glibc
#endif

/// Which file a command works on when none is named: `TICK_FILE`, else `TODO.md` in the working
/// directory or the nearest parent.
///
/// The climb stops at the root of a repository (a folder with `.git`), at the home folder, and
/// before a folder that another user owns or that others may write (such as `/tmp`): a file
/// planted there by someone else must not change what tick reads or edits.
enum TodoFileLocator {
    static func locate(explicit: String?, environment: Environment) throws(TickError) -> String {
        if let explicit { return explicit }
        if let file = environment.tickFile, !file.isEmpty { return file }
        guard let found = nearest("TODO.md", from: environment.workingDirectory, home: environment.home) else {
            throw TickError.noTodoFile(searchedFrom: environment.workingDirectory)
        }
        return found
    }

    /// `name` in `directory` or its nearest parent, within the limits above, as a relative path.
    static func nearest(_ name: String, from start: String, home: String?) -> String? {
        var directory = start
        var relative = ""
        var folder = Syscalls.fileStatus(start)
        var owner = folder?.st_uid
        while true {
            let candidate = directory == "/" ? "/" + name : directory + "/" + name
            if let found = Syscalls.linkStatus(candidate) {
                // In a folder others may write, only the user's own file counts.
                let shared = (folder.map { $0.st_mode & 0o002 } ?? 0) != 0
                if !shared || found.st_uid == geteuid() { return relative + name }
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
