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
    /// `newName`, with its colours in `.tick.toml` (`GroupColorFollow`), or the refusal
    /// (`tick group rename`'s); and what `tick group rename` says beside it (its archive
    /// subgroup renamed too, or kept; the name taken from another group; its colour carried),
    /// each with its `window/showMessage` type (3 a note, 2 a warning); and the edit of a
    /// `.tick.toml` the client does not share, for the next rename to know it is sent.
    func rename(_ document: TextDocument, _ params: JSON) -> (result: Result<JSON, JSONRPCError>, said: [(message: String, type: Int)],
                                                             configurationEdit: (file: String, before: [UInt8], after: [UInt8])?) {
        guard let line = params["position"]?["line"]?.int, let name = params["newName"]?.string else {
            return (.failure(.invalidParams("no position or newName")), [], nil)
        }
        let parsed = parse(document)
        guard let index = Self.group(atLine: line, in: parsed) else {
            return (.failure(JSONRPCError(code: -32803, message: "tick renames a group from its heading")), [], nil)
        }
        let config = configuration(ofRead: document)
        var said: [(message: String, type: Int)] = []
        var moved: [GroupColorFollow.Moved] = []
        do {
            let transaction = try EditTransaction(document.bytes, known: EditTransaction.Known(statuses: config.statuses), parsed: parsed) { input throws(EditError) in
                let renamed = try GroupPlans.rename(heading: index, to: name, archive: config.archiveGroup, in: input.document)
                said = renamed.said.map { ("tick: " + $0.message, $0.warning ? 2 : 3) }
                moved = GroupColorFollow.moved(renamed.index, renamedTo: renamed.title, in: input.document, colors: config.groupColors)
                // No colour as saved, but one in an earlier rename's edit the editor may hold
                // unsaved (`Work` renamed `Job`, now `Job` renamed): said by `colorEdits`.
                if moved.isEmpty, let unsaved = unsavedColors(of: document) {
                    moved = GroupColorFollow.moved(renamed.index, renamedTo: renamed.title, in: input.document, colors: unsaved)
                }
                return EditPlan(renamed.splices, subjects: [.group(title: renamed.title, verb: "renamed group", tasks: 0)])
            }
            guard let edited = transaction.edited else { return (.failure(JSONRPCError(code: -32803, message: "the edit changes nothing")), [], nil) }
            var changes = [(document: document, edits: textEdits(document, to: edited), held: true)]
            let colors = colorEdits(moved, of: document, after: Document(bytes: edited, statuses: config.statuses), config: config)
            if let change = colors.change { changes.append((change.document, change.edits, change.held)) }
            said += colors.said
            let sent = colors.change.flatMap { change in change.held ? nil : change.document.path.map { ($0, change.document.bytes, change.edited) } }
            return (.success(workspaceEdit(changes)), said, sent)
        } catch {
            return (.failure(JSONRPCError(code: -32803, message: "tick: " + error.message)), [], nil)
        }
    }

    /// The colours of the `.tick.toml` that applies to `document` as the last edit sent to it
    /// leaves them, while the file is not as that edit leaves it (not saved yet); nil else.
    func unsavedColors(of document: TextDocument) -> GroupColors? {
        guard let path = document.path, let file = configurationFiles[Paths.directory(of: path)],
              !documents.values.contains(where: { $0.path == file }), let sent = sentConfigurationEdits[file],
              host.contents(ofFile: file) != sent.after else { return nil }
        return (try? ProjectConfig(parsing: String(decoding: sent.after, as: UTF8.self)))?.groupColors
    }

    /// The edits of the `.tick.toml` that applies to `document` which carry the colours of a
    /// renamed group (`moved`) to its new names (nil: none), and what is said of them. An
    /// entry stays where it still names a group of another task file it applies to.
    ///
    /// A `.tick.toml` the client shares with the server is edited as the editor holds it;
    /// another as saved, and only when that is what the editor holds as far as the server
    /// knows: while an edit sent by an earlier rename is not saved (the file is not as it
    /// leaves it, and the client has not said the file changed), the editor's buffer may not
    /// be the file, and an edit of the file's lines would land on other lines of it. The
    /// colours then stay as they are, and a warning says so.
    func colorEdits(_ moved: [GroupColorFollow.Moved], of document: TextDocument, after: Document, config: ProjectConfig)
        -> (change: (document: TextDocument, edits: [JSON], held: Bool, edited: [UInt8])?, said: [(message: String, type: Int)]) {
        guard !moved.isEmpty, let path = document.path, let file = configurationFiles[Paths.directory(of: path)] else { return (nil, []) }
        let open = documents.values.first { $0.path == file }
        guard let bytes = open?.bytes ?? host.contents(ofFile: file) else { return (nil, []) }
        // Until the file is as the last edit sent leaves it (saved), or the client says it
        // changed, the editor may hold that edit unsaved: the file's lines are not its buffer's.
        if open == nil, let sent = sentConfigurationEdits[file], bytes != sent.after {
            return (nil, [("tick: warning: the colours in \(ProjectConfig.fileName) stay as they are: the editor may hold a change of an "
                           + "earlier rename to it that is not saved; save it, then set them with 'tick group color'", 2)])
        }
        // The other task files are read where the configuration applies, when that is within
        // the workspace, and up to `GroupColorFollow.othersRead` of them; elsewhere (a
        // `.tick.toml` in a home folder), an entry is kept.
        let folder = Paths.directory(of: file)
        let readable = workspaceFolders.contains { folder == $0 || folder.hasPrefix($0 + "/") }
        let follow = GroupColorFollow(moved, after: after, colors: config.groupColors, file: ProjectConfig.fileName) { keys in
            guard readable else { return Set(keys) }
            // Open documents as the editor holds them; the others as saved, one at a time. Too
            // many: none read, and every entry kept.
            let held = documents.values.filter { $0.path != path && $0.path?.hasPrefix(folder + "/") == true }
            let paths = Set(held.compactMap(\.path))
            let walked = host.taskFiles(in: [folder]).filter { $0 != path && !paths.contains($0) }
            guard held.count + walked.count <= GroupColorFollow.othersRead else { return Set(keys) }
            let saved = walked.lazy.compactMap { host.contents(ofFile: $0).map { Document(bytes: $0) } }
            return GroupColorFollow.named(keys, in: [AnySequence(held.lazy.map { Document(bytes: $0.bytes) }), AnySequence(saved)].joined())
        }
        let edited = GroupColorFollow.applying(follow.settings, to: bytes)
        var said = follow.warnings.map { (message: "tick: warning: " + $0, type: 2) }
        guard edited != bytes else { return (nil, said) }
        // What tick writes, tick must read back: a file it cannot parse is left as it was.
        guard (try? ProjectConfig(parsing: String(decoding: edited, as: UTF8.self))) != nil else {
            return (nil, said + [("tick: warning: the group's colour in \(ProjectConfig.fileName) is left as it was: it does not read back", 2)])
        }
        if let note = follow.note { said.append(("tick: " + note, 3)) }
        let held = open ?? TextDocument(uri: FileURI.uri(ofPath: file), version: 0, text: String(decoding: bytes, as: UTF8.self))
        return ((held, textEdits(held, to: edited), open != nil, edited), said)
    }

    /// The group whose heading (an ATX line, or a setext text or underline) is on `line`.
    static func group(atLine line: Int, in document: Document) -> Int? {
        document.headings.firstIndex { $0.topLevel && $0.line <= line && line <= $0.lastLine }
    }
}
