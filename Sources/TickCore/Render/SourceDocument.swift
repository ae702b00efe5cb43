/// A parsed document together with the path it is shown under, and its groups' colours.
public struct SourceDocument: Sendable {
    public let path: String
    public let document: Document
    /// Each heading's colour (`GroupColors.colors(in:)`); empty when no group has one.
    package let groupColors: [GroupColor?]
    /// For `completed --since`: the tasks without a done date that the file's history (git)
    /// shows closed since that day; nil when there is no history to ask.
    package var closedSince: Set<Int>?

    public init(path: String, document: Document, groupColors: GroupColors = GroupColors()) {
        self.path = path
        self.document = document
        self.groupColors = groupColors.colors(in: document)
    }

    /// How the title of the group `heading` is styled: bold, in its colour if it has one.
    package func titleColor(ofHeading heading: Int?) -> TextStyle.Color {
        color(ofHeading: heading).map { .groupTitle($0) } ?? .bold
    }

    /// The colour of the group `heading`, if it (or a group it is in) has one.
    package func color(ofHeading heading: Int?) -> GroupColor? {
        guard let heading, heading < groupColors.count else { return nil }
        return groupColors[heading]
    }
}
