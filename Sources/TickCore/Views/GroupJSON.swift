/// The JSON form of a group's tally, for `tick groups --json` and `tick progress --json`
/// (schema in tick(1), "JSON OUTPUT"): `file`, `line` (1-based line of the heading, null for
/// tasks above the first heading), `group` (heading path, outermost first), `depth`, `open`,
/// `doing`, `done`, `cancelled` (out of the total), `total` and `percent`.
public enum GroupJSON {
    public static func write(_ tally: GroupTally, in source: SourceDocument, to json: inout JSONWriter) {
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
        json.key("open"); json.int(tally.open)
        json.key("doing"); json.int(tally.doing)
        json.key("done"); json.int(tally.closed)
        json.key("cancelled"); json.int(tally.cancelled)
        json.key("total"); json.int(tally.total)
        json.key("percent"); json.int(tally.percent)
        json.endObject()
    }
}
