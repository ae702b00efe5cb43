/// Renaming a group from its heading (`textDocument/prepareRename`, `textDocument/rename`),
/// planned as `tick group rename` plans it (`GroupPlans`): its heading's style kept, and its
/// archive subgroup (`Done / Work`) renamed with it.
extension LanguageServer {
    /// The title of the group whose heading holds the position, and its range; a refusal
    /// elsewhere: only a group is renamed.
    func prepareRename(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let line = params["position"]?["line"]?.int else { return .failure(.invalidParams("no position")) }
        let parsed = parse(document)
        guard let index = Self.group(atLine: line, in: parsed) else {
            return .failure(JSONRPCError(code: -32803, message: "tick renames a group from its heading"))
        }
        let heading = parsed.headings[index]
        let text = parsed.lines[heading.line]
        var title = heading.setext ? text.start..<text.contentEnd : ATXHeading.titleRange(parsed.bytes, text)
        while title.lowerBound < title.upperBound, Byte.isSpaceOrTab(parsed.bytes[title.lowerBound]) { title = (title.lowerBound + 1)..<title.upperBound }
        return .success(.object(["range": document.range(title, encoding: encoding), "placeholder": .string(heading.title)]))
    }

    /// The workspace edit that renames the group whose heading holds the position to
    /// `newName`, or the refusal (`tick group rename`'s); and what `tick group rename` says
    /// beside it (its archive subgroup renamed too, or kept; the name taken from another
    /// group), each with its `window/showMessage` type (3 a note, 2 a warning).
    func rename(_ document: TextDocument, _ params: JSON) -> (result: Result<JSON, JSONRPCError>, said: [(message: String, type: Int)]) {
        guard let line = params["position"]?["line"]?.int, let name = params["newName"]?.string else {
            return (.failure(.invalidParams("no position or newName")), [])
        }
        let parsed = parse(document)
        guard let index = Self.group(atLine: line, in: parsed) else {
            return (.failure(JSONRPCError(code: -32803, message: "tick renames a group from its heading")), [])
        }
        let config = configuration(ofRead: document)
        var said: [(message: String, type: Int)] = []
        let result = run(document, parsed: parsed, config: config) { input throws(EditError) in
            let renamed = try GroupPlans.rename(heading: index, to: name, archive: config.archiveGroup, in: input.document)
            said = renamed.said.map { ("tick: " + $0.message, $0.warning ? 2 : 3) }
            return EditPlan(renamed.splices, subjects: [.group(title: renamed.title, verb: "renamed group", tasks: 0)])
        }
        if case .failure = result { said = [] }
        return (result, said)
    }

    /// The group whose heading (an ATX line, or a setext text or underline) is on `line`.
    static func group(atLine line: Int, in document: Document) -> Int? {
        document.headings.firstIndex { $0.topLevel && $0.line <= line && line <= $0.lastLine }
    }
}
