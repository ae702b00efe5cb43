#if canImport(Glibc)
import Glibc
#endif

/// The record that lets `tick undo` revert tick's last edit of a file.
///
/// It lives outside the repository, under `$XDG_STATE_HOME/tick/undo/` (default
/// `~/.local/state/tick/undo/`), one file per edited file, named by a hash of its real path:
/// a header (format, hash of the bytes tick wrote, the path) and then the bytes before the edit.
/// Undo restores those bytes only if the file still holds exactly what tick wrote; undoing
/// writes a new record, so a second `tick undo` redoes.
enum UndoStore {
    struct Record {
        let before: [UInt8]
        let afterHash: UInt64
    }

    static func directory(_ environment: Environment) -> String? {
        if let state = environment.stateHome, state.hasPrefix("/") { return state + "/tick/undo" }
        guard let home = environment.home, !home.isEmpty else { return nil }
        return home + "/.local/state/tick/undo"
    }

    /// Saves the record; returns a warning when it cannot (the edit itself stands).
    static func save(_ update: AtomicFile.Update, environment: Environment) -> String? {
        guard let directory = directory(environment) else { return "cannot save undo state: HOME is not set" }
        guard makeDirectories(directory) else { return "cannot save undo state in \(directory): " + Syscalls.errnoMessage(errno) }
        guard let target = try? AtomicFile.resolve(update.path) else { return nil }
        let file = directory + "/" + hex(fnv1a(Array(target.utf8)))
        var bytes = Array("tick-undo 1\n\(hex(fnv1a(update.after)))\n\(target)\n".utf8)
        bytes += update.before
        let temp = file + ".tmp\(getpid())"
        guard case .success(let fd) = Syscalls.open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) else {
            return "cannot save undo state in \(directory): " + Syscalls.errnoMessage(errno)
        }
        let failure = bytes.withUnsafeBytes { Syscalls.writeAll(fd, $0) }
        Syscalls.close(fd)
        guard failure == nil, rename(temp, file) == 0 else {
            unlink(temp)
            return "cannot save undo state in \(directory)"
        }
        return nil
    }

    static func load(_ path: String, environment: Environment) -> Record? {
        guard let directory = directory(environment), let target = try? AtomicFile.resolve(path),
              let bytes = try? FileReader.read(directory + "/" + hex(fnv1a(Array(target.utf8)))) else { return nil }
        // Header: three lines, then the saved bytes.
        var newlines: [Int] = []
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            newlines.append(index)
            if newlines.count == 3 { break }
        }
        guard newlines.count == 3,
              String(decoding: bytes[..<newlines[0]], as: UTF8.self) == "tick-undo 1",
              let hash = UInt64(String(decoding: bytes[(newlines[0] + 1)..<newlines[1]], as: UTF8.self), radix: 16)
        else { return nil }
        return Record(before: Array(bytes[(newlines[2] + 1)...]), afterHash: hash)
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func makeDirectories(_ path: String) -> Bool {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST { return false }
        }
        return true
    }
}
