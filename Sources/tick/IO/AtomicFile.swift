#if canImport(Glibc)
import Glibc
#endif
import TickCore

/// Read-modify-write of a file, safe against other ticks, against editors saving the same file
/// at the same moment, against crashes, and against hostile folders.
///
/// One transaction, in order:
/// 1. Open the file by the user's path (the kernel follows links and applies its protections),
///    refuse anything but a regular file, and find where it really is from the open descriptor.
///    Open its folder; from here on every name is looked up in that folder's descriptor.
/// 2. Take an exclusive `flock` (bounded wait). If the folder no longer names the inode we
///    locked, another tick replaced it while we waited: start again.
/// 3. Take a read lease (`Lease`): while no program has the file open for writing, no save is
///    half-done; while one has, wait. Read the bytes, and keep only a read that no writer
///    raced: the file's status (identity, size, modification and change time) must be the same
///    before and after it. Without a lease, a file changed in the last moments must also stay
///    unchanged for a quiet period of over a second (an editor that saves in place truncates
///    first and writes after; a read between the two sees a file cut short).
/// 4. Compute the new bytes; write them to `.NAME.tick` beside the file (created exclusively,
///    never through a link, with no permissions until written: `TemporaryFile`), with the
///    original's mode, group, (as root) owner and extended attributes; `fsync`; lock it.
/// 5. Check again that the file is the version we read: status, and the lease (without one, the
///    bytes).
/// 6. Swap the two names in one step (`renameat2(RENAME_EXCHANGE)`), then look at what was
///    swapped out: if it is not exactly the version we read (a writer got in between), swap
///    back and start again from 1. Otherwise remove it and `fsync` the folder.
/// A failure at any step leaves the original untouched and removes the temporary file. The lock
/// on the new file, taken in step 4, is held until the end, so the next tick waits for it.
enum AtomicFile {
    struct Update {
        let path: String
        /// Where the file really is (links resolved by the kernel): the undo record's key.
        let realPath: String
        let before: [UInt8]
        let after: [UInt8]
    }

    /// Without a lease: how long a file that just changed must stay unchanged before tick
    /// trusts a read of it. An editor that saves in place truncates the file and writes it
    /// after, and may stall in between, leaving it empty or cut after any line, which a read
    /// cannot tell from a finished save: one that stalls up to a second never loses its save.
    /// (Only edits of a file changed in the last moments wait, and only without a lease.)
    static let quietPeriod = TestHooks.quietPeriod ?? 1.2
    /// A file changed this recently (seconds) may be a save in progress; its old version is
    /// watched for `watchPeriod` after the swap.
    static let recentAge = 1.0
    static let watchPeriod = 0.025
    /// How long tick keeps trying when writers keep changing the file under it.
    static let retryTime = 5.0
    /// Files up to this size are compared byte for byte before and after the swap; larger ones
    /// by their status only.
    static let compareLimit = 16 << 20

    /// Applies `transform` to the file's current bytes and writes the result, unless it returns
    /// nil or the same bytes. Returns what changed.
    /// `swapping` runs with the lock held, once the new version is written and just before it
    /// takes the file's place: what another tick waiting for the lock must find done (the
    /// listing carried along, `Journal.update`).
    /// `place`: where a walk found the file, to reach it again without following a link.
    static func update(_ path: String, place: WalkedPlace? = nil, lockTimeout: Double,
                       _ transform: ([UInt8]) throws(TickError) -> [UInt8]?,
                       swapping: ((Update) -> Void)? = nil) throws(TickError) -> Update? {
        var wait = Wait(timeout: lockTimeout)
        while true {
            switch try attempt(path, place: place, lockTimeout: lockTimeout, transform, swapping: swapping) {
            case .done(let update):
                return update
            case .raced:
                guard wait.elapsed < min(retryTime, lockTimeout) else { throw TickError.edit(.changedDuringEdit, path: path) }
                usleep(UInt32.random(in: 1_000...10_000))
            case .busy:
                try wait.step(every: 0.002, saying: "waiting for another program to finish writing \(PathBytes.display(path))") {
                    TickError.cannotWrite(path: path, reason: "another program still has it open for writing after \(Wait.seconds(lockTimeout)) (TICK_LOCK_TIMEOUT)")
                }
            }
        }
    }

