#if canImport(Glibc)
import Glibc
#endif

/// Seams for the end-to-end tests, inert unless their environment variable is set.
enum TestHooks {
    /// `TICK_TEST_PAUSE_BEFORE_WRITE=PATH`: once an edit is computed and before it is written,
    /// create PATH and wait until it is removed (at most 30 s). A test uses the pause to change,
    /// replace or delete the file between tick's read and its write.
    static func pauseBeforeWrite() { pause("TICK_TEST_PAUSE_BEFORE_WRITE") }

    /// `TICK_TEST_PAUSE_AFTER_SWAP=PATH`: the same, right after the new file took the old one's
    /// name and before tick checks what it swapped out.
    static func pauseAfterSwap() { pause("TICK_TEST_PAUSE_AFTER_SWAP") }

    /// `TICK_TEST_QUIET_MS=N`: the quiet period of `AtomicFile`, for measuring other values.
    static let quietPeriod: Double? = getenv("TICK_TEST_QUIET_MS").flatMap { Double(String(cString: $0)) }.map { $0 / 1000 }

    /// `TICK_TEST_NO_LEASE=1`: edit as if the kernel granted no lease (another user's file),
    /// to test the checks `AtomicFile` relies on then.
    static let noLease = getenv("TICK_TEST_NO_LEASE") != nil

    /// `TICK_TEST_JOURNAL_LIMIT=BYTES`: the undo journal's size limit (`Journal.sizeLimit`),
    /// small enough for a test to reach.
    static let journalLimit: Int? = getenv("TICK_TEST_JOURNAL_LIMIT").flatMap { Int(String(cString: $0)) }

    private static func pause(_ variable: String) {
        guard let value = getenv(variable) else { return }
        let path = String(cString: value)
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        for _ in 0..<3000 where access(path, F_OK) == 0 { usleep(10_000) }
    }
}
