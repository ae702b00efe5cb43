/// A parsed document together with the path it is shown under.
public struct SourceDocument: Sendable {
    public let path: String
    public let document: Document

    public init(path: String, document: Document) {
        self.path = path
        self.document = document
    }
}
