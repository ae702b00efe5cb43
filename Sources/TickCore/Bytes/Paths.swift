/// Paths as strings (no Foundation).
///
/// They split on the byte `/`, never on Characters: a name may start with a combining mark,
/// which Swift would join to the slash before it into one Character.
package enum Paths {
    package static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: 0x2F) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    package static func basename(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: 0x2F) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    package static func isHidden(_ name: String) -> Bool { name.utf8.first == 0x2E }

    /// `path` made absolute from `folder` (itself absolute) by its text alone: `.` parts go,
    /// and `..` takes off the part before it, as a shell's `cd -L` reads a path. No link is
    /// resolved, so the same path typed in the same folder is the same name.
    package static func lexicallyAbsolute(_ path: String, from folder: String) -> String {
        let bytes = PathBytes.bytes(of: path)
        var parts: [ArraySlice<UInt8>] = bytes.first == 0x2F ? [] : PathBytes.bytes(of: folder).split(separator: 0x2F)
        for part in bytes.split(separator: 0x2F) {
            if part.elementsEqual([0x2E]) { continue }
            if part.elementsEqual([0x2E, 0x2E]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        var result: [UInt8] = []
        for part in parts { result.append(0x2F); result += part }
        return PathBytes.string(from: result.isEmpty ? [0x2F] : result)
    }
}
