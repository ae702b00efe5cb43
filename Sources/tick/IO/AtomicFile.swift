#if canImport(Glibc)
import Glibc
#endif

/// Read-modify-write of a file, safely.
///
/// The protocol, in order:
/// 1. Resolve symlinks, so the link's target is edited and the link stays a link.
/// 2. Open the target and take an exclusive `flock`. Another tick may have replaced the file
///    while we waited for the lock (the lock belongs to the old inode): if the path no longer
///    names the inode we locked, start again. So two ticks never lose each other's edits.
/// 3. Read the bytes under the lock and compute the new ones.
/// 4. Write them to a temporary file in the same folder, with the original's mode and owner,
///    and `fsync` it.
/// 5. If the file changed since we read it (an editor saved it), refuse: nothing is written.
/// 6. `rename` the temporary file over the target (readers see the old file or the new one,
///    never a mix), then `fsync` the folder so the rename itself is durable.
/// A failure at any step removes the temporary file and leaves the original untouched.
enum AtomicFile {
    struct Update {
        let path: String
        let before: [UInt8]
        let after: [UInt8]
    }

    /// Applies `transform` to the file's current bytes and writes the result, unless it returns
    /// nil or the same bytes. Returns what changed.
    static func update(_ path: String,
                       _ transform: ([UInt8]) throws(TickError) -> [UInt8]?) throws(TickError) -> Update? {
        let target = try resolve(path)
        while true {
            let fd: Int32
            switch Syscalls.open(target, O_RDONLY | O_CLOEXEC) {
            case .success(let value): fd = value
            case .failure(let error): throw TickError.cannotRead(path: path, reason: FileReader.describe(error.code))
            }
            defer { Syscalls.close(fd) }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { throw TickError.cannotWrite(path: path, reason: "cannot lock: " + Syscalls.errnoMessage(errno)) }
            }
            var locked = stat()
            guard fstat(fd, &locked) == 0 else { throw TickError.cannotRead(path: path, reason: Syscalls.errnoMessage(errno)) }
            guard let current = Syscalls.fileStatus(target), current.st_ino == locked.st_ino, current.st_dev == locked.st_dev else {
                continue  // replaced while we waited: lock the new file instead
            }
            if (locked.st_mode & S_IFMT) == S_IFDIR {
                throw TickError.cannotRead(path: path, reason: "is a directory")
            }
            if (locked.st_mode & S_IFMT) != S_IFREG {
                throw TickError.cannotWrite(path: path, reason: "not a regular file")
            }
            if (locked.st_mode & 0o222) == 0 {
                throw TickError.cannotWrite(path: path, reason: "the file is read-only")
            }
            // Every tick writes its temporary file while holding this lock, so any left now is
            // from a tick that was killed mid-write: remove it.
            removeStaleTemporaryFiles(of: target)
            let before: [UInt8]
            switch Syscalls.readAll(fd, sizeHint: Int(locked.st_size)) {
            case .success(let bytes): before = bytes
            case .failure(let error): throw TickError.cannotRead(path: path, reason: FileReader.describe(error.code))
            }
            guard let after = try transform(before), after != before else { return nil }
            TestHooks.pauseBeforeWrite()
            try replace(target, displayPath: path, with: after, like: locked, lockedFD: fd)
            return Update(path: path, before: before, after: after)
        }
    }

    /// Writes `bytes` to a temporary file beside `target` and renames it over `target`.
    private static func replace(_ target: String, displayPath: String, with bytes: [UInt8],
                                like original: stat, lockedFD: Int32) throws(TickError) {
        let directory = Paths.directory(of: target)
        var template = Array((directory + "/" + temporaryPrefix(of: target) + "XXXXXX").utf8CString)
        let tempFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard tempFD >= 0 else {
            throw TickError.cannotWrite(path: displayPath, reason: "cannot create a temporary file in \(directory): " + Syscalls.errnoMessage(errno))
        }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var renamed = false
        defer {
            if !renamed { unlink(tempPath) }
        }
        defer { Syscalls.close(tempFD) }
        _ = fchmod(tempFD, original.st_mode & 0o7777)
        if getuid() == 0 { _ = fchown(tempFD, original.st_uid, original.st_gid) }
        if let failure = bytes.withUnsafeBytes({ Syscalls.writeAll(tempFD, $0) }) {
            throw TickError.cannotWrite(path: displayPath, reason: Syscalls.errnoMessage(failure))
        }
        guard fsync(tempFD) == 0 else {
            throw TickError.cannotWrite(path: displayPath, reason: Syscalls.errnoMessage(errno))
        }
        // Step 5: refuse if someone else changed the file since we read it.
        var now = stat()
        guard fstat(lockedFD, &now) == 0, let current = Syscalls.fileStatus(target),
              current.st_ino == original.st_ino, now.st_size == original.st_size,
              now.st_mtim.tv_sec == original.st_mtim.tv_sec, now.st_mtim.tv_nsec == original.st_mtim.tv_nsec else {
            throw TickError.changedDuringEdit(path: displayPath)
        }
        guard rename(tempPath, target) == 0 else {
            throw TickError.cannotWrite(path: displayPath, reason: Syscalls.errnoMessage(errno))
        }
        renamed = true
        if case .success(let directoryFD) = Syscalls.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) {
            _ = fsync(directoryFD)
            Syscalls.close(directoryFD)
        }
    }

    /// Temporary files for `target` are named `.NAME.tick-XXXXXX` beside it.
    private static func temporaryPrefix(of target: String) -> String {
        "." + Paths.basename(of: target) + ".tick-"
    }

    /// Removes `.NAME.tick-XXXXXX` files beside `target`. Call only while holding its lock.
    static func removeStaleTemporaryFiles(of target: String) {
        let directory = Paths.directory(of: target)
        let prefix = Array(temporaryPrefix(of: target).utf8)
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var stale: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name.count == prefix.count + 6, name.starts(with: prefix) else { continue }
            stale.append(directory + "/" + String(decoding: name, as: UTF8.self))
        }
        for path in stale { unlink(path) }
    }

    /// The file a path finally names, through any symlinks.
    static func resolve(_ path: String) throws(TickError) -> String {
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if code == ENOENT, let link = Syscalls.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK {
                throw TickError.cannotRead(path: path, reason: "dangling symbolic link")
            }
            throw TickError.cannotRead(path: path, reason: code == ELOOP ? "too many levels of symbolic links" : FileReader.describe(code))
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Path string helpers (no Foundation).
enum Paths {
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func basename(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
