import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Finds and reads `.tick.toml`: in the working directory or the nearest parent, within the
/// limits of the search for TODO.md (but not of `TICK_ROOTS`: the settings of the folder that
/// holds the roots apply in them). A file that another user owns is ignored, with a warning.
enum ConfigLoader {
    static let name = ProjectConfig.fileName

    /// The `.tick.toml` that applies in the working directory, as a path from it, if any.
    static func path(environment: Environment) -> String? {
        path(from: environment.workingDirectory, environment: environment)
    }

    /// The `.tick.toml` that applies in `folder`, if any, as a path that opens from the
    /// working directory (the search gives it from `folder`).
    static func path(from folder: String, environment: Environment) -> String? {
        guard let found = TodoFileLocator.nearest([name], from: folder, home: environment.home, roots: nil) else { return nil }
        return folder == environment.workingDirectory || found.hasPrefix("/") ? found : folder + "/" + found
    }

    static func load(environment: Environment) throws(TickError) -> ProjectConfig {
        try load(path(environment: environment))
    }

    /// The configuration at `path` (none: the defaults).
    static func load(_ path: String?) throws(TickError) -> ProjectConfig {
        guard let path else { return ProjectConfig() }
        // Checked before opening: another user's FIFO must not even be opened.
        if let owner = Syscalls.linkStatus(path)?.st_uid, owner != geteuid(), owner != 0 {
            let line = "tick: warning: ignoring \(PathBytes.display(path)): it belongs to another user\n"
            _ = Array(line.utf8).withUnsafeBytes { Syscalls.writeAll(2, $0) }
            return ProjectConfig()
        }
        let file = try OpenedFile.open(path, confined: false)
        defer { file.close() }
        let text = String(decoding: try file.readAll(path: path), as: UTF8.self)
        var config: ProjectConfig
        do {
            config = try ProjectConfig(parsing: text)
        } catch {
            throw TickError.refused("\(PathBytes.display(path)):\(error.line): \(error.message)")
        }
        if let file = config.file {
            try checkInside(file, configuration: path)
            // The file it names is relative to the folder the configuration is in.
            if path.utf8.contains(0x2F) { config.file = Paths.directory(of: path) + "/" + file }
        }
        return config
    }

    /// The task file a `.tick.toml` names must be a Markdown file in its folder or below: a
    /// repository cloned from someone else must not point tick's edits at `~/.bashrc`, nor
    /// through a link out of its tree. (`TICK_FILE` names a file anywhere.)
    static func checkInside(_ file: String, configuration path: String) throws(TickError) {
        let shown = "\(PathBytes.display(path)): [tasks] file = '\(PathBytes.display(file))'"
        guard !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
            throw TickError.refused("\(shown) is outside the folder of \(name); tick edits only a file inside it (TICK_FILE names one anywhere)")
        }
        guard PathWalker.isMarkdown(file) else {
            throw TickError.refused("\(shown) is not a Markdown file (.md, .markdown); tick edits task files only")
        }
        // Through links: the deepest folder of it that exists is inside the configuration's folder.
        let folder = path.utf8.contains(0x2F) ? Paths.directory(of: path) : "."
        guard let root = Syscalls.realPath(folder) else { return }
        var existing = folder + "/" + file
        while Syscalls.realPath(existing) == nil, existing.utf8.contains(0x2F) { existing = Paths.directory(of: existing) }
        guard let real = Syscalls.realPath(existing), real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw TickError.refused("\(shown) leads out of the folder of \(name) through a link; tick edits only a file inside it (TICK_FILE names one anywhere)")
        }
    }
}
