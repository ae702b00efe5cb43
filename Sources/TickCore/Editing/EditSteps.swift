/// An edit, read as edits in sequence, one for each far place it changes, from the file's end
/// up: each step reads only the window around its own place (`EditWindow`), not the stretch
/// between the places. A task moved from the top of a file of a million tasks to its end is
/// two windows of a few lines each, not two parses of the file between them.
///
/// Each step is an edit of the document the steps below it made (put together from their
/// windows, not parsed: `Document(splicing:window:edited:)`), read and checked as any edit in
/// one place is. A step's splices lie above every line the steps below it changed, so they
/// name the same lines there as in the original. Putting a document together copies its
/// records, so a step is worth it only for a stretch between places much longer than that
/// copy: places closer than `apart` lines are one step.
package struct EditSteps: Sendable {
    package struct Step: Sendable {
        /// The step's splices, in the original's line numbers (and in `document`'s).
        package let splices: [Splice]
        /// What the step edits: the original, or what the steps below made of it.
        package let document: Document
        /// Its bytes after the step.
        package let edited: [UInt8]
        package let window: EditWindow
    }

    /// From the file's end up; one step for an edit in one place.
    package let steps: [Step]

    /// At most this many steps: each puts a whole document together.
    static let maximumSteps = 4

    /// `edited` is `document.applying(splices)`. `apart`: the fewest lines between two places
    /// read as two steps (by default an eighth of the file, at least 4 096 lines).
    package init(_ splices: [Splice], in document: Document, edited: [UInt8], apart: Int? = nil) {
        /// The edit as one step, read in one window.
        func single() -> [Step] {
            [Step(splices: splices, document: document, edited: edited, window: EditWindow(splices, in: document, edited: edited))]
        }
        // A stretch read alone ends where the file does not: it is read as one window.
        let places = document.stretch == nil ? Self.places(splices, apart: apart ?? max(4_096, document.lines.count / 8)) : []
        guard places.count > 1 else { steps = single(); return }
        var steps: [Step] = []
        var current = document
        for (number, place) in places.reversed().enumerated() {
            let stepEdited = current.applying(place)
            let window = EditWindow(place, in: current, edited: stepEdited)
            // A window that reaches up to a place above it reads that stretch anyway: one step.
            if number < places.count - 1, let above = places[places.count - 2 - number].map(\.lines.upperBound).max(),
               window.firstLine < above {
                self.steps = single()
                return
            }
            steps.append(Step(splices: place, document: current, edited: stepEdited, window: window))
            if number < places.count - 1 { current = Document(splicing: current, window: window, edited: stepEdited) }
        }
        // The steps must write what the edit does (line endings are chosen per file: a step may
        // choose another one than the whole edit would).
        guard steps.last?.edited == edited else { self.steps = single(); return }
        self.steps = steps
    }

    /// The splices in groups of places, in line order: a group ends where the next splice
    /// starts `apart` lines or more below every line of it; at most `maximumSteps` groups
    /// (those of the widest stretches between them).
    static func places(_ splices: [Splice], apart: Int) -> [[Splice]] {
        let ordered = splices.enumerated().sorted {
            ($0.element.lines.lowerBound, $0.element.lines.upperBound, $0.offset)
                < ($1.element.lines.lowerBound, $1.element.lines.upperBound, $1.offset)
        }.map(\.element)
        guard ordered.count > 1 else { return [ordered] }
        // The stretch before each splice that no splice above it reaches.
        var gaps: [(gap: Int, at: Int)] = []
        var reach = ordered[0].lines.upperBound
        for index in 1..<ordered.count {
            let gap = ordered[index].lines.lowerBound - reach
            if gap >= apart { gaps.append((gap, index)) }
            reach = max(reach, ordered[index].lines.upperBound)
        }
        let cuts = gaps.sorted { $0.gap > $1.gap }.prefix(maximumSteps - 1).map(\.at).sorted()
        var groups: [[Splice]] = []
        var start = 0
        for cut in cuts + [ordered.count] {
            groups.append(Array(ordered[start..<cut]))
            start = cut
        }
        return groups
    }

    /// The edited document, put together from the last step's window.
    package var result: Document {
        let last = steps[steps.count - 1]
        return Document(splicing: last.document, window: last.window, edited: last.edited)
    }

    /// A line of step `step`'s document as a line of the original, for messages: the steps
    /// below it moved the lines below their places.
    func originalLine(_ line: Int, ofStep step: Int) -> Int {
        steps[..<step].reversed().reduce(line) { line, below in LineMap(below.splices).oldLine(near: line) }
    }

    /// The one window, when the edit is one step.
    package var window: EditWindow? { steps.count == 1 ? steps[0].window : nil }
}
