import TickCore

/// Reads and parses a file a view shows.
enum DocumentLoader {
    static func load(_ path: String) throws(TickError) -> SourceDocument {
        SourceDocument(path: path, document: Document(bytes: try FileReader.read(path)))
    }
}
