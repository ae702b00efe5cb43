import TickCore
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
    /// environment tick was given.
    static func run(_ arguments: [String], in directory: String? = nil) throws(TickError) -> Output {
        // A repository's fsmonitor hook is a program that repository chose: never started by
        // tick's reads. Paths go as their bytes (`PathBytes`), and come back unquoted.
        let words = ["git", "-c", "core.fsmonitor=false", "-c", "core.quotePath=false"] + (directory.map { ["-C", $0] } ?? []) + arguments
        switch Subprocess.run(words, searchingPath: true) {
        case .success(let output): return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
        case .failure(let error):
            throw TickError.refused(error.code == ENOENT ? "git is not installed (tick reads repositories with the git command)"
                                                         : "cannot run git: \(Syscalls.errnoMessage(error.code))")
        }
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
                    + "if you trust it: git config --global --add safe.directory \(path.map(ShellWord.quoted) ?? "PATH")")
            }
            throw TickError.refused(said.contains("not a git repository") ? "not in a git repository" : "git rev-parse: \(output.firstError)")
        }
        var top = output.text
        while top.hasSuffix("\n") { top.removeLast() }
        return top
    }
}
