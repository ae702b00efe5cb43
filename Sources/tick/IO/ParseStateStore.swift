import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// Where the parse checkpoints of large files are kept between commands (`ParseCheckpoints`):
/// the state folder's `parse` folder, one record per file, named by a hash of its real path.
/// A record is a hint: it is used only for the bytes it describes (their hash and size), and
/// any failure to read or write one costs a parse of the whole file, never an error.
enum ParseStateStore {
    /// Files smaller than this are parsed whole (a megabyte parses in a few milliseconds).
    static var minimumSize: Int { TestHooks.smallCheckpoints ? 0 : 1 << 20 }
    /// How many files' records are kept; the least recently written go first.
    static let fileLimit = 32

    static var spacing: Int { TestHooks.smallCheckpoints ? 0 : ParseCheckpoints.spacing }
    /// Checkpoints start after the tasks the file's spelling is read from (`FileSpelling`).
    static let firstTasks: Int? = nil

    /// The checkpoints kept for the file at `realPath`, if any.
    /// (Looked up, never created: most edits are of files that have none.)
    static func load(realPath: String, environment: Environment) -> ParseCheckpoints? {
        guard case .success(let state) = StateFolder.open(environment) else { return nil }
        defer { state.close() }
        guard case .success(let folder) = state.subfolder("parse", create: false) else { return nil }
        defer { folder.close() }
        guard let bytes = try? folder.read(name(of: realPath)) else { return nil }
        return ParseCheckpoints(decoding: bytes)
    }

    /// Keeps `checkpoints` for the file at `realPath` (nil: forgets the file's).
    static func save(_ checkpoints: ParseCheckpoints?, realPath: String, environment: Environment) {
        guard case .success(let folder) = StateFolder.open(environment, ["parse"]) else { return }
        defer { folder.close() }
        let name = name(of: realPath)
        guard let checkpoints, checkpoints.byteCount >= minimumSize else {
            folder.remove(name)
            return
        }
        // Not made durable: a record lost in a crash costs one whole parse.
        _ = folder.write(checkpoints.encoded(), to: name, durable: false)
        let names = folder.names()
        guard names.count > fileLimit else { return }
        let byAge = names.map { ($0, folder.modificationTime(of: $0) ?? 0) }.sorted { $0.1 < $1.1 }
        for (old, _) in byAge.prefix(names.count - fileLimit) where old != name { folder.remove(old) }
    }

    private static func name(of realPath: String) -> String {
        "parse-" + ContentHash.hex(ContentHash.of(PathBytes.bytes(of: realPath)))
    }
}
