/// One edit of one text, end to end and without I/O: the bytes of a file or of an editor's
/// buffer and what tick knows about them (`Known`) go in with a plan (a function of the parsed
/// document and the references resolved through its listing); out come the bytes the edit
/// leaves, the rows it shows (`echo`), the change the journal records (`change`), the listing
/// carried over it (`carry`), or a refusal (`EditError`).
///
/// The edit law is checked here, once, for every edit: the tasks and headings on the lines the
/// plan does not touch read after it as before (`EditCheck`); else nothing is written. The CLI
/// runs it on a file read under its lock and writes the result atomically; a language server
/// runs it on the buffer the editor holds.
public struct EditTransaction: Sendable {
    /// What is known of the text besides its bytes.
    public struct Known: Sendable {
        /// The text's latest listing (what numbers the user has seen mean), if any.
        package var listing: Listing?
        /// The files the latest view showed, when that was not this file alone.
        package var otherFilesListed: [String]?
        /// The file a view showed through this file's name when that name led elsewhere.
        package var listedThroughLink: String?
        /// Parse checkpoints kept for versions of a large file (`ParseCheckpoints`): an edit of
        /// numbered lines then reads only the stretch around them, when one describes the bytes.
        /// Asked for only when the edit may read a stretch.
        package var checkpoints: @Sendable () -> [ParseCheckpoints]
        /// The statuses the text's folder configures.
        public var statuses: StatusSet

        /// What a client that keeps no listings knows: the project's statuses.
        public init(statuses: StatusSet) {
            self.init(listing: nil, statuses: statuses)
        }

        public init() {
            self.init(listing: nil, statuses: .default)
        }

        package init(listing: Listing? = nil, otherFilesListed: [String]? = nil, listedThroughLink: String? = nil,
                    checkpoints: @escaping @Sendable () -> [ParseCheckpoints] = { [] }, statuses: StatusSet = .default) {
            self.listing = listing
            self.otherFilesListed = otherFilesListed
            self.listedThroughLink = listedThroughLink
            self.checkpoints = checkpoints
            self.statuses = statuses
        }

        /// The references of `document` as this knowledge resolves them.
        package func references(_ document: Document, listingIsCurrent: Bool? = nil) -> TaskReference {
            TaskReference(document: document, listing: listing, otherFilesListed: otherFilesListed,
                          listedThroughLink: listedThroughLink, listingIsCurrent: listingIsCurrent)
        }
    }

    /// What a plan works on: the document and its references.
    public struct Input: Sendable {
        public let document: Document
        package let references: TaskReference

        package init(document: Document, references: TaskReference) {
            self.document = document
            self.references = references
        }

        /// One task. `named`: the reference named this file (`FILE:LINE`, `-f`), so a bare
        /// number is this file's whatever the latest listing showed. `prefers`: of several
        /// tasks a text matches, the one open (`reopen`: closed) one.
        public func task(_ reference: String, named: Bool = false, prefers: TaskReference.Preference = .open) throws(EditError) -> Task {
            try resolver(named, prefers).resolve(reference)
        }

        public func tasks(_ references: [String], named: Bool = false, prefers: TaskReference.Preference = .open) throws(EditError) -> [Task] {
            try resolver(named, prefers).resolve(references)
        }

        private func resolver(_ named: Bool, _ prefers: TaskReference.Preference) -> TaskReference {
            var resolver = references
            if named { resolver.otherFilesListed = nil }
            resolver.prefers = prefers
            return resolver
        }
    }

    /// The lines an edit is about, when its references name them by number: in a large file
    /// whose checkpoints are known, the edit reads only the stretch that holds them.
    public struct Lines: Sendable {
        /// 0-based.
        package let lines: [Int]
        /// Whether the reference named the file: the numbers are then this file's whatever
        /// the latest view showed.
        package let fileNamed: Bool

        /// Nil unless each reference is a line number.
        package init?(_ references: [String], fileNamed: Bool) {
            var lines: [Int] = []
            for reference in references {
                guard let number = TaskReference.number(reference), number >= 1 else { return nil }
                lines.append(number - 1)
            }
            guard !lines.isEmpty else { return nil }
            self.lines = lines
            self.fileNamed = fileNamed
        }
    }

