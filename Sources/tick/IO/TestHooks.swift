#if canImport(Glibc)
import Glibc
#endif

/// Seams for the end-to-end tests, inert unless their environment variable is set. They are
/// compiled into debug builds only (the ones `swift test` runs): a release binary reads no
/// `TICK_TEST_` variable, and none of their names is in it.
enum TestHooks {
#if DEBUG
    /// `TICK_TEST_PAUSE_BEFORE_WRITE=PATH`: once an edit is computed and before it is written,
    /// create PATH and wait until it is removed (at most 30 s). A test uses the pause to change,
    /// replace or delete the file between tick's read and its write.
    static func pauseBeforeWrite() { pause("TICK_TEST_PAUSE_BEFORE_WRITE") }

    /// `TICK_TEST_PAUSE_AFTER_SWAP=PATH`: the same, right after the new file took the old one's
    /// name and before tick checks what it swapped out.
    static func pauseAfterSwap() { pause("TICK_TEST_PAUSE_AFTER_SWAP") }

    /// `TICK_TEST_PAUSE_IN_JOURNAL=PATH`: the same, once an operation's record has its `meta`
    /// and before its first file change is written: where a test kills tick mid-record.
    static func pauseInJournal() { pause("TICK_TEST_PAUSE_IN_JOURNAL") }

    /// `TICK_TEST_QUIET_MS=N`: the quiet period of `AtomicFile`, for measuring other values.
    static let quietPeriod: Double? = getenv("TICK_TEST_QUIET_MS").flatMap { Double(String(cString: $0)) }.map { $0 / 1000 }

    /// `TICK_TEST_NO_LEASE=1`: edit as if the kernel granted no lease (another user's file),
    /// to test the checks `AtomicFile` relies on then.
    static let noLease = getenv("TICK_TEST_NO_LEASE") != nil

    /// `TICK_TEST_JOURNAL_LIMIT=BYTES`: the undo journal's size limit (`Journal.sizeLimit`),
    /// small enough for a test to reach.
    static let journalLimit: Int? = getenv("TICK_TEST_JOURNAL_LIMIT").flatMap { Int(String(cString: $0)) }

    /// `TICK_TEST_SMALL_CHECKPOINTS=1`: keep parse checkpoints (`ParseStateStore`) for files
    /// of any size, after every top-level heading (past the tasks the file's spelling is read
    /// from), so that a test's small file has stretches.
    static let smallCheckpoints = getenv("TICK_TEST_SMALL_CHECKPOINTS") != nil

    /// `TICK_TEST_REPORT_PARSE=1`: an edit says on standard error which lines it parsed
    /// ("tick: test: parsed lines 120-240 of 800", or "parsed the whole file").
    static let reportsParse = getenv("TICK_TEST_REPORT_PARSE") != nil

    private static func pause(_ variable: String) {
        guard let value = getenv(variable) else { return }
        let path = String(cString: value)
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        for _ in 0..<3000 where access(path, F_OK) == 0 { usleep(10_000) }
    }
#else
    static func pauseBeforeWrite() {}
    static func pauseAfterSwap() {}
    static func pauseInJournal() {}
    static let quietPeriod: Double? = nil
    static let noLease = false
    static let journalLimit: Int? = nil
    static let smallCheckpoints = false
    static let reportsParse = false
#endif
}
