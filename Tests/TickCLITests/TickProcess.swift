import Foundation
import Testing

/// Runs the built `tick` binary, which SwiftPM places beside the test bundle.
struct TickProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["TICK_BIN"] { return URL(fileURLWithPath: override) }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = me.deletingLastPathComponent()
        // On Linux the test runner is `<build>/tickPackageTests.xctest`; the tool sits next to it.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("tick").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("tick")
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// SIGPIPE ignored in the test process, once: writing to a child that has gone is an error
    /// to see, not the end of the run.
    static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// This process's environment with a pinned date and no TICK_FILE, NO_COLOR or TERM.
    static var testEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["TICK_FILE", "NO_COLOR", "TERM", "TICK_TODAY"] { env.removeValue(forKey: key) }
        env["TICK_TODAY"] = "2026-11-22"
        return env
    }

    /// Starts tick in `directory` and returns at once (for a test that acts while tick runs,
    /// at a `TICK_TEST_PAUSE_*` pause): its standard error is the pipe returned, its standard
    /// output is discarded. `environment` must name the state folder.
    static func start(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> (process: Process, stderr: Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = testEnvironment.merging(environment) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, stderr)
    }

    /// How long `body` takes, in seconds.
    /// Whether a command's time grows with its input by less than `bound` from `small` to
    /// `large` (the fastest of two small runs against a large one), in any of three rounds:
    /// other suites run beside this one, and a burst of their work can land on one large run,
    /// while work that grows too fast does so every round. The times of the last round come
    /// back for the message.
    static func growsLessThan(_ bound: Double, small: () throws -> Double, large: () throws -> Double) rethrows -> (Bool, small: Double, large: Double) {
        var last = (small: 0.0, large: 0.0)
        for _ in 0..<3 {
            last = (min(try small(), try small()), try large())
            if last.large < bound * last.small { return (true, last.small, last.large) }
        }
        return (false, last.small, last.large)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Runs tick with a pinned date and no inherited TICK_FILE, NO_COLOR or TERM.
    @discardableResult
    /// `executable` and `arguments`: another program to run in the same way (a real client).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    stdin: String? = nil, executable: URL = binary, arguments programArguments: [String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = programArguments ?? arguments
        var env = testEnvironment
        // A state folder of its own unless the test shares one between runs: listings and the
        // journal of one test must not reach another's.
        let ownState = environment["XDG_STATE_HOME"] == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("tick-state-\(UUID().uuidString)") : nil
        if let ownState { env["XDG_STATE_HOME"] = ownState.path }
        defer { if let ownState { try? FileManager.default.removeItem(at: ownState) } }
        env.merge(environment) { $1 }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        _ = Self.ignoresBrokenPipes
        try process.run()
        // A tick that exits without reading its input (a usage error, a view of a file) leaves
        // the pipe without a reader: the write fails with EPIPE, and must not kill the tests.
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Drain stderr on another thread so neither pipe can fill up and block the child.
        nonisolated(unsafe) var stderrData = Data()
        let drained = DispatchSemaphore(value: 0)
        Thread {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }.start()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// A scratch folder that removes itself.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tick-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }
}

/// Compares with a golden file; TICK_RECORD=1 re-records it.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = TickProcess.fixtures.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["TICK_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "output differs from \(name) (TICK_RECORD=1 re-records)", sourceLocation: sourceLocation)
}