    private enum Outcome {
        case done(Update?)
        /// The file changed under the edit: start again.
        case raced
        /// Another program has the file open for writing (a save in progress): wait for it.
        case busy
    }

    private static func attempt(_ path: String, place: WalkedPlace?, lockTimeout: Double,
                                _ transform: ([UInt8]) throws(TickError) -> [UInt8]?,
                                swapping: ((Update) -> Void)?) throws(TickError) -> Outcome {
        let (file, folder) = try open(path, place: place)
        defer { file.close() }
        defer { folder.close() }
        try FileLock.acquire(file.fd, status: file.status, path: path, timeout: lockTimeout)
        guard let named = folder.status(of: folder.name), named.st_ino == file.status.st_ino, named.st_dev == file.status.st_dev else {
            return .raced  // replaced while we waited for the lock
        }
        try refuseOwnOutput(file, path: path)
        let lease = TestHooks.noLease ? .unavailable : Lease.take(file.fd)
        defer { if lease == .held { Lease.release(file.fd) } }
        if lease == .writerOpen { return .busy }
        guard let read = try settledRead(file, path: path, leased: lease == .held) else { return .raced }
        guard let after = try transform(read.bytes), !ByteComparison.equal(after, read.bytes) else { return .done(nil) }
        // After the edit is worked out, so that a wrong reference is reported as such on a
        // read-only file too, and an edit that changes nothing succeeds.
        try checkWritable(file, path: path)
        TestHooks.pauseBeforeWrite()
        let temporary = try TemporaryFile.create(in: folder, like: read.status, path: path)
        var swapped = false
        defer { if !swapped { temporary.discard(in: folder) } }
        try temporary.write(after, like: file.fd, path: path)

        // Step 5: still the version we read?
        guard isUnchanged(file, since: read, in: folder) else { return .raced }
        swapping?(Update(path: path, realPath: folder.filePath, before: read.bytes, after: after))
        // Step 6: swap, then check what came out.
        switch Syscalls.exchange(folder.fd, temporary.name, folder.name) {
        case .exchanged:
            swapped = true
            TestHooks.pauseAfterSwap()
            guard finishExchange(file, read: read, temporary: temporary, in: folder) else { return .raced }
        case .unsupported:
            // No exchange on this file system: an ordinary rename, after the check above.
            guard Syscalls.rename(folder.fd, temporary.name, folder.name) == 0 else {
                throw TickError.cannotWrite(path: path, reason: Syscalls.errnoMessage(errno))
            }
            swapped = true
            temporary.close()
        case .failed(let code):
            throw TickError.cannotWrite(path: path, reason: Syscalls.errnoMessage(code))
        }
        folder.sync()
        return .done(Update(path: path, realPath: folder.filePath, before: read.bytes, after: after))
    }

    /// The file and the folder that holds it: by the user's path, or down from the folder a
    /// walk started in.
    private static func open(_ path: String, place: WalkedPlace?) throws(TickError) -> (OpenedFile, Folder) {
        guard let place else {
            let file = try OpenedFile.open(path)
            do throws(TickError) {
                return (file, try Folder.containing(file, path: path))
            } catch {
                file.close()
                throw error
            }
        }
        let fd = try place.openFolder(for: path)
        do throws(TickError) {
            return (try OpenedFile.open(path, in: (fd, place.name)), Folder(fd: fd, path: place.folderPath, name: place.name))
        } catch {
            Syscalls.close(fd)
            throw error
        }
    }

    private struct Read {
        let bytes: [UInt8]
        let status: stat
        /// Read under a lease (`Lease`), which must still be held at each check.
        let leased: Bool
        /// Changed within `recentAge` before the read.
        let recent: Bool
    }

