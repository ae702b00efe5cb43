import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Finds and reads `.tick.toml`: in the working directory or the nearest parent, within the
/// limits of the search for TODO.md. A file that another user owns is ignored, with a warning.
enum ConfigLoader {
    static let name = ".tick.toml"

    /// The `.tick.toml` that applies in the working directory, as a path from it, if any.
    static func path(environment: Environment) -> String? {
        TodoFileLocator.nearest([name], from: environment.workingDirectory, home: environment.home)
    }

    static func load(environment: Environment) throws(TickError) -> ProjectConfig {
        guard let path = path(environment: environment) else { return ProjectConfig() }
        // Checked before opening: another user's FIFO must not even be opened.
        if let owner = Syscalls.linkStatus(path)?.st_uid, owner != geteuid(), owner != 0 {
            let line = "tick: warning: ignoring \(PathBytes.display(path)): it belongs to another user\n"
            _ = Array(line.utf8).withUnsafeBytes { Syscalls.writeAll(2, $0) }
            return ProjectConfig()
        }
        let file = try OpenedFile.open(path)
        defer { file.close() }
        let text = String(decoding: try file.readAll(path: path), as: UTF8.self)
        do {
            var config = try ProjectConfig(parsing: text)
            // The file it names is relative to the folder the configuration is in.
            if let file = config.file, !file.hasPrefix("/"), path.utf8.contains(0x2F) {
                config.file = Paths.directory(of: path) + "/" + file
            }
            return config
        } catch {
            throw TickError.refused("\(PathBytes.display(path)):\(error.line): \(error.message)")
        }
    }
}
