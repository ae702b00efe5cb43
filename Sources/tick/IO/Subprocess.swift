import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with standard input from /dev/null and collects what it prints
/// on both outputs, read as they come so that neither fills up.
enum Subprocess {
    struct Output {
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]
    }

    /// Why a program did not start: the errno of the spawn.
    struct Failure: Error {
        let code: Int32
    }

    /// `words[0]` run with the rest as its arguments, found on PATH when `searchingPath`, with
    /// the environment tick was given.
    static func run(_ words: [String], searchingPath: Bool) -> Result<Output, Failure> {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return .failure(Failure(code: errno)) }
        guard pipe(&errPipe) == 0 else {
            let code = errno
            outPipe.forEach { _ = Glibc.close($0) }
            return .failure(Failure(code: code))
        }
        // Only the child's copies (made by dup2, which clears the flag) cross the exec.
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = words.map { word in (PathBytes.bytes(of: word) + [0]).withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = searchingPath ? posix_spawnp(&pid, argv[0]!, &actions, nil, argv, environ)
                                    : posix_spawn(&pid, argv[0]!, &actions, nil, argv, environ)
        Glibc.close(outPipe[1])
        Glibc.close(errPipe[1])
        defer {
            Glibc.close(outPipe[0])
            Glibc.close(errPipe[0])
        }
        guard spawned == 0 else { return .failure(Failure(code: spawned)) }
        var out: [UInt8] = [], err: [UInt8] = []
        var open: [Int32] = [outPipe[0], errPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == outPipe[0] { out += buffer[0..<count] } else { err += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .success(Output(status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stdout: out, stderr: err))
    }
}
