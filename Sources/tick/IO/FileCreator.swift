import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Creates an empty file when none exists (`O_EXCL`, so an existing file is never truncated).
enum FileCreator {
    /// Returns whether it created the file.
    @discardableResult
    static func createIfMissing(_ path: String) throws(TickError) -> Bool {
        switch Syscalls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) {
        case .success(let fd):
            defer { Syscalls.close(fd) }
            do throws(TickError) { try Confinement.check(fd: fd, path: path) } catch {
                _ = unlink(path)
                throw error
            }
            return true
        case .failure(let error) where error.code == EEXIST: return false
        case .failure(let error) where error.code == ENOENT:
            throw TickError.refused("cannot create \(PathBytes.display(path)): there is no folder \(PathBytes.display(Paths.directory(of: path)))")
        case .failure(let error): throw TickError.cannotWrite(path: path, reason: FileReader.describeWrite(error.code))
        }
    }

    /// Runs `body` on `path`, created first when missing (`body` is told whether it was); if
    /// `body` fails, a file it created is taken back, so that a failed edit leaves no empty file.
    static func creatingIfMissing<T>(_ path: String, _ body: (Bool) throws(TickError) -> T) throws(TickError) -> T {
        var created = false
        if Syscalls.linkStatus(path) == nil { created = try createIfMissing(path) }
        do throws(TickError) {
            return try body(created)
        } catch {
            if created { removeIfEmpty(path) }
            throw error
        }
    }

    /// Takes back a file `createIfMissing` made when the edit meant for it failed: only while
    /// it is still an empty regular file.
    private static func removeIfEmpty(_ path: String) {
        guard let info = Syscalls.linkStatus(path), (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return }
        _ = unlink(path)
    }
}
