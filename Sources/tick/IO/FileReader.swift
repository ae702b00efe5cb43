#if canImport(Glibc)
import Glibc
#endif

/// Reads a todo file whole, with errors that name the path and say what went wrong.
enum FileReader {
    static func read(_ path: String) throws(TickError) -> [UInt8] {
        if path == standardInput { return try readStandardInput() }
        let file = try OpenedFile.open(path, blocking: false)
        defer { file.close() }
        return try file.readOnce(path: path)
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        case EFBIG: return "larger than 2 GiB, the most tick reads"
        case ENOSPC: return "no space left on the device"
        default: return Syscalls.errnoMessage(code)
        }
    }

    /// Why a write failed, in words (EFBIG: past the size this process may write, `ulimit -f`,
    /// or the file system's).
    static func describeWrite(_ code: Int32) -> String {
        switch code {
        case EFBIG: return "file too large (past the file size limit, ulimit -f, or the file system's)"
        default: return describe(code)
        }
    }
}

extension FileReader {
    /// Everything on standard input.
    /// The path that means standard input: read by every command that reads files (`tick list -`,
    /// `tick lint -`), edited by none. A file named `-` is `./-`.
    static let standardInput = "-"

    static func readStandardInput() throws(TickError) -> [UInt8] {
        switch Syscalls.readAll(0, sizeHint: 65536) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: "standard input", reason: describe(error.code))
        }
    }
}
