import TickCore
/// The project tick is run in: the git work tree the working directory is in (else that
/// directory), without the git work trees inside it, and the file tick edits from here
/// (`TICK_FILE`, else the nearest TODO.md), wherever it is. The journal is shared by every
/// folder: two undos in a row in one project must not revert another project's edit.
struct ProjectFolder {
    let root: [UInt8]
    let file: [UInt8]?

    init(environment: Environment) {
        let start = Syscalls.realPath(environment.workingDirectory) ?? environment.workingDirectory
        var folder = start
        while Syscalls.linkStatus(folder + "/.git") == nil {
            guard folder != "/", !folder.isEmpty else { folder = start; break }
            folder = Paths.directory(of: folder)
            if folder.isEmpty { folder = "/" }
        }
        root = PathBytes.bytes(of: folder == "/" ? folder : folder + "/")
        file = (try? TodoFileLocator.locate(explicit: nil, environment: environment)).flatMap { Syscalls.realPath($0) }.map(PathBytes.bytes(of:))
    }

    /// A path in this folder and not in a git work tree inside it (another project), or
    /// the file tick edits from here.
    func contains(_ path: [UInt8]) -> Bool {
        if path == file { return true }
        guard path.starts(with: root) else { return false }
        var folder = Paths.directory(of: PathBytes.string(from: path))
        let top = PathBytes.string(from: root == [0x2F] ? root : Array(root.dropLast()))
        while folder.utf8.count > top.utf8.count {
            if Syscalls.linkStatus(folder + "/.git") != nil { return false }
            folder = Paths.directory(of: folder)
        }
        return true
    }

    var shown: String { PathBytes.display(PathBytes.string(from: root == [0x2F] ? root : Array(root.dropLast()))) }
}
