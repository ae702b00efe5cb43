/// What a line is, as far as the block structure goes. Lines that open list items are described by
/// the leaf they end in (their text is `.paragraph`); items and tasks are recorded separately.
package enum LineKind: UInt8, Sendable, Equatable {
    /// Nothing but spaces and tabs.
    case blank
    /// Only container markers: a lone `>`, or a list item with no content yet.
    case marker
    case frontMatter
    case paragraph
    case atxHeading
    case setextText
    case setextUnderline
    case thematicBreak
    case fenceOpen
    case fenceContent
    case fenceClose
    case indentedCode
    case html
    case tableRow
}