    /// Reads the file, and returns nil when a writer raced the read.
    private static func settledRead(_ file: OpenedFile, path: String, leased: Bool) throws(TickError) -> Read? {
        guard let before = file.currentStatus() else { throw TickError.cannotRead(path: path, reason: Syscalls.errnoMessage(errno)) }
        guard Int(before.st_size) <= Syscalls.maximumFileSize else { throw TickError.cannotRead(path: path, reason: FileReader.describe(EFBIG)) }
        let bytes = try file.readAll(path: path)
        guard let after = file.currentStatus(), isSameVersion(before, after), bytes.count == Int(after.st_size) else { return nil }
        // Under a lease no save is in progress. Without one, a file changed a moment ago may
        // be: wait out the quiet period and look again.
        if leased { return Read(bytes: bytes, status: after, leased: true, recent: false) }
        let age = min(Clock.age(of: after.st_ctim), Clock.age(of: after.st_mtim))
        if age < quietPeriod {
            // (A time in the future, from clock skew or `touch -d`, waits one period, no more.)
            usleep(UInt32(min(quietPeriod, quietPeriod - age) * 1e6) + 1000)
            guard let later = file.currentStatus(), isSameVersion(after, later) else { return nil }
        }
        return Read(bytes: bytes, status: after, leased: false, recent: age < recentAge)
    }

    /// Whether the file is still exactly what was read: the folder names it, its status is the
    /// same, and (for files of a sensible size) so are its bytes.
    private static func isUnchanged(_ file: OpenedFile, since read: Read, in folder: Folder) -> Bool {
        guard !read.leased || Lease.isIntact(file.fd),
              let named = folder.status(of: folder.name), named.st_ino == read.status.st_ino,
              let now = file.currentStatus(), isSameVersion(now, read.status) else { return false }
        return sameBytes(file, read)
    }

    /// Under a lease that still holds, nobody has had the file open for writing since the read,
    /// so its bytes are the same without reading them again.
    private static func sameBytes(_ file: OpenedFile, _ read: Read) -> Bool {
        if read.leased { return Lease.isIntact(file.fd) }
        guard read.bytes.count <= compareLimit else { return true }
        guard let again = try? file.readAll(path: "") else { return false }
        return ByteComparison.equal(again, read.bytes)
    }

    /// After the exchange the old file sits under the temporary name. If it is not the version
    /// we read, a writer got in: swap back (when our file is still in place) and return false.
    ///
    /// A file that changed in the last second may be an editor's save in progress (truncated,
    /// not yet written) that a read could not tell from a finished one: the old file, still open,
    /// is then watched for `watchPeriod`, and a write that lands in it swaps back too.
    private static func finishExchange(_ file: OpenedFile, read: Read, temporary: TemporaryFile,
                                       in folder: Folder) -> Bool {
        defer { temporary.close() }
        let swappedOut = folder.status(of: temporary.name)
        // The exchange itself changes both files' change time, so it is not compared here.
        let oldIsIntact = {
            (!read.leased || Lease.isIntact(file.fd)) && file.currentStatus().map { isSameVersion($0, read.status, comparingChangeTime: false) } == true
        }
        guard swappedOut.map({ $0.st_ino == read.status.st_ino }) == true, oldIsIntact(), sameBytes(file, read) else {
            swapBack(temporary, read: read, in: folder)
            return false
        }
        if read.recent {
            var ours = stat()
            _ = fstat(temporary.fd, &ours)
            let deadline = Clock.now() + watchPeriod
            var late = false
            while Clock.now() < deadline, !late {
                usleep(1_000)
                late = !oldIsIntact()
            }
            late = late || !sameBytes(file, read)
            var now = stat()
            // Unless someone has since saved over ours too (then theirs is the newest).
            if late, fstat(temporary.fd, &now) == 0, isSameVersion(now, ours, comparingChangeTime: false) {
                swapBack(temporary, read: read, in: folder)
                return false
            }
        }
        _ = temporary.name.withPathCString { unlinkat(folder.fd, $0, 0) }
        return true
    }

    private static func swapBack(_ temporary: TemporaryFile, read: Read, in folder: Folder) {
        if let current = folder.status(of: folder.name), current.st_ino == temporary.inode {
            _ = Syscalls.exchange(folder.fd, temporary.name, folder.name)
        }
        // What is under the temporary name now is ours (or, if someone replaced ours already,
        // the version they replaced, which they meant to go): remove it.
        if let leftover = folder.status(of: temporary.name), leftover.st_ino == temporary.inode || leftover.st_ino == read.status.st_ino {
            _ = temporary.name.withPathCString { unlinkat(folder.fd, $0, 0) }
        }
    }

