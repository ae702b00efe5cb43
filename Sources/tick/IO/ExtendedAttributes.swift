#if canImport(Glibc)
import Glibc
#endif

/// A file's extended attributes: its ACLs (`system.posix_acl_access`), its SELinux label
/// (`security.selinux`), and what programs keep in `user.*` (a download's origin, a tag),
/// carried from the file an edit replaces to the new one, as the file's mode and group are.
enum ExtendedAttributes {
    /// Copies every attribute of `source` that `destination` will take. An attribute this user
    /// may not set (a label only root may give) is left to the new file's default, as any
    /// editor's save leaves it; a file system without attributes has none to copy.
    static func copy(from source: Int32, to destination: Int32) {
        guard let calls = Calls.shared, let names = names(of: source, calls) else { return }
        for name in names {
            guard let value = name.withUnsafeBufferPointer({ name in read { calls.get(source, name.baseAddress!, $0, $1) } }) else { continue }
            _ = value.withUnsafeBytes { buffer in
                name.withUnsafeBufferPointer { calls.set(destination, $0.baseAddress!, buffer.baseAddress, buffer.count, 0) }
            }
        }
    }

    /// The names of the attributes, each with its terminating NUL; nil when there are none
    /// or they cannot be listed.
    private static func names(of fd: Int32, _ calls: Calls) -> [[CChar]]? {
        guard let list = read({ calls.list(fd, $0, $1) }), !list.isEmpty else { return nil }
        return list.split(separator: 0).map { Array($0) + [0] }
    }

    /// Calls `get` with a buffer large enough for what it returns (asked first, with no
    /// buffer; again if it grew in between).
    private static func read(_ get: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> [CChar]? {
        for _ in 0..<3 {
            let size = get(nil, 0)
            guard size >= 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBufferPointer { get($0.baseAddress, size) }
            if read >= 0 { return Array(buffer.prefix(read)) }
            guard errno == ERANGE else { return nil }
        }
        return nil
    }

    /// glibc's `flistxattr`, `fgetxattr` and `fsetxattr`, which Swift's Glibc module does not
    /// export.
    private struct Calls: @unchecked Sendable {
        typealias List = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
        typealias Get = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
        typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        let list: List
        let get: Get
        let set: Set

        static let shared: Calls? = {
            let library = UnsafeMutableRawPointer(bitPattern: 0)
            guard let list = dlsym(library, "flistxattr"), let get = dlsym(library, "fgetxattr"),
                  let set = dlsym(library, "fsetxattr") else { return nil }
            return Calls(list: unsafeBitCast(list, to: List.self), get: unsafeBitCast(get, to: Get.self), set: unsafeBitCast(set, to: Set.self))
        }()
    }
}
