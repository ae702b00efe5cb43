import TickCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// tick's private state: `$XDG_STATE_HOME/tick` (default `~/.local/state/tick`) with the undo
/// journal (`journal/`) and the latest listings (`listings`), opened component by component as
/// git and ssh treat their own folders: every folder of tick's is created 0700, never followed
/// through a link, and refused when another user owns it or others may write it. Everything
/// inside is opened relative to the folder's descriptor, created exclusively, and never through
/// a link.
struct StateFolder {
    let fd: Int32
    let path: String
    /// How long `withLock` waits for another program's lock (`TICK_LOCK_TIMEOUT`).
    var lockTimeout = 10.0

    enum Failure: Error {
        case unavailable(String)
    }

    /// `tick`, or the folder `path` below it (such as `journal/op-…`).
    static func open(_ environment: Environment, _ components: [String] = []) -> Result<StateFolder, Failure> {
        let base: String
        if let state = environment.stateHome, state.utf8.first == 0x2F {
            base = state
        } else if let home = environment.home, home.utf8.first == 0x2F {
            // The home folder itself is never created (HOME=/nonexistent is how system
            // accounts say they have none).
            guard let info = Syscalls.fileStatus(home), (info.st_mode & S_IFMT) == S_IFDIR else {
                return .failure(.unavailable("the home folder \(PathBytes.display(home)) does not exist"))
            }
            base = home + "/.local/state"
        } else {
            return .failure(.unavailable("HOME is not set"))
        }
        // The base may be any folder the user chose (even a shared one): it is created if
        // missing, and only its subfolders must be tick's own.
        guard makeDirectories(base) else { return .failure(.unavailable("cannot create \(PathBytes.display(base)): " + Syscalls.errnoMessage(errno))) }
        guard case .success(var fd) = Syscalls.open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else {
            return .failure(.unavailable("cannot open \(PathBytes.display(base)): " + Syscalls.errnoMessage(errno)))
        }
        var path = base
        for component in ["tick"] + components {
            path += "/" + component
            let child = privateSubfolder(component, in: fd, path: path)
            Syscalls.close(fd)
            switch child {
            case .success(let value): fd = value
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(StateFolder(fd: fd, path: path, lockTimeout: environment.lockTimeout))
    }

    func close() { Syscalls.close(fd) }

    /// A subfolder of this one, created when missing, checked as every folder of tick's is.
    func subfolder(_ name: String, create: Bool = true) -> Result<StateFolder, Failure> {
        if !create, faccessat(fd, name, F_OK, AT_SYMLINK_NOFOLLOW) != 0 {
            return .failure(.unavailable("\(PathBytes.display(path + "/" + name)) does not exist"))
        }
        return Self.privateSubfolder(name, in: fd, path: path + "/" + name).map { StateFolder(fd: $0, path: path + "/" + name, lockTimeout: lockTimeout) }
    }

    /// Runs `body` holding an exclusive lock on the folder's `lock` file: one tick at a time
    /// reads and rewrites a shared record.
    func withLock<T>(_ body: () throws(TickError) -> T) throws(TickError) -> T {
        let lock = openat(fd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw TickError.refused("cannot lock \(PathBytes.display(path + "/lock")): " + Syscalls.errnoMessage(errno)) }
        defer { Syscalls.close(lock) }
        // Another tick holds it for the moments of its write; a program that holds it longer
        // is named after a second, and waited for up to TICK_LOCK_TIMEOUT.
        var wait = Wait(timeout: lockTimeout)
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw TickError.refused("cannot lock \(PathBytes.display(path + "/lock")): " + Syscalls.errnoMessage(errno))
            }
            var status = stat()
            _ = fstat(lock, &status)
            try wait.step(every: 0.02, saying: "waiting for \(FileLock.holder(of: status)) to release tick's state folder \(PathBytes.display(path))") {
                TickError.refused("tick's state folder \(PathBytes.display(path)) is still locked by \(FileLock.holder(of: status)) after \(Wait.seconds(lockTimeout)) (TICK_LOCK_TIMEOUT)")
            }
        }
        return try body()
    }

