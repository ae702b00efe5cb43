/// The JSON form of a group's tally, for `tick groups --json` and `tick progress --json`
/// (schema in tick(1), "JSON OUTPUT"): `file`, `line` (1-based line of the heading, null for
/// tasks above the first heading), `group` (heading path, outermost first), `depth`, `open`,
/// `doing`, `done`, `cancelled` (out of the total), `total` and `percent`; and `tick progress`'s
/// object of such groups and their total.
package enum GroupJSON {
    package static func write(_ tally: GroupTally, in source: SourceDocument, to json: inout JSONWriter) {
        let document = source.document
        json.beginObject()
        json.key("file"); json.string(source.path)
        json.key("line")
        if let heading = tally.heading { json.int(document.headings[heading].line + 1) } else { json.null() }
        json.key("group")
        json.beginArray()
        for title in document.groupPath(ofHeading: tally.heading) { json.string(title) }
        json.endArray()
        json.key("depth"); json.int(tally.depth)
        writeCounts(tally, to: &json)
        json.endObject()
    }

    /// `tick progress --json`: one object, `total` (the counts over every group shown) and
    /// `groups` (the groups `tick progress` shows, each as above).
    package static func writeProgress(_ tallies: [GroupTally], in sources: [SourceDocument], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let shown = ProgressView.withParents(tallies)
        var json = JSONWriter()
        json.beginObject()
        json.key("total")
        json.beginObject()
        writeCounts(ProgressView.total(of: shown), to: &json)
        json.endObject()
        json.key("groups")
        json.beginLines()
        for tally in shown {
            json.nextLine(emit: emit)
            write(tally, in: sources[tally.source], to: &json)
        }
        json.endLines(emit: emit)
        json.endObject()
        json.newline()
        json.flush(emit)
    }

    private static func writeCounts(_ tally: GroupTally, to json: inout JSONWriter) {
        json.key("open"); json.int(tally.open)
        json.key("doing"); json.int(tally.doing)
        json.key("done"); json.int(tally.closed)
        json.key("cancelled"); json.int(tally.cancelled)
        json.key("total"); json.int(tally.total)
        // A group with no task is no 0 % done, as the text view's `–` says.
        json.key("percent")
        if tally.total == 0 { json.null() } else { json.int(tally.percent) }
    }
}
