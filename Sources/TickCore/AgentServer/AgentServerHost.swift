/// What the agent server asks of the machine it runs on: to run tick's commands, which
/// files its folders hold, and whether a path leads inside them. The server itself runs
/// nothing and reads nothing.
package protocol AgentServerHost {
    /// Runs tick with `arguments` in the server's folder: its exit status and output, or why
    /// it could not be started.
    func run(tick arguments: [String]) -> Result<CommandRun, CommandFailure>
    /// The task file tick uses when a command names none, if there is one.
    func defaultTaskFile() -> String?
    /// Whether `path` leads (through links and `..`) inside the server's folders.
    func admits(_ path: String) -> Bool
    /// Whether `path` names a file or folder.
    func exists(_ path: String) -> Bool
    /// The server's folders, as a message names them.
    var foldersShown: String { get }
    /// The task files under the server's folders, as absolute paths: its resources.
    func taskFiles() -> [String]
    /// Whether `path` is one of `taskFiles()` (by where it leads).
    func isTaskFile(_ path: String) -> Bool
    /// A file's bytes; nil when it cannot be read.
    func contents(ofFile path: String) -> [UInt8]?
}

/// What a command printed, and how it exited.
package struct CommandRun: Sendable {
    package let status: Int32
    package let stdout: [UInt8]
    package let stderr: [UInt8]

    package init(status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Why a command could not be started.
package struct CommandFailure: Error, Sendable {
    package let reason: String
    package init(reason: String) { self.reason = reason }
}
