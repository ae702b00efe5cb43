import TickCore

/// Reads and parses a file a view shows.
enum DocumentLoader {
    static func load(_ path: String, environment: Environment) throws(TickError) -> SourceDocument {
        try load(path, environment: environment, unless: { _ in false })
    }

    /// The same, but a file whose bytes `skip` rules out is not parsed: it is shown under its
    /// name with no tasks.
    static func load(_ path: String, environment: Environment, unless skip: ([UInt8]) -> Bool) throws(TickError) -> SourceDocument {
        let bytes = try FileReader.read(path)
        warnOfConflict(bytes, path: path, environment: environment)
        // Views show the name as messages do (bytes that are not UTF-8 as \xNN); a reference
        // written that way is read back (`PathBytes.parse`).
        return SourceDocument(path: environment.shown(path), document: skip(bytes) ? Document(bytes: []) : environment.document(bytes),
                              groupColors: environment.groupColors)
    }

    /// A view shows the tasks of a file with an unresolved merge conflict, and says once, on
    /// standard error, that edits refuse it. (Written at once: files are read on every core.)
    static func warnOfConflict(_ bytes: [UInt8], path: String, environment: Environment) {
        guard let line = ConflictMarkers.firstLine(in: bytes) else { return }
        var stderr = Output.standardError()
        stderr.write("tick: warning: " + TerminalText.oneLine(EditSession.conflictMessage(path: environment.shown(path), line: line))
                     + "; edits refuse the file until it is resolved\n")
        stderr.flush()
    }
}