    /// The text as read: the whole document, or the stretch that holds the edit.
    package let before: Document
    package let plan: EditPlan
    /// The bytes after the edit; nil when it changes nothing.
    package let edited: [UInt8]?
    /// The lines around the edit, read before and after it (`EditWindow`); nil when it
    /// changes nothing.
    package let window: EditWindow?
    /// The digests of the bytes read and written, when the edit changed them.
    package let digests: (before: ContentDigest, after: ContentDigest)?
    /// The checkpoints the stretch was read with, or those known to describe the bytes.
    package let checkpoints: ParseCheckpoints?
    /// A listing of lines only, current for the bytes read, is carried by naming the new
    /// version: the edit keeps every task on its line.
    package let keepsTaskLines: Bool

    /// Plans and checks an edit of `bytes`. `lines`: the lines the references name, when they
    /// are numbers (a large file with known checkpoints is then read in a stretch). `parsed`:
    /// the bytes parsed whole already, with `known.statuses` (a client planning several edits
    /// of one buffer parses it once).
    public init(_ bytes: [UInt8], known: Known = Known(), lines: Lines? = nil, parsed: Document? = nil,
                plan body: (Input) throws(EditError) -> EditPlan) throws(EditError) {
        try Self.refuseUneditable(bytes)
        var readDigest: ContentDigest?
        func digestRead() -> ContentDigest {
            if let readDigest { return readDigest }
            let digest = ContentDigest.of(bytes)
            readDigest = digest
            return digest
        }
        func planned(_ document: Document, listingIsCurrent: Bool?) throws(EditError) -> (plan: EditPlan, edited: [UInt8], window: EditWindow?) {
            var plan = try body(Input(document: document, references: known.references(document, listingIsCurrent: listingIsCurrent)))
            plan.splices = Splice.resolvingYields(plan.splices)
            guard !plan.splices.isEmpty else { return (plan, [], nil) }
            let edited = document.applying(plan.splices)
            return (plan, edited, EditWindow(plan.splices, in: document, edited: edited))
        }
        let listing = known.listing
        let current = listing.map { digestRead().version == $0.fileHash }
        // A listing of lines (`Listing.namesLinesOnly`) of this version is carried along by an
        // edit that keeps every task on its line (`Listing.keepsTaskLines`).
        let carriesLines = listing?.namesLinesOnly == true && current == true
        // The stretch the lines are in, when it holds all the edit reads (its window); else,
        // and for any error (said as the whole file says it), the whole file. A listing gives
        // numbers a meaning of its own, which only the whole file can check (and so does
        // another file's, for numbers of a file the reference did not name), unless its
        // numbers are lines and the edit keeps them so.
        var checkpoints: ParseCheckpoints?
        var made: (document: Document, plan: EditPlan, edited: [UInt8], window: EditWindow?, keepsLines: Bool)?
        if let lines, listing == nil || carriesLines, known.otherFilesListed == nil || lines.fileNamed, known.listedThroughLink == nil {
            // The size first: another program's change seldom keeps it, and then the bytes are
            // not digested here.
            checkpoints = known.checkpoints().first { $0.byteCount == bytes.count && $0.content == digestRead() }
            if let checkpoints,
               let stretch = Document(stretchOf: bytes, holding: lines.lines, checkpoints: checkpoints, statuses: known.statuses, digest: digestRead),
               let attempt = try? planned(stretch, listingIsCurrent: current),
               attempt.window.map(stretch.covers) ?? true {
                let keepsLines = attempt.window.map { Listing.keepsTaskLines($0, splices: attempt.plan.splices) } ?? true
                if !carriesLines || keepsLines { made = (stretch, attempt.plan, attempt.edited, attempt.window, keepsLines) }
            }
        }
        func wholeFile() throws(EditError) -> (document: Document, plan: EditPlan, edited: [UInt8], window: EditWindow?, keepsLines: Bool) {
            let document = parsed ?? Document(bytes: bytes, statuses: known.statuses)
            let attempt = try planned(document, listingIsCurrent: current)
            return (document, attempt.plan, attempt.edited, attempt.window,
                    attempt.window.map { Listing.keepsTaskLines($0, splices: attempt.plan.splices) } ?? false)
        }
        let result = if let made { made } else { try wholeFile() }
        before = result.document
        plan = result.plan
        window = result.window
        self.checkpoints = checkpoints
        keepsTaskLines = carriesLines && result.keepsLines
        guard let window = result.window else {
            edited = nil
            digests = nil
            return
        }
        if let line = EditCheck.firstChangedLine(plan.splices, window: window) { throw .changesOtherLines(line: line + 1) }
        edited = result.edited
        digests = (digestRead(), ContentDigest.of(result.edited))
    }

