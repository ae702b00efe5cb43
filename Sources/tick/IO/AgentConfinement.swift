import TickCore

/// The places an agent's tools may read and edit: the folders (or files) `tick mcp` was
/// started with, by their real paths, so that a path named through a link or with `..` is
/// judged by where it leads. Started without any, the working directory and the task file
/// tick uses from there (the nearest TODO.md, which may be above it).
struct AgentConfinement {
    /// Real paths, each a folder or a file.
    let places: [String]
    /// The places as the user named them, for messages.
    let shown: String

    /// `shown`: the folders as the user named them (none: the working directory).
    init(roots: [String], shown: [String], defaultFile: String?) {
        var places = roots.compactMap(Syscalls.realPath)
        if let defaultFile, let real = Syscalls.realPath(defaultFile) { places.append(real) }
        self.places = places
        self.shown = shown.isEmpty ? "the working directory" : shown.map(PathBytes.display).joined(separator: ", ")
    }

    /// Whether `path` (from the working directory) leads inside one of the places. A file not
    /// there yet is judged by its folder's real path.
    func admits(_ path: String) -> Bool {
        guard let real = Self.destination(path) else { return false }
        return places.contains { place in
            real == place || real.utf8.starts(with: (place == "/" ? place : place + "/").utf8)
        }
    }

    static func destination(_ path: String) -> String? {
        if let real = Syscalls.realPath(path) { return real }
        let name = Paths.basename(of: path)
        guard name != ".", name != "..", let folder = Syscalls.realPath(path.contains("/") ? Paths.directory(of: path) : ".") else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }
}
