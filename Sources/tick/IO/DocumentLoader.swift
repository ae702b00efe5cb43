import TickCore

/// Resolves which files a command reads and parses them.
enum DocumentLoader {
    /// Operands, then every `-f`, else the default file.
    static func paths(_ arguments: ParsedArguments, environment: Environment) throws(TickError) -> [String] {
        let named = arguments.allValues("file") + arguments.operands
        if !named.isEmpty { return named }
        return [try TodoFileLocator.locate(explicit: nil, environment: environment)]
    }

    static func load(_ path: String) throws(TickError) -> SourceDocument {
        SourceDocument(path: path, document: Document(bytes: try FileReader.read(path)))
    }
}
