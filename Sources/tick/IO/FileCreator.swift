#if canImport(Glibc)
import Glibc
#endif

/// Creates an empty file when none exists (`O_EXCL`, so an existing file is never truncated).
enum FileCreator {
    static func createIfMissing(_ path: String) throws(TickError) {
        switch Syscalls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) {
        case .success(let fd): Syscalls.close(fd)
        case .failure(let error) where error.code == EEXIST: return
        case .failure(let error): throw TickError.cannotWrite(path: path, reason: FileReader.describe(error.code))
        }
    }
}
