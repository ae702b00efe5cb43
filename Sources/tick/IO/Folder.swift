import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// The folder that really holds an open file, opened itself, with the file's name in it. Every
/// later look-up and rename goes through this descriptor, so a folder swapped for a link
/// half-way cannot redirect a write.
struct Folder {
    let fd: Int32
    /// The folder's path, for messages.
    let path: String
    /// The file's name inside the folder.
    let name: String

    static func containing(_ file: OpenedFile, path: String) throws(TickError) -> Folder {
        let real = Syscalls.readLink("/proc/self/fd/\(file.fd)") ?? Syscalls.realPath(path)
        guard let real, real.utf8.first == 0x2F else {
            throw TickError.cannotWrite(path: path, reason: "cannot tell which folder holds the file")
        }
        let directory = Paths.directory(of: real), name = Paths.basename(of: real)
        let fd: Int32
        // O_PATH: a folder the user may write and enter but not list is fine.
        switch Syscalls.open(directory, Syscalls.openPath | O_DIRECTORY | O_CLOEXEC) {
        case .success(let value): fd = value
        case .failure(let error): throw TickError.cannotWrite(path: path, reason: "cannot open its folder: " + FileReader.describe(error.code))
        }
        return Folder(fd: fd, path: directory, name: name)
    }

    func close() { Syscalls.close(fd) }

    /// The file's own path, with its links resolved.
    var filePath: String { (path == "/" ? "" : path) + "/" + name }

    /// Makes the folder's entries durable (best effort: a folder that cannot be read is not synced).
    func sync() {
        let readable = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard readable >= 0 else { return }
        _ = fsync(readable)
        Syscalls.close(readable)
    }

    /// `lstat` of a name in the folder (a link is not followed).
    func status(of name: String) -> stat? {
        var info = stat()
        let result = name.withPathCString { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? info : nil
    }
}

/// The new contents of a file, written beside it under `.NAME.tick` before they replace it.
///
/// One name per file is enough: only the tick holding the lock on the file writes it. The
/// file has no permissions at all until its bytes are written and synced (its descriptor is
/// open for writing all along), and that is how a leftover of a tick killed while writing is
/// told from a file of the user's that has the name: only a regular file of this user's with
/// no permissions is removed; anything else under the name is left alone, and the new file
/// gets a name of its own. The name is created exclusively and never through a link. A name
/// too long to take the suffix is shortened and given a hash of the whole name, so two long
/// names never share a temporary file.
struct TemporaryFile {
    let fd: Int32
    let name: String
    let inode: ino_t
    /// The permissions the file takes once written: the original's.
    let mode: mode_t

    static func name(for file: String) -> String {
        let bytes = PathBytes.bytes(of: file)
        guard bytes.count > Int(NAME_MAX) - 6 else { return "." + file + ".tick" }
        let hash = ContentHash.hex(ContentHash.of(bytes))
        return "." + PathBytes.string(from: bytes.prefix(200)) + "-" + hash + ".tick"
    }

    static func create(in folder: Folder, like original: stat, path: String) throws(TickError) -> TemporaryFile {
        var name = name(for: folder.name)
        if let found = folder.status(of: name) {
            if isLeftover(found) {
                _ = name.withPathCString { unlinkat(folder.fd, $0, 0) }
            } else {
                removeAbandoned(name, in: folder)
            }
        }
        var fd = create(name, in: folder)
        if fd < 0, errno == EEXIST {
            // Someone else's file under that name (a shared folder): use a fresh random name.
            name += "-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            fd = create(name, in: folder)
        }
        guard fd >= 0 else {
            throw TickError.cannotWrite(path: path, reason: "cannot create a temporary file in \(PathBytes.display(folder.path)): " + Syscalls.errnoMessage(errno))
        }
        // Keep the group (a member may give a file to any group it is in) and, as root, the owner.
        var mode = original.st_mode & 0o7777
        let owner = getuid() == 0 ? original.st_uid : uid_t.max
        if fchown(fd, owner, original.st_gid) != 0 {
            // The group could not be kept: grant the new group no more than everyone else has.
            mode &= ~(0o070 & ~((mode & 0o007) << 3))
        }
        _ = flock(fd, LOCK_EX)
        var info = stat()
        _ = fstat(fd, &info)
        return TemporaryFile(fd: fd, name: name, inode: info.st_ino, mode: mode)
    }

    /// Removes what ticks killed after writing left under `name` or `name-SUFFIX` (a full copy
    /// of the file, with its permissions, or the version swapped out): regular files of this
    /// user's with one link, unchanged for a minute, that no running tick holds locked (each
    /// holds its temporary file locked while it lives). Looked for only when `name` is taken.
    static func removeAbandoned(_ name: String, in folder: Folder) {
        let readable = openat(folder.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard readable >= 0 else { return }
        guard let stream = fdopendir(readable) else { return Syscalls.close(readable) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let entryName = Syscalls.entryName(entry)
            // The suffix `create` adds: a random number in base 36.
            let suffix = entryName.hasPrefix(name + "-") ? entryName.utf8.dropFirst(name.utf8.count + 1) : nil
            if entryName == name || suffix.map({ (1...7).contains($0.count) && $0.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) } }) == true {
                found.append(entryName)
            }
        }
        closedir(stream)
        for candidate in found {
            guard let info = folder.status(of: candidate), info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_nlink == 1, Clock.age(of: info.st_mtim) > 60 else { continue }
            let fd = candidate.withPathCString { openat(folder.fd, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { _ = candidate.withPathCString { unlinkat(folder.fd, $0, 0) } }
            Syscalls.close(fd)
        }
    }

    /// A file tick left: regular, this user's, with no permissions (`create`). A user's own
    /// file under the name is kept.
    static func isLeftover(_ found: stat) -> Bool {
        found.st_mode & S_IFMT == S_IFREG && found.st_mode & 0o7777 == 0 && found.st_uid == geteuid() && found.st_nlink == 1
    }

    private static func create(_ name: String, in folder: Folder) -> Int32 {
        while true {
            let fd = name.withPathCString { openat(folder.fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0) }
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// Writes the bytes, gives the file the original's extended attributes (`original`: its
    /// open descriptor) and permissions, and syncs it.
    func write(_ bytes: [UInt8], like original: Int32, path: String) throws(TickError) {
        if let failure = bytes.withUnsafeBytes({ Syscalls.writeAll(fd, $0) }) {
            throw TickError.cannotWrite(path: path, reason: FileReader.describeWrite(failure))
        }
        ExtendedAttributes.copy(from: original, to: fd)
        guard fchmod(fd, mode) == 0 else { throw TickError.cannotWrite(path: path, reason: Syscalls.errnoMessage(errno)) }
        guard fsync(fd) == 0 else { throw TickError.cannotWrite(path: path, reason: Syscalls.errnoMessage(errno)) }
    }

    func close() { Syscalls.close(fd) }

    /// Removes the file, if the name is still ours, and closes it.
    func discard(in folder: Folder) {
        if folder.status(of: name)?.st_ino == inode {
            _ = name.withPathCString { unlinkat(folder.fd, $0, 0) }
        }
        close()
    }
}
