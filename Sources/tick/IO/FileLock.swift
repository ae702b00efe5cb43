import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on an open file, waited for a bounded time.
///
/// Another tick holds the lock only for the moments of its edit. A program that holds it longer
/// (a reader that took a shared lock and stopped, say) is named on standard error after a second,
/// and after `timeout` seconds the edit gives up with an error that names it too.
enum FileLock {
    static func acquire(_ fd: Int32, status: stat, path: String, timeout: Double) throws(TickError) {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        var wait = Wait(timeout: timeout)
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw TickError.cannotWrite(path: path, reason: "cannot lock: " + Syscalls.errnoMessage(errno))
            }
            try wait.step(every: 0.02, saying: "waiting for \(holder(of: status)) to release its lock on \(PathBytes.display(path))") {
                TickError.cannotWrite(path: path, reason: "still locked by \(holder(of: status)) after \(Wait.seconds(timeout)) (TICK_LOCK_TIMEOUT)")
            }
        }
    }

    /// Who holds a lock on the file, from `/proc/locks` (best effort): "process 123 (less)".
    static func holder(of status: stat) -> String {
        guard let file = try? OpenedFile.open("/proc/locks", confined: false), let bytes = try? file.readAllStreaming() else {
            return "another program"
        }
        defer { file.close() }
        let device = "\(hex(major(status.st_dev))):\(hex(minor(status.st_dev))):\(status.st_ino)"
        for line in bytes.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20)
            // "1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF"; blocked waiters are "1: -> FLOCK ...".
            guard fields.count >= 6, fields[1] != Array("->".utf8)[...],
                  String(decoding: fields[5], as: UTF8.self) == device,
                  let pid = Int32(String(decoding: fields[4], as: UTF8.self)), pid != getpid() else { continue }
            var name = ""
            if let comm = try? OpenedFile.open("/proc/\(pid)/comm", confined: false), let text = try? comm.readAllStreaming() {
                comm.close()
                name = String(decoding: text.prefix { $0 != 0x0A }, as: UTF8.self)
            }
            return name.isEmpty ? "process \(pid)" : "process \(pid) (\(PathBytes.display(name)))"
        }
        return "another program"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    private static func major(_ device: dev_t) -> UInt32 { UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)) }
    private static func minor(_ device: dev_t) -> UInt32 { UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff)) }
}

/// A bounded wait for another program: after a second it says on standard error what tick is
/// waiting for (once), and past the timeout it fails with the given error.
struct Wait {
    let timeout: Double
    private let started = Clock.now()
    private var announced = false

    init(timeout: Double) { self.timeout = timeout }

    /// A timeout as a message says it: "10 s", "1.5 s".
    static func seconds(_ value: Double) -> String {
        (value == value.rounded() && value < 1e9 ? String(Int(value)) : String(value)) + " s"
    }

    var elapsed: Double { Clock.now() - started }

    mutating func step(every interval: Double, saying what: @autoclosure () -> String, orFail failure: () -> TickError) throws(TickError) {
        let waited = elapsed
        if waited >= timeout { throw failure() }
        if !announced, waited >= 1 {
            announced = true
            let line = "tick: \(what())...\n"
            _ = Array(line.utf8).withUnsafeBytes { Syscalls.writeAll(2, $0) }
        }
        usleep(UInt32(interval * 1e6))
    }
}

/// Monotonic seconds.
enum Clock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds since `time`, on the real-time clock that file times use.
    static func age(of time: timespec) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec - time.tv_sec) + Double(now.tv_nsec - time.tv_nsec) / 1e9
    }
}

extension OpenedFile {
    /// Reads a file whose size `stat` does not know (`/proc` files report 0).
    func readAllStreaming() throws(TickError) -> [UInt8] {
        switch Syscalls.readAll(fd, sizeHint: 4096) {
        case .success(let bytes): return bytes
        case .failure(let error): throw TickError.cannotRead(path: "/proc", reason: FileReader.describe(error.code))
        }
    }
}

extension Clock {
    /// Nanoseconds since 1970 on the real-time clock.
    static func wallNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
