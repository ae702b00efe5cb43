/// What the language server asks of the machine it runs on. The server reads no file and no
/// clock itself: `tick lsp` answers from the file system, a test from what it sets up.
package protocol LanguageServerHost {
    /// Today, where the user is.
    func today() -> CivilDate
    /// The configuration that applies to the tasks in `folder` (the `.tick.toml` tick finds
    /// from there, or the defaults), and why it could not be read if it could not; `file`: its
    /// path, absolute, when there is one an edit may go to (not a link a clone brought that
    /// leads out of its repository).
    func configuration(ofFolder folder: String) -> (config: ProjectConfig, problem: String?, file: String?)
    /// The task files in `folders`, walked as `tick list FOLDER` walks them.
    func taskFiles(in folders: [String]) -> [String]
    /// A file's bytes; nil when it cannot be read.
    func contents(ofFile path: String) -> [UInt8]?
    /// A line for the server's log (the client shows standard error).
    func log(_ message: String)
}
