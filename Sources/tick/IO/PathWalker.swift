#if canImport(Glibc)
import Glibc
#endif

/// Expands the paths a user names into the Markdown files to read: a file is read whatever its
/// name; a folder is walked for `*.md` and `*.markdown` files (any case), in name order, skipping
/// hidden entries, `node_modules`, and links to folders (so a link loop cannot trap the walk).
enum PathWalker {
    static func files(_ paths: [String]) throws(TickError) -> [String] {
        var files: [String] = []
        for path in paths {
            guard let info = Syscalls.fileStatus(path) else {
                throw TickError.cannotRead(path: path, reason: FileReader.describe(errno))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                try walk(path, into: &files)
            } else {
                files.append(path)
            }
        }
        return files
    }

    static func isMarkdown(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    private static func walk(_ directory: String, into files: inout [String]) throws(TickError) {
        guard let handle = opendir(directory) else {
            throw TickError.cannotRead(path: directory, reason: FileReader.describe(errno))
        }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".") || name == "node_modules" { continue }
            entries.append((name, entry.pointee.d_type))
        }
        closedir(handle)
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let prefix = directory == "." ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        for entry in entries {
            let path = prefix + entry.name
            var type = entry.type
            if type == UInt8(DT_UNKNOWN), let info = Syscalls.linkStatus(path) {
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                try walk(path, into: &files)
            } else if isMarkdown(entry.name) {
                // A link counts when it points at a regular file.
                if type == UInt8(DT_LNK) {
                    guard let info = Syscalls.fileStatus(path), (info.st_mode & S_IFMT) == S_IFREG else { continue }
                }
                files.append(path)
            }
        }
    }
}
