import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `TICK_ROOTS`: the folders (or files) every task file tick reads, writes or creates must
/// lie in, one real path a line, as `PathBytes.display` writes a path. `tick mcp` sets it for
/// itself and the commands its tools run, so that an agent's call cannot reach past the
/// folders it was given, however a path is spelled. Each file is judged by what its
/// descriptor opened (`/proc/self/fd`), not by a path: a link swapped after a check leads
/// nowhere else. Unset: any file.
enum Confinement {
    static let variable = "TICK_ROOTS"

    /// Read once, when the first task file is opened; `tick mcp` confines itself
    /// (`confine(to:)`) before it opens any.
    static let roots: [String]? = Syscalls.environment(variable).map(parse)

    /// The roots a value of `TICK_ROOTS` names.
    static func parse(_ value: String) -> [String] {
        value.split(separator: "\n").map { line in
            var root = PathBytes.parse(displayed: String(line)) ?? String(line)
            // `/notes/` is `/notes`: a real path has no slash at its end (but `/`).
            while root.count > 1, root.hasSuffix("/") { root.removeLast() }
            return root
        }
    }

    /// Confines this process and the commands it runs to `places` (real paths).
    static func confine(to places: [String]) {
        setenv(variable, places.map(PathBytes.display).joined(separator: "\n"), 1)
        // Read after it is set: had a task file been opened before, tick would be unconfined.
        precondition(roots == places, "\(variable) was read before tick mcp set it")
    }

    /// Whether a real path lies in `roots` (none: any path).
    static func admits(realPath: String, roots: [String]? = roots) -> Bool {
        guard let roots else { return true }
        return roots.contains { root in
            realPath == root || realPath.utf8.starts(with: (root == "/" ? root : root + "/").utf8)
        }
    }

    /// Whether `path` (from the working directory) leads inside `roots`, through links and
    /// `..`; a file not there yet is judged by its folder's real path.
    static func admits(path: String, roots: [String]? = roots) -> Bool {
        guard let real = destination(path) else { return false }
        return admits(realPath: real, roots: roots)
    }

    /// Where `path` leads: its real path, or for a file not there yet, the real path of the
    /// nearest folder on its way that is there and the names after it (none of them `.` or
    /// `..`, which could lead back out once made).
    static func destination(_ path: String) -> String? {
        if let real = Syscalls.realPath(path) { return real }
        var names: [String] = []
        var rest = path
        while true {
            let name = Paths.basename(of: rest)
            guard name != ".", name != "..", !name.isEmpty else { return nil }
            names.insert(name, at: 0)
            guard rest.contains("/") else { break }
            rest = Paths.directory(of: rest)
            if let folder = Syscalls.realPath(rest) { return (folder == "/" ? "" : folder) + "/" + names.joined(separator: "/") }
        }
        guard let here = Syscalls.realPath(".") else { return nil }
        return (here == "/" ? "" : here) + "/" + names.joined(separator: "/")
    }

    /// Throws unless the file open on `fd` (opened by `path`) lies in the roots.
    static func check(fd: Int32, path: String) throws(TickError) {
        guard let roots else { return }
        guard let real = Syscalls.readLink("/proc/self/fd/\(fd)"), admits(realPath: real, roots: roots) else {
            throw TickError.refused("\(PathBytes.display(path)) leads outside the folders this tick may use (\(variable)); nothing read or written")
        }
    }
}