    /// Where the file at `path` really is, as the kernel resolves it.
    static func realPath(of path: String) throws(TickError) -> String {
        let file = try OpenedFile.open(path, blocking: false)  // nothing is read from it
        defer { file.close() }
        let folder = try Folder.containing(file, path: path)
        folder.close()
        return folder.filePath
    }

    /// Where the file at `path` really is, and the name `path` gives it: made absolute from
    /// the working folder, with no link in it resolved (a link to a folder on the way, as
    /// `cur/TODO.md` with `cur` a link, is a link as much as the file's own name).
    static func names(of path: String) throws(TickError) -> FileNames {
        let realPath = try realPath(of: path)
        return FileNames(realPath: realPath, name: Paths.lexicallyAbsolute(path, from: logicalWorkingDirectory))
    }

    /// The working folder as the shell names it (`PWD`, links kept: `cd cur` where `cur` is a
    /// link is `…/cur`), when that names this folder; else its real path.
    static let logicalWorkingDirectory: String = {
        let physical = Syscalls.currentDirectory() ?? "/"
        guard let logical = Syscalls.environment("PWD"), logical.utf8.first == 0x2F,
              let here = Syscalls.fileStatus("."), let there = Syscalls.fileStatus(logical),
              here.st_dev == there.st_dev, here.st_ino == there.st_ino else { return physical }
        return logical
    }()

    /// Checks, without writing, that the file at `path` is one tick could rewrite.
    static func checkCanReplace(_ path: String) throws(TickError) {
        let file = try OpenedFile.open(path)
        defer { file.close() }
        let folder = try Folder.containing(file, path: path)
        defer { folder.close() }
        try checkWritable(file, path: path)
        if faccessat(folder.fd, ".", W_OK, AT_EACCESS) != 0 {
            throw TickError.cannotWrite(path: path, reason: "its folder is not writable: " + Syscalls.errnoMessage(errno))
        }
    }

    /// A file that is tick's own standard output or error (`tick add x -f TODO.md >> TODO.md`):
    /// open for writing by tick itself, it would hold off tick's own lease until the timeout,
    /// and what tick prints would land in the file it replaces.
    private static func refuseOwnOutput(_ file: OpenedFile, path: String) throws(TickError) {
        for fd: Int32 in 1...2 {
            var info = stat()
            let mode = fcntl(fd, F_GETFL)
            guard mode >= 0, mode & O_ACCMODE != O_RDONLY, fstat(fd, &info) == 0,
                  info.st_ino == file.status.st_ino, info.st_dev == file.status.st_dev else { continue }
            throw TickError.refused("\(PathBytes.display(path)) is tick's own standard \(fd == 1 ? "output" : "error"); tick does not edit a file it writes its messages to, so send them elsewhere")
        }
    }

    /// tick(1) promises that read-only files are refused, for root as well.
    private static func checkWritable(_ file: OpenedFile, path: String) throws(TickError) {
        if (file.status.st_mode & 0o222) == 0 {
            throw TickError.cannotWrite(path: path, reason: "the file is read-only")
        }
        // The permission the kernel would grant this user on the file itself (owner, group,
        // ACLs), not only whether the folder lets us replace it.
        let writable = "/proc/self/fd/\(file.fd)".withCString { faccessat(AT_FDCWD, $0, W_OK, AT_EACCESS) } == 0
        if !writable, errno == EACCES || errno == EPERM || errno == EROFS {
            throw TickError.cannotWrite(path: path, reason: errno == EROFS ? "read-only file system" : "the file is read-only for you")
        }
    }
}

/// A file as tick keeps track of it: where it really is, and the name it was reached by (the
/// path the user gave, made absolute, links left as they are): the two differ when a part of
/// that name is a link.
struct FileNames: Sendable {
    let realPath: String
    let name: String

    var isLink: Bool { name != realPath }
}