    /// The document after the edit, put together from the one read and the edit's window
    /// rather than parsed again (the one read when nothing changed).
    package var after: Document {
        guard let window, let edited else { return before }
        return Document(splicing: before, window: window, edited: edited)
    }

    /// What the edit shows: its rows (`fromLines`: rows read from the lines as written, with
    /// line numbers; else the tasks as JSON reads them).
    /// Refuses a text no edit may write: one with NUL bytes (no text file), or with an
    /// unresolved merge conflict (an edit would write into the middle of two versions, and
    /// break the block). Both are looked for at memory speed.
    package static func refuseUneditable(_ bytes: [UInt8]) throws(EditError) {
        if ByteSearch.contains(0, in: bytes[...]) { throw .containsNUL }
        if let line = ConflictMarkers.firstLine(in: bytes) { throw .unresolvedConflict(line: line + 1) }
    }

    package func echo(fromLines: Bool = true) -> EditEcho {
        EditEcho(plan, before: before, fromLines: fromLines, window: window) { after }
    }

    /// The change the undo journal records for a file at `path`, with the listing the text
    /// had before it; nil when nothing changed.
    package func change(path: [UInt8], created: Bool = false, listing: Listing? = nil) -> JournalOperation.FileChange? {
        guard let edited else { return nil }
        var change = JournalOperation.FileChange(path: path, before: before.bytes, after: edited, created: created, tasks: plan.taskCount,
                                                 versions: digests.map { ($0.before.version, $0.after.version) })
        change.listing = listing
        return change
    }

    /// `listing` (the text's, for the version read) carried over the edit: each number it
    /// gave still names its task, or is refused. `command` names the edit, `operation` the
    /// journal operation it is part of (`Listing.operation`).
    package func carry(_ listing: Listing, command: String, operation: [UInt8] = []) -> Listing {
        guard let digests, let edited else { return listing }
        return listing.carried(over: plan.splices, by: command, operation: operation, versions: (digests.before.version, digests.after.version),
                               keepsTaskLines: keepsTaskLines) {
            // A listing is carried over whole documents: a stretch holds only some of its tasks.
            before.stretch == nil ? (before, after)
                : (Document(bytes: before.bytes, statuses: before.statuses), Document(bytes: edited, statuses: before.statuses))
        }
    }

    /// The checkpoints to keep for the text as the edit left it, for the next edit of a file
    /// of at least `minimumSize` bytes, and those of the version read (`tick undo` brings it
    /// back); nil when none are kept.
    package func checkpointsToKeep(minimumSize: Int, spacing: Int, firstTasks: Int?) -> (checkpoints: ParseCheckpoints?, before: ParseCheckpoints?)? {
        guard before.bytes.count >= minimumSize else { return nil }
        guard let window, let edited else {
            // Nothing changed: the whole file's checkpoints, unless those known describe it.
            guard before.stretch == nil,
                  checkpoints.map({ !$0.describe(before.bytes, lines: before.lines.count, statuses: before.statuses) }) ?? true else { return nil }
            return (ParseCheckpoints(before, spacing: spacing, firstTasks: firstTasks), nil)
        }
        // Read from the text as it was and carried over the window: the edited text put
        // together whole would hold a second copy of every task.
        let read = before.stretch == nil ? ParseCheckpoints(before, spacing: spacing, firstTasks: firstTasks, content: digests?.before) : checkpoints
        return (read?.after(window, in: before, edited: edited, digest: digests?.after), read)
    }
}