    /// The names in the folder (not `.`, `..` or temporary files), sorted by bytes.
    func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = Syscalls.entryName(entry)
            if name == "." || name == ".." || name.hasPrefix("tmp-") || name == "lock" { continue }
            names.append(name)
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// When a file in the folder was last written, in nanoseconds; nil when it cannot be told.
    func modificationTime(of name: String) -> Int64? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Removes a file, or a folder of files, in this folder.
    func remove(_ name: String) {
        if unlinkat(fd, name, 0) == 0 { return }
        guard case .success(let child) = subfolder(name, create: false) else { return }
        for entry in child.names() + ["lock"] { unlinkat(child.fd, entry, 0) }
        child.close()
        unlinkat(fd, name, AT_REMOVEDIR)
    }
    /// Opens (creating it 0700 if missing) a subfolder that must be the user's own.
    private static func privateSubfolder(_ name: String, in parent: Int32, path: String) -> Result<Int32, Failure> {
        // Opened first: it is there on every run but the first.
        var fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            if mkdirat(parent, name, 0o700) != 0, errno != EEXIST {
                return .failure(.unavailable("cannot create \(PathBytes.display(path)): " + Syscalls.errnoMessage(errno)))
            }
            fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            let reason = errno == ELOOP || errno == ENOTDIR ? "is not a folder (a link?)" : Syscalls.errnoMessage(errno)
            return .failure(.unavailable("\(PathBytes.display(path)) \(reason)"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == Self.userID, (info.st_mode & 0o022) == 0 else {
            Syscalls.close(fd)
            return .failure(.unavailable("\(PathBytes.display(path)) belongs to another user or others may write it; not using it"))
        }
        return .success(fd)
    }

    private static func makeDirectories(_ path: String) -> Bool {
        if let info = Syscalls.fileStatus(path), (info.st_mode & S_IFMT) == S_IFDIR { return true }
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if current.withPathCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST { return false }
        }
        return true
    }

    /// The effective user, asked once (every check of a file's owner would be a system call).
    private static let userID = geteuid()

    /// Reads a regular file in the folder that belongs to the user; nil when there is none.
    func read(_ name: String) throws(TickError) -> [UInt8]? {
        let fd = openat(self.fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw TickError.refused("cannot read \(PathBytes.display(path + "/" + name)): " + Syscalls.errnoMessage(errno))
        }
        defer { Syscalls.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == Self.userID else {
            throw TickError.refused("\(PathBytes.display(path + "/" + name)) is not a file of yours; not using it")
        }
        switch Syscalls.readAll(fd, sizeHint: Int(info.st_size), endsAtHint: true) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: path + "/" + name, reason: FileReader.describe(error.code))
        }
    }

    /// Writes a file in the folder: a new file (exclusive, no link), `fsync`ed when `durable`,
    /// renamed into place, folder `fsync`ed. Returns the failure's errno.
    func write(_ bytes: [UInt8], to name: String, durable: Bool = true) -> Int32? {
        removeAbandonedFiles()
        let temporary = "tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let fd = openat(self.fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return errno }
        var failure = bytes.withUnsafeBytes { Syscalls.writeAll(fd, $0) }
        if failure == nil, durable, fsync(fd) != 0 { failure = errno }
        Syscalls.close(fd)
        if failure == nil, renameat(self.fd, temporary, self.fd, name) != 0 { failure = errno }
        if let failure {
            unlinkat(self.fd, temporary, 0)
            return failure
        }
        if durable { _ = fsync(self.fd) }
        return nil
    }

    /// The folders this process has looked through for abandoned files already: once each, so
    /// that writing many records into one folder (`fmt` of a folder) stays linear.
    private static let cleaned = Mutex<Set<String>>([])

    /// Removes `tmp-` files a killed tick left (older than a minute, so never one being written).
    private func removeAbandonedFiles() {
        guard Self.cleaned.withLock({ $0.insert(path).inserted }) else { return }
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else { return }
        defer { closedir(stream) }
        // The copy shares the folder's read position with earlier copies: from the start.
        rewinddir(stream)
        var abandoned: [String] = []
        while let entry = readdir(stream) {
            let name = Syscalls.entryName(entry)
            guard name.hasPrefix("tmp-") else { continue }
            var info = stat()
            if fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, Clock.age(of: info.st_mtim) > 60 {
                abandoned.append(name)
            }
        }
        for name in abandoned { unlinkat(fd, name, 0) }
    }
}
