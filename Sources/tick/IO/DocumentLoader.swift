import TickCore

/// Reads and parses a file a view shows.
enum DocumentLoader {
    static func load(_ path: String, environment: Environment) throws(TickError) -> SourceDocument {
        // Views show the name as messages do (bytes that are not UTF-8 as \xNN); a reference
        // written that way is read back (`PathBytes.parse`).
        SourceDocument(path: environment.shown(path), document: environment.document(try FileReader.read(path)),
                       groupColors: environment.groupColors)
    }
}
