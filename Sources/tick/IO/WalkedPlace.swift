import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// A folder the user named for a walk, held open from the walk to the last write under it.
final class WalkRoot: Sendable {
    let fd: Int32
    /// Its real path when it was opened.
    let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { Syscalls.close(fd) }
}

/// Where a walk found a file: the folders from the one named down to the file's, each a real
/// folder (not a link) when the walk read it, and the file's name.
///
/// The file is opened again for writing by going down from the named folder's descriptor one
/// name at a time, never following a link (`O_NOFOLLOW`), so no path is resolved again: a
/// folder swapped for a link after the walk stops the write of the files below it instead of
/// sending them out of the folder named.
struct WalkedPlace: Sendable {
    let root: WalkRoot
    let folders: [String]
    let name: String

    /// The real path of the file's folder, as the walk found it.
    var folderPath: String {
        folders.reduce(root.path) { ($0 == "/" ? "" : $0) + "/" + $1 }
    }

    /// The place of the file at `realPath` (links resolved), when it lies in `root`.
    static func inside(_ root: WalkRoot, realPath: String) -> WalkedPlace? {
        let prefix = root.path == "/" ? "/" : root.path + "/"
        guard realPath.utf8.starts(with: prefix.utf8) else { return nil }
        let parts = PathBytes.bytes(of: realPath).dropFirst(prefix.utf8.count).split(separator: 0x2F).map { PathBytes.string(from: Array($0)) }
        guard let name = parts.last else { return nil }
        return WalkedPlace(root: root, folders: Array(parts.dropLast()), name: name)
    }

    /// The file's folder, opened (`O_PATH`) by going down from the named one; `path` is the
    /// file's path for messages.
    func openFolder(for path: String) throws(TickError) -> Int32 {
        var fd: Int32 = -1
        switch Syscalls.openAt(root.fd, ".", Syscalls.openPath | O_DIRECTORY | O_CLOEXEC) {
        case .success(let value): fd = value
        case .failure(let error): throw TickError.cannotWrite(path: path, reason: "cannot open the folder named: " + Syscalls.errnoMessage(error.code))
        }
        for folder in folders {
            let next = Syscalls.openAt(fd, folder, Syscalls.openPath | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            Syscalls.close(fd)
            switch next {
            case .success(let value):
                fd = value
            case .failure(let error) where error.code == ENOTDIR || error.code == ELOOP || error.code == ENOENT:
                throw TickError.cannotWrite(path: path, reason: "its folder \(PathBytes.display(folder)) is no longer the folder the walk read "
                    + "(a link or another file now has its name); only files inside the folder named are written")
            case .failure(let error):
                throw TickError.cannotWrite(path: path, reason: "cannot open its folder \(PathBytes.display(folder)): " + Syscalls.errnoMessage(error.code))
            }
        }
        return fd
    }
}
