#if canImport(Glibc)
import Glibc
#endif

/// Reads a todo file whole, with errors that name the path and say what went wrong.
enum FileReader {
    static func read(_ path: String) throws(TickError) -> [UInt8] {
        let fd: Int32
        switch Syscalls.open(path, O_RDONLY | O_CLOEXEC) {
        case .success(let value): fd = value
        case .failure(let error): throw TickError.cannotRead(path: path, reason: describe(error.code))
        }
        defer { Syscalls.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TickError.cannotRead(path: path, reason: describe(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw TickError.cannotRead(path: path, reason: "is a directory")
        }
        switch Syscalls.readAll(fd, sizeHint: Int(info.st_size)) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: path, reason: describe(error.code))
        }
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        case EFBIG: return "larger than 2 GiB, the most tick reads"
        default: return Syscalls.errnoMessage(code)
        }
    }
}

extension FileReader {
    /// Everything on standard input.
    static func readStandardInput() throws(TickError) -> [UInt8] {
        switch Syscalls.readAll(0, sizeHint: 65536) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: "standard input", reason: describe(error.code))
        }
    }
}
