import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Where the parse checkpoints of large files are kept between commands (`ParseCheckpoints`):
/// the state folder's `parse` folder, two records per file, named by a hash of its real path:
/// the file as tick's latest edit left it, and as that edit found it (`-before`), which is
/// the file again after `tick undo`.
/// A record is a hint: it is used only for the bytes it describes (their hash and size), and
/// any failure to read or write one costs a parse of the whole file, never an error.
enum ParseStateStore {
    /// Files smaller than this are parsed whole (a megabyte parses in a few milliseconds).
    static var minimumSize: Int { TestHooks.smallCheckpoints ? 0 : 1 << 20 }
    /// How many records are kept (two per file); the least recently written go first.
    static let recordLimit = 64

    static var spacing: Int { TestHooks.smallCheckpoints ? 0 : ParseCheckpoints.spacing }
    /// Checkpoints start after the tasks the file's spelling is read from (`FileSpelling`).
    static let firstTasks: Int? = nil

    /// The checkpoints kept for the file at `realPath`: the latest first, then those of the
    /// version before it. (Looked up, never created: most edits are of files that have none.)
    static func load(realPath: String, environment: Environment) -> [ParseCheckpoints] {
        guard case .success(let state) = StateFolder.open(environment) else { return [] }
        defer { state.close() }
        guard case .success(let folder) = state.subfolder("parse", create: false) else { return [] }
        defer { folder.close() }
        let name = name(of: realPath)
        return [name, name + "-before"].compactMap { (try? folder.read($0)).flatMap(ParseCheckpoints.init(decoding:)) }
    }

    /// Keeps `checkpoints` for the file at `realPath` (nil: forgets the file's), and `before`,
    /// those of the version an edit found, when it changed the file. (A record of a version the
    /// file no longer has is never used: each is checked against the bytes read.)
    static func save(_ checkpoints: ParseCheckpoints?, before: ParseCheckpoints? = nil, realPath: String, environment: Environment) {
        guard case .success(let folder) = StateFolder.open(environment, ["parse"]) else { return }
        defer { folder.close() }
        let name = name(of: realPath)
        // Not made durable: a record lost in a crash costs one whole parse.
        if let before, before.byteCount >= minimumSize {
            _ = folder.write(before.encoded(), to: name + "-before", durable: false)
        }
        guard let checkpoints, checkpoints.byteCount >= minimumSize else {
            folder.remove(name)
            return
        }
        _ = folder.write(checkpoints.encoded(), to: name, durable: false)
        let names = folder.names()
        guard names.count > recordLimit else { return }
        let byAge = names.map { ($0, folder.modificationTime(of: $0) ?? 0) }.sorted { $0.1 < $1.1 }
        for (old, _) in byAge.prefix(names.count - recordLimit) where !old.hasPrefix(name) { folder.remove(old) }
    }

    private static func name(of realPath: String) -> String {
        "parse-" + ContentHash.hex(ContentHash.of(PathBytes.bytes(of: realPath)))
    }
}
