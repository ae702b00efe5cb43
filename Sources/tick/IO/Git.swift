#if canImport(Glibc)
import Glibc
#endif

/// Runs the `git` command (tick reads repositories through it, never their files) and
/// collects what it prints.
enum Git {
    struct Output {
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]
        var text: String { String(decoding: stdout, as: UTF8.self) }
        var firstError: String {
            let text = String(decoding: stderr, as: UTF8.self)
            return text.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
        }
    }

    /// Runs `git ARGUMENTS` in `directory` (the working directory when nil), with the
    /// environment tick was given; both its outputs are read as they come, so neither fills up.
    static func run(_ arguments: [String], in directory: String? = nil) throws(TickError) -> Output {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw TickError.refused("cannot run git: \(Syscalls.errnoMessage(errno))")
        }
        // Only the child's copies (made by dup2, which clears the flag) cross the exec.
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // A repository's fsmonitor hook is a program that repository chose: never started by
        // tick's reads. Paths go as their bytes (`PathBytes`), and come back unquoted.
        let words = ["git", "-c", "core.fsmonitor=false", "-c", "core.quotePath=false"] + (directory.map { ["-C", $0] } ?? []) + arguments
        let argv = words.map { word in (PathBytes.bytes(of: word) + [0]).withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        Glibc.close(outPipe[1])
        Glibc.close(errPipe[1])
        defer {
            Glibc.close(outPipe[0])
            Glibc.close(errPipe[0])
        }
        guard spawned == 0 else {
            throw TickError.refused(spawned == ENOENT ? "git is not installed (tick reads repositories with the git command)"
                                                      : "cannot run git: \(Syscalls.errnoMessage(spawned))")
        }
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
        return Output(status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stdout: out, stderr: err)
    }

    /// `git ARGUMENTS`, whose failure is tick's: one line saying what git said.
    static func checked(_ arguments: [String], in directory: String? = nil) throws(TickError) -> Output {
        let output = try run(arguments, in: directory)
        guard output.status == 0 else { throw TickError.refused("git \(arguments.first ?? ""): \(output.firstError)") }
        return output
    }

    /// The top folder of the repository the working directory is in.
    static func topLevel() throws(TickError) -> String {
        let output = try run(["rev-parse", "--show-toplevel"])
        guard output.status == 0 else {
            // git names a repository it will not use (another user's, without safe.directory):
            // say that, not that there is none.
            let said = String(decoding: output.stderr, as: UTF8.self)
            if said.contains("dubious ownership") {
                let path = said.firstRange(of: "repository at '").flatMap { start in
                    said[start.upperBound...].firstRange(of: "'").map { String(said[start.upperBound..<$0.lowerBound]) }
                }
                throw TickError.refused("git refuses the repository \(path.map { "at \($0) " } ?? "here ")as unsafe: another user owns it; "
                    + "if you trust it: git config --global --add safe.directory \(path.map(GitCommand.shellQuoted) ?? "PATH")")
            }
            throw TickError.refused(said.contains("not a git repository") ? "not in a git repository" : "git rev-parse: \(output.firstError)")
        }
        var top = output.text
        while top.hasSuffix("\n") { top.removeLast() }
        return top
    }
}
