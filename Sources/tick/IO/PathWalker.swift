import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Expands the paths a user names into the Markdown files to read: a file is read whatever its
/// name; a folder is walked for `*.md` and `*.markdown` files (any case), in name order, skipping
/// hidden entries, `node_modules`, anything that is not a regular file (a FIFO would hang the
/// read), and links to folders (so a link loop cannot trap the walk).
///
/// A link found in a walk whose target lies outside the folder named is read, never written: a
/// cloned repository may carry `notes.md -> ~/.bashrc`, and `tick fmt .` must not edit that.
///
/// A file reached twice, named twice or found both as itself and through a link, is read once.
///
/// A walk honours ignore files as ripgrep does (`IgnoreRules`): in a git repository, each
/// folder's `.gitignore` (those of the folders above the one named too, up to the repository
/// root) and `.git/info/exclude`; anywhere, `.tickignore`, which wins over them. A file or
/// folder named on the command line is read even when ignored. `--no-ignore` turns it off.
enum PathWalker {
    struct File: Sendable {
        let path: String
        /// False for a link out of the walked folder: read it, never write it.
        let writable: Bool
        /// The file's real path, by which a file reached twice (named twice, or found both as
        /// itself and through a link) is read once; nil for standard input.
        var identity: String? = nil
        /// Whether it was reached through a link: of two ways to one file, the file's own
        /// name is kept.
        var isLink = false
        /// Where a walk found it (for a link, its file): written there, reached again from the
        /// folder named without following a link. Nil for a file named itself.
        var place: WalkedPlace? = nil
    }

    /// What `fmt` and `lint --fix` say of such a link whose file is not in the layout.
    static func outsideLinkNotWritten(_ path: String) -> String {
        "\(PathBytes.display(path)): a link to a file outside the folder named; read, not written"
    }

    static func files(_ paths: [String], ignoring: Bool = true) throws(TickError) -> [String] {
        try walk(paths, ignoring: ignoring).map(\.path)
    }

