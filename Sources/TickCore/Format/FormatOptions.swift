/// Settings of `tick fmt`.
public struct FormatOptions: Sendable, Equatable {
    /// The line ending every line gets; nil keeps the file's dominant ending.
    package var lineEnding: LineEnding?

    public init(lineEnding: LineEnding? = nil) {
        self.lineEnding = lineEnding
    }
}
