import TickCore

/// `TICK_ROOTS`: the folders (or files) every task file tick reads, writes or creates must
/// lie in, one real path a line, as `PathBytes.display` writes a path. `tick mcp` sets it for
/// itself and the commands its tools run, so that an agent's call cannot reach past the
/// folders it was given, however a path is spelled. Each file is judged by what its
/// descriptor opened (`/proc/self/fd`), not by a path: a link swapped after a check leads
/// nowhere else. Unset: any file.
enum Confinement {
    static let variable = "TICK_ROOTS"

    /// Read each time (an environment lookup): `tick mcp` sets the variable once it has
    /// found its folders.
    static var roots: [String]? {
        Syscalls.environment(variable).map { value in
            value.split(separator: "\n").map { line in PathBytes.parse(displayed: String(line)) ?? String(line) }
        }
    }

    /// The value that confines tick to `roots` (real paths).
    static func value(for roots: [String]) -> String { roots.map(PathBytes.display).joined(separator: "\n") }

    /// Whether a real path lies in the roots (or there are none).
    static func admits(realPath: String, roots: [String]? = roots) -> Bool {
        guard let roots else { return true }
        return roots.contains { root in
            realPath == root || realPath.utf8.starts(with: (root == "/" ? root : root + "/").utf8)
        }
    }

    /// Throws unless the file open on `fd` (opened by `path`) lies in the roots.
    static func check(fd: Int32, path: String) throws(TickError) {
        guard let roots else { return }
        guard let real = Syscalls.readLink("/proc/self/fd/\(fd)"), admits(realPath: real, roots: roots) else {
            throw TickError.refused("\(PathBytes.display(path)) leads outside the folders this tick may use (\(variable)); nothing read or written")
        }
    }
}
