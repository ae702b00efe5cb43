import TickCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value carried as an error.
struct Errno: Error, Equatable {
    let code: Int32
}

/// The system calls tick's I/O goes through, with EINTR retried and errno captured.
enum Syscalls {
    /// Linux flags that Swift's Glibc module does not export.
    static let openPath: Int32 = 0o10000000  // O_PATH

    static func errnoMessage(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercasedFirst
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, Errno> {
        while true {
            let fd = path.withPathCString { Glibc.open($0, flags, mode) }
            if fd >= 0 { return .success(fd) }
            if errno != EINTR { return .failure(Errno(code: errno)) }
        }
    }

    /// `openat`: `name` looked up in the folder open as `folder`.
    static func openAt(_ folder: Int32, _ name: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, Errno> {
        while true {
            let fd = name.withPathCString { Glibc.openat(folder, $0, flags, mode) }
            if fd >= 0 { return .success(fd) }
            if errno != EINTR { return .failure(Errno(code: errno)) }
        }
    }

    /// Reads the whole of an open file.
    /// Fails with EFBIG past `maximumFileSize` (documents hold 32-bit offsets), before reading
    /// anything when the size is known.
    /// `endsAtHint`: the hint is a regular file's size from `fstat`, and reading that many
    /// bytes ends the read (a size of 0 may be a file of the kernel's that has more: read on).
    static func readAll(_ fd: Int32, sizeHint: Int, endsAtHint: Bool = false) -> Result<[UInt8], Errno> {
        guard sizeHint <= maximumFileSize else { return .failure(Errno(code: EFBIG)) }
        // One read into memory that is not zeroed first (one pass over the pages, not two); one
        // byte more than the hint, so that a full buffer means the file grew.
        var failure: Int32 = 0
        var buffer = [UInt8](unsafeUninitializedCapacity: max(sizeHint, 0) + 1) { raw, count in
            count = 0
            while count < raw.count {
                let n = Glibc.read(fd, raw.baseAddress! + count, raw.count - count)
                if n > 0 {
                    count += n
                    if endsAtHint, sizeHint > 0, count == sizeHint { return }
                    continue
                }
                if n == 0 { return }
                if errno == EINTR { continue }
                failure = errno
                return
            }
        }
        if failure != 0 { return .failure(Errno(code: failure)) }
        guard buffer.count == max(sizeHint, 0) + 1 else { return .success(buffer) }
        // Longer than the hint (standard input, or a file that grew): read on in chunks.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
                if buffer.count > maximumFileSize { return .failure(Errno(code: EFBIG)) }
                continue
            }
            if n == 0 { return .success(buffer) }
            if errno == EINTR { continue }
            return .failure(Errno(code: errno))
        }
    }

    /// The largest file tick reads: 2 GiB.
    static let maximumFileSize = Document.maximumSize

    /// Writes every byte, looping over short writes.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n >= 0 { offset += n; continue }
            if errno == EINTR { continue }
            return errno
        }
        return nil
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    static func fileStatus(_ path: String) -> stat? {
        var info = stat()
        let result = path.withPathCString { stat($0, &info) }
        return result == 0 ? info : nil
    }

    /// `lstat`: the link itself, not what it points to.
    static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        let result = path.withPathCString { lstat($0, &info) }
        return result == 0 ? info : nil
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return PathBytes.string(cString: value)
    }

    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
    }

    /// Where a symbolic link points (for `/proc/self/fd/N`: the open file's path).
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = path.withPathCString { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0, count < buffer.count - 1 else { return nil }
        return buffer.withUnsafeBufferPointer { raw in
            PathBytes.string(from: UnsafeRawBufferPointer(start: raw.baseAddress, count: count))
        }
    }

    /// Whether `path` is a file this process may run.
    static func isExecutable(_ path: String) -> Bool {
        path.withPathCString { access($0, X_OK) } == 0 && fileStatus(path).map { $0.st_mode & S_IFMT == S_IFREG } == true
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = path.withPathCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// The name in a directory entry, read in place: the entry may be shorter than `dirent`.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return PathBytes.string(cString: name)
    }

    static func rename(_ folder: Int32, _ from: String, _ to: String) -> Int32 {
        from.withPathCString { old in to.withPathCString { new in renameat(folder, old, folder, new) } }
    }

    static func unlink(_ path: String) -> Int32 {
        path.withPathCString { Glibc.unlink($0) }
    }

    enum Exchange {
        case exchanged
        case unsupported
        case failed(Int32)
    }

    /// Swaps two names in a folder in one step (`renameat2` with `RENAME_EXCHANGE`).
    static func exchange(_ folder: Int32, _ a: String, _ b: String) -> Exchange {
        guard let call = renameat2 else { return .unsupported }
        let result = a.withPathCString { first in b.withPathCString { second in call(folder, first, folder, second, 2) } }
        if result == 0 { return .exchanged }
        switch errno {
        case EINVAL, ENOSYS, ENOTSUP: return .unsupported
        case let code: return .failed(code)
        }
    }

    /// glibc has had `renameat2` since 2.28, but Swift's Glibc module does not export it.
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: Renameat2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()
}

extension String {
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
