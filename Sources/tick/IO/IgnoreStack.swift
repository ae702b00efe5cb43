import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// The ignore files that apply in one folder of a walk, outermost first (see `PathWalker`).
/// Paths are matched relative to the folder each file is in: `relative` is the walked folder's
/// path from the outermost one (the repository root), with a trailing `/`.
struct IgnoreStack {
    struct Frame {
        /// The path of the ignore file's folder from the outermost folder, with a trailing `/`.
        let base: [UInt8]
        let rules: IgnoreRules
    }

    let enabled: Bool
    /// Whether `.gitignore` files count: inside a git repository only, as in git and ripgrep.
    var inRepository = false
    var frames: [Frame] = []
    var relative: [UInt8] = []

    init(enabled: Bool) { self.enabled = enabled }

    /// The stack for a walk of the folder `root` (a real path): the repository's exclude file,
    /// and the ignore files of the folders from the repository root down to `root`'s parent.
    static func above(_ root: String) -> IgnoreStack {
        var stack = IgnoreStack(enabled: true)
        var folders: [String] = []
        var folder = root
        while true {
            folders.append(folder)
            if Syscalls.linkStatus(folder + "/.git") != nil { stack.inRepository = true; break }
            guard folder != "/", folder.utf8.contains(0x2F) else { break }
            folder = Paths.directory(of: folder)
            if folder.isEmpty { folder = "/" }
        }
        guard stack.inRepository, let top = folders.last else { return stack }
        /// A folder's path from the repository root, with a trailing `/` (empty for the root).
        func fromTop(_ folder: String) -> [UInt8] {
            let path = Array(folder.utf8.dropFirst(top.utf8.count).drop { $0 == 0x2F })
            return path.isEmpty ? [] : path + [0x2F]
        }
        if let exclude = read(top + "/.git/info/exclude") { stack.frames.append(Frame(base: [], rules: exclude)) }
        // From the root down to the walked folder's parent; the walked folder's own files are
        // read when the walk enters it.
        for above in folders.dropFirst().reversed() {
            stack.relative = fromTop(above)
            stack = stack.loading(above)
        }
        stack.relative = fromTop(root)
        return stack
    }

    /// The stack inside `folder` (the folder this stack's `relative` names), with its files.
    func entering(_ folder: String) -> IgnoreStack {
        enabled ? loading(folder) : self
    }

    private func loading(_ folder: String) -> IgnoreStack {
        var next = self
        if inRepository, let rules = Self.read(folder + "/.gitignore") { next.frames.append(Frame(base: relative, rules: rules)) }
        if let rules = Self.read(folder + "/.tickignore") { next.frames.append(Frame(base: relative, rules: rules)) }
        return next
    }

    /// The stack for the subfolder `name`, before its own files are read.
    func descending(into name: [UInt8]) -> IgnoreStack {
        guard enabled else { return self }
        var next = self
        next.relative = relative + name + [0x2F]
        return next
    }

    /// Whether the entry `name` of this folder is ignored: the deepest file with a verdict decides.
    func ignores(_ name: [UInt8], isDirectory: Bool) -> Bool {
        guard enabled, !frames.isEmpty else { return false }
        let path = relative + name
        for frame in frames.reversed() {
            if let verdict = frame.rules.verdict(path: path[frame.base.count...], name: name[...], isDirectory: isDirectory) {
                return verdict
            }
        }
        return false
    }

    /// An ignore file's rules; a missing, unreadable or oversized one has none.
    private static func read(_ path: String) -> IgnoreRules? {
        guard let info = Syscalls.fileStatus(path), (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20,
              let bytes = try? FileReader.read(path) else { return nil }
        let rules = IgnoreRules(bytes)
        return rules.isEmpty ? nil : rules
    }
}
