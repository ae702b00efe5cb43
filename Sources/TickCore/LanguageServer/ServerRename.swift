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
    /// `newName`, or the refusal (`tick group rename`'s).
    func rename(_ document: TextDocument, _ params: JSON) -> Result<JSON, JSONRPCError> {
        guard let line = params["position"]?["line"]?.int, let name = params["newName"]?.string else {
            return .failure(.invalidParams("no position or newName"))
        }
        let parsed = parse(document)
        guard let index = Self.group(atLine: line, in: parsed) else {
            return .failure(JSONRPCError(code: -32803, message: "tick renames a group from its heading"))
        }
        let config = configuration(ofRead: document)
        return run(document, parsed: parsed, config: config) { input throws(EditError) in
            let renamed = try GroupPlans.rename(heading: index, to: name, archive: config.archiveGroup, in: input.document)
            return EditPlan(renamed.splices, subjects: [.group(title: renamed.title, verb: "renamed group", tasks: 0)])
        }
    }

    /// The group whose heading (an ATX line, or a setext text or underline) is on `line`.
    static func group(atLine line: Int, in document: Document) -> Int? {
        document.headings.firstIndex { $0.topLevel && $0.line <= line && line <= $0.lastLine }
    }
}
