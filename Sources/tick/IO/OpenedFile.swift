import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// A regular file opened for reading by the path the user gave, through the kernel (so that
/// symlink protections such as `fs.protected_symlinks` apply), and refused before anything is
/// read unless it is a regular file: a FIFO cannot hang tick, `/dev/zero` cannot feed it forever.
struct OpenedFile {
    let fd: Int32
    let status: stat

    /// `blocking` false leaves the descriptor non-blocking, for a file only read once and
    /// closed (`FileReader.read`): reads of a regular file never block, and a folder of
    /// 10 000 files is spared two `fcntl` calls each.
    /// `place`: a folder already open and the file's name in it, which must not be a link (a
    /// walked file, `WalkedPlace`); `path` is then for messages only.
    /// `confined`: a task file, which must lie in the folders `TICK_ROOTS` names (false for
    /// what tick reads about the system and its settings).
    static func open(_ path: String, blocking: Bool = true, in place: (folder: Int32, name: String)? = nil,
                     confined: Bool = true) throws(TickError) -> OpenedFile {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. A file
        // another program holds a write lease on answers EWOULDBLOCK while the kernel asks
        // that program to give it up: wait for it, a bounded time.
        var fd: Int32 = -1
        var wait = Wait(timeout: 10)
        while fd < 0 {
            let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
            switch place.map({ Syscalls.openAt($0.folder, $0.name, flags | O_NOFOLLOW) }) ?? Syscalls.open(path, flags) {
            case .success(let value):
                fd = value
            case .failure(let error) where place != nil && error.code == ELOOP:
                throw TickError.cannotWrite(path: path, reason: "it is now a link, not the file the walk found; only files inside the folder named are written")
            case .failure(let error) where error.code == EWOULDBLOCK:
                try wait.step(every: 0.01, saying: "waiting for another program to give up its lease on \(PathBytes.display(path))") {
                    TickError.cannotRead(path: path, reason: "another program holds a lease on it and kept it for 10 s")
                }
            case .failure(let error):
                throw TickError.cannotRead(path: path, reason: describeOpenFailure(error.code, path: path))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            Syscalls.close(fd)
            throw TickError.cannotRead(path: path, reason: FileReader.describe(code))
        }
        if let kind = nonRegularKind(info.st_mode) {
            Syscalls.close(fd)
            throw TickError.cannotRead(path: path, reason: kind)
        }
        if confined {
            do throws(TickError) { try Confinement.check(fd: fd, path: path) } catch {
                Syscalls.close(fd)
                throw error
            }
        }
        // A regular file never blocks; clear the flag so reads behave as usual.
        if blocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        return OpenedFile(fd: fd, status: info)
    }

    func close() { Syscalls.close(fd) }

    /// The whole file from its first byte, whatever the descriptor's offset.
    func readAll(path: String) throws(TickError) -> [UInt8] {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw TickError.cannotRead(path: path, reason: Syscalls.errnoMessage(errno)) }
        return try read(path: path, endsAtSize: false)
    }

    /// The whole file, read once from a descriptor just opened (no seek): a read that reaches
    /// the size `fstat` gave ends it, without a second read to see the end (a file that grew
    /// fills the extra byte asked for and is read on).
    func readOnce(path: String) throws(TickError) -> [UInt8] { try read(path: path, endsAtSize: true) }

    private func read(path: String, endsAtSize: Bool) throws(TickError) -> [UInt8] {
        switch Syscalls.readAll(fd, sizeHint: Int(status.st_size), endsAtHint: endsAtSize) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: path, reason: FileReader.describe(error.code))
        }
    }

    /// The current status of the open file.
    func currentStatus() -> stat? {
        var info = stat()
        return fstat(fd, &info) == 0 ? info : nil
    }

    /// What a file that is not a regular file is, for the message that refuses it.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "is a FIFO (named pipe), not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        default: return "not a regular file"
        }
    }

    static func describeOpenFailure(_ code: Int32, path: String) -> String {
        if code == ENOENT, let link = Syscalls.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK {
            return "dangling symbolic link"
        }
        if code == ELOOP { return "too many levels of symbolic links" }
        return FileReader.describe(code)
    }
}

/// Two looks at a file are the same when nothing about its identity, size or times moved.
/// The change time matters: it catches a `touch -r` after an in-place write, and a `chmod`.
func isSameVersion(_ a: stat, _ b: stat, comparingChangeTime: Bool = true) -> Bool {
    a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size
        && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
        && (!comparingChangeTime || (a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec))
}
