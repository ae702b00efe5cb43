/// What `group add` and `group rename` do to a document and what they say beside their rows:
/// where a new group goes, when a name would be taken from another group, and the archive
/// subgroup a rename takes along.
package enum GroupPlans {
    /// A group to add: the splices, its path as written, and a note when the name named
    /// another group until now.
    package struct Added {
        package let splices: [Splice]
        package let title: String
        package let note: String?
    }

    /// The group `name` names, added: under the group `under` names, else where the path and
    /// the file's layout say (`GroupEdits.missingPath`), at `level` or the file's own.
    /// `""` makes an untitled one.
    package static func add(_ name: String, under: String?, level: Int?, in document: Document) throws(EditError) -> Added {
        let wanted = GroupName(name)
        var (parent, titles): (Int?, [String])
        // The group the name answered to until now, when it does not name the new one's place.
        var existing: Int?
        if name.trimmingSpaces.isEmpty {
            (parent, titles) = (nil, [GroupEdits.availableName("", in: document)])
        } else if let under {
            (parent, titles) = (try Sections.resolve(under, in: document), wanted.titles)
        } else if wanted.titles.count == 1 {
            // A name alone is a top-level group, whatever groups answer to it now (a
            // subgroup of that title, a title in other words: '🥕 Food' to 'Food').
            (parent, titles) = (nil, wanted.titles)
            existing = wanted.groups(in: document).first
        } else {
            (parent, titles) = try GroupEdits.missingPath(wanted, in: document)
            // The whole path answers: a sibling of its last group.
            if titles.isEmpty, let found = wanted.groups(in: document).first {
                (parent, titles, existing) = (document.headings[found].parent, [wanted.titles.last!], found)
            }
        }
        let level = level ?? Sections.defaultLevel(in: document)
        // A group with that title where the new one goes is the group asked for: not a second one.
        let at = parent ?? document.title.flatMap { document.headings[$0].level < level ? $0 : nil }
        try GroupEdits.checkNoTwin(of: titles[0], under: at, in: document)
        let splices = try GroupEdits.add(titles, under: parent, level: level, in: document)
        var note: String?
        if let existing {
            // The name must name the new group from now on, or it would be a group no name
            // reaches but its path (a subgroup named as the group it is under).
            let edited = document.afterApplying(splices)
            let named = try? Sections.resolve(name, in: edited)
            if named.map({ edited.groupPath(ofHeading: $0) == document.groupPath(ofHeading: existing) }) ?? true {
                throw .invalidText("'\(name)' would still name the group \(Self.named(existing, in: document)); choose another name")
            }
            note = nameMoved(name, from: existing, in: document, to: "the new group")
        }
        return Added(splices: splices, title: GroupName.written(titles), note: note)
    }

    /// A group to rename: its heading, the splices, its new title, a note when the name named
    /// another group until now, and its archive subgroup, renamed with it or kept.
    package struct Renamed {
        package let index: Int
        package let splices: [Splice]
        package let title: String
        package let note: String?
        /// The archive subgroup renamed too (`Done / Work` to `Done / Job`), as views show it.
        package let archiveRenamed: (old: String, new: String)?
        /// The archive subgroup left as it is: the archive has a group of the new name already.
        package let archiveKept: String?

        /// What the rename says beside its row: `note`, the archive subgroup renamed with it
        /// (notes), and the one kept (a warning).
        package var said: [(message: String, warning: Bool)] {
            var said = note.map { [($0, false)] } ?? []
            if let archiveRenamed { said.append(("its archive '\(archiveRenamed.old)' is renamed too, to '\(archiveRenamed.new)'", false)) }
            if let archiveKept {
                said.append(("its archive '\(archiveKept)' keeps its name: the archive has a group '\(title)' already; move or rename one of them", true))
            }
            return said
        }
    }

    /// The group `old` names, renamed `typed` (`GroupEdits.rename`); what `tick archive` took
    /// from it into the archive group `archive` (`Done / Work`) goes by the new name too, or
    /// progress would stop counting it as the group's, unless the archive has a group of that
    /// name already: two groups are not merged behind the user's back.
    package static func rename(_ old: String, to typed: String, archive: String, in document: Document) throws(EditError) -> Renamed {
        try rename(heading: try Sections.resolve(old, in: document), to: typed, archive: archive, in: document)
    }

    /// `rename`, of the group with heading `index`.
    package static func rename(heading index: Int, to typed: String, archive: String, in document: Document) throws(EditError) -> Renamed {
        var splices = try GroupEdits.rename(index, to: typed, in: document)
        let title = GroupEdits.renamed(index, to: typed, in: document).trimmingSpaces
        // A group the new name answered to until now (by its words: `✅ Completed` to
        // `Completed`) that it names no longer: said, as group add says it. A name that named
        // this group already (`home` to `HOME`, over the archive's `Done / Home`) moves nothing.
        var note: String?
        let answered = try? Sections.resolve(title, in: document)
        if answered != index, let other = answered ?? GroupName(title).groups(in: document).first(where: { $0 != index }) {
            let edited = document.afterApplying(splices)
            if let named = try? Sections.resolve(title, in: edited), edited.headings[named].line == document.headings[index].line {
                note = nameMoved(title, from: other, in: document, to: "this one")
            }
        }
        var archiveRenamed: (old: String, new: String)?, archiveKept: String?
        let place = ArchivePlace(archive, in: document)
        if place.origin(ofHeading: index, in: document) == nil, index != place.heading,
           let archived = Sections.group(atPath: place.destination(of: document.groupPath(ofHeading: index)), in: document),
           archived != index, document.headings[archived].title == document.headings[index].title {
            let path = document.shownGroupPath(ofHeading: archived)
            if let more = try? GroupEdits.rename(archived, to: typed, in: document) {
                splices = (splices + more).sorted { $0.lines.lowerBound < $1.lines.lowerBound }
                archiveRenamed = (GroupName.shown(path), GroupName.shown(path.dropLast() + [title]))
            } else {
                archiveKept = GroupName.shown(path)
            }
        }
        return Renamed(index: index, splices: splices, title: title, note: note, archiveRenamed: archiveRenamed, archiveKept: archiveKept)
    }

    /// A group as a message names it: its path as views show it, and the line of its heading.
    static func named(_ heading: Int, in document: Document) -> String {
        "'\(GroupName.shown(document.shownGroupPath(ofHeading: heading)))' (line \(document.headings[heading].line + 1))"
    }

    /// What a note says when `name`, which named the group `other` until now, names another.
    static func nameMoved(_ name: String, from other: Int, in document: Document, to group: String) -> String {
        "'\(name)' named the group \(named(other, in: document)) until now; from now on it names \(group)"
    }
}