    static func walk(_ paths: [String], ignoring: Bool = true) throws(TickError) -> [File] {
        var files: [File] = []
        // Standard input can be read once.
        if paths.filter({ $0 == FileReader.standardInput }).count > 1 {
            throw TickError.refused("'-' (standard input) is named twice; it can be read once")
        }
        for path in paths {
            if path == FileReader.standardInput {
                files.append(File(path: path, writable: false))
                continue
            }
            guard let info = Syscalls.fileStatus(path) else {
                throw TickError.cannotRead(path: path, reason: OpenedFile.describeOpenFailure(errno, path: path))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let fd: Int32
                switch Syscalls.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) {
                case .success(let value): fd = value
                case .failure(let error): throw TickError.cannotRead(path: path, reason: FileReader.describe(error.code))
                }
                let root = WalkRoot(fd: fd, path: Syscalls.readLink("/proc/self/fd/\(fd)") ?? Syscalls.realPath(path) ?? path)
                let ignores = ignoring ? IgnoreStack.above(root.path) : IgnoreStack(enabled: false)
                let start = files.count
                try walk(path, fd: fd, folders: [], root: root, ignores: ignores, into: &files)
                // Confined (`TICK_ROOTS`), a walk reads the files that lie in the roots and
                // passes the others by, saying so: a folder that holds a root is walked for
                // it. (Each file read is checked again by what its descriptor opened.)
                if Confinement.roots != nil {
                    let inside = files[start...].filter { Confinement.admits(path: $0.path) }
                    let outside = files.count - start - inside.count
                    // A folder with nothing in the roots is refused, as a file outside is.
                    if outside > 0, inside.isEmpty {
                        throw TickError.refused("\(PathBytes.display(files[start].path)) leads outside the folders this tick may use (\(Confinement.variable)); nothing read or written")
                    }
                    if outside > 0 {
                        files = Array(files[..<start]) + inside
                        let said = "tick: note: \(outside) file\(outside == 1 ? "" : "s") under \(PathBytes.display(path)) \(outside == 1 ? "lies" : "lie") outside the folders this tick may use (\(Confinement.variable)); not read\n"
                        _ = Array(said.utf8).withUnsafeBytes { Syscalls.writeAll(2, $0) }
                    }
                }
            } else {
                files.append(File(path: path, writable: true, identity: Syscalls.realPath(path) ?? path))
            }
        }
        return once(files)
    }

    /// Each file once, in the order found: a file named twice (`-f a.md -f ./a.md`), or found
    /// in a walk both as itself and through a link (`notes/TODO.md -> ../TODO.md`), is read
    /// once, under its own name where the walk found it.
    private static func once(_ files: [File]) -> [File] {
        guard files.count > 1 else { return files }  // the usual case, without a dictionary's set-up
        var kept: [String: Int] = [:]
        for (index, file) in files.enumerated() {
            guard let identity = file.identity else { continue }
            if let other = kept[identity] {
                if files[other].isLink && !file.isLink { kept[identity] = index }
            } else {
                kept[identity] = index
            }
        }
        guard kept.count < files.count(where: { $0.identity != nil }) else { return files }
        return files.indices.compactMap { index in
            let file = files[index]
            guard let identity = file.identity else { return file }
            return kept[identity] == index ? file : nil
        }
    }

    /// What `fmt` and `lint` work on: the files and folders named, else the file tick finds
    /// (`TICK_FILE`, which the user named, or the nearest TODO.md, written only as `found` says).
    static func filesToCheck(_ named: [String], ignoring: Bool = true, environment: Environment) throws(TickError) -> [File] {
        guard named.isEmpty else { return try walk(named, ignoring: ignoring) }
        let path = try TodoFileLocator.locate(explicit: nil, environment: environment)
        return environment.tickFile?.isEmpty == false ? [File(path: path, writable: true)] : [found(path)]
    }

    /// The file tick found by itself (no file named): as a link out of its own folder, it is
    /// read and never written by `fmt` and `lint --fix`, like a link found in a walk (a cloned
    /// repository may carry `TODO.md -> ~/.bashrc`, and these run in hooks and CI).
    static func found(_ path: String) -> File {
        guard let info = Syscalls.linkStatus(path), (info.st_mode & S_IFMT) == S_IFLNK else { return File(path: path, writable: true) }
        let folder = Syscalls.realPath(Paths.directory(of: path)) ?? "/"
        return File(path: path, writable: isInside(Syscalls.realPath(path), folder))
    }

    /// Whether the real path `target` lies in the folder `root` (a real path too), at any depth.
    private static func isInside(_ target: String?, _ root: String) -> Bool {
        guard let target else { return false }
        return target.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8)
    }

    static func isMarkdown(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// `fd`: `directory` open; `folders`: the names from the root down to it, each opened
    /// from the one above without following a link, so that the walk cannot be led out of the
    /// root, and a file's real path is the root's and those names, with no call to the system.
    private static func walk(_ directory: String, fd: Int32, folders: [String], root: WalkRoot, ignores parent: IgnoreStack,
                             into files: inout [File]) throws(TickError) {
        let readable: Int32
        switch Syscalls.openAt(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) {
        case .success(let value): readable = value
        case .failure(let error): throw TickError.cannotRead(path: directory, reason: FileReader.describe(error.code))
        }
        guard let handle = fdopendir(readable) else {
            let code = errno
            Syscalls.close(readable)
            throw TickError.cannotRead(path: directory, reason: FileReader.describe(code))
        }
        var entries: [(name: String, bytes: [UInt8], type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = Syscalls.entryName(entry)
            if Paths.isHidden(name) || name == "node_modules" { continue }
            entries.append((name, PathBytes.bytes(of: name), entry.pointee.d_type))
        }
        closedir(handle)
        // In byte order, each name's bytes taken once (not per comparison).
        entries.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        let prefix = directory == "." ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        let ignores = parent.entering(directory)
        let real = folders.reduce(root.path) { ($0 == "/" ? "" : $0) + "/" + $1 }
        let realPrefix = real == "/" ? "/" : real + "/"
        for entry in entries {
            let path = prefix + entry.name
            var type = entry.type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                if entry.name.withPathCString({ fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 { type = fileType(info.st_mode) }
            }
            if ignores.ignores(entry.bytes, isDirectory: type == UInt8(DT_DIR)) { continue }
            if type == UInt8(DT_DIR) {
                // A folder swapped for a link since it was listed is not entered.
                guard case .success(let inner) = Syscalls.openAt(fd, entry.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) else { continue }
                defer { Syscalls.close(inner) }
                try walk(path, fd: inner, folders: folders + [entry.name], root: root, ignores: ignores.descending(into: entry.bytes), into: &files)
            } else if type == UInt8(DT_REG), isMarkdown(entry.name) {
                files.append(File(path: path, writable: true, identity: realPrefix + entry.name,
                                  place: WalkedPlace(root: root, folders: folders, name: entry.name)))
            } else if type == UInt8(DT_LNK), isMarkdown(entry.name) {
                // A link counts when it points at a regular file; it is written only when that
                // file is inside the folder named, and then where that file is.
                guard let info = Syscalls.fileStatus(path), (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let target = Syscalls.realPath(path)
                // Not where tick may go (`TICK_ROOTS`): not a file of the walk.
                if let roots = Confinement.roots, !(target.map { Confinement.admits(realPath: $0, roots: roots) } ?? false) { continue }
                let place = target.flatMap { WalkedPlace.inside(root, realPath: $0) }
                files.append(File(path: path, writable: place != nil, identity: target ?? path, isLink: true, place: place))
            }
        }
    }

    private static func fileType(_ mode: mode_t) -> UInt8 {
        switch mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFREG: return UInt8(DT_REG)
        default: return UInt8(DT_UNKNOWN)
        }
    }
}
