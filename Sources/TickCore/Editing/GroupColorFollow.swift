/// What renaming or removing a group does to the colours `.tick.toml` gives it and its
/// subgroups (`[colors]`): their entries go by the new names, or go with the group. One plan
/// for `tick group rename`/`rm` and an editor's rename (`textDocument/rename`), so that a
/// group keeps its colour whichever renamed it.
package struct GroupColorFollow {
    /// A colour entry of a group renamed or removed: its key, the key it goes by after the
    /// edit (nil: removed with the group), and its colour.
    package struct Moved: Equatable {
        package let old: String
        package let new: String?
        package let color: String
    }

    /// One key of `[colors]` set to `value` (nil: removed), once the entries `replacing`
    /// matches are taken out.
    package struct Setting {
        package let key: String
        package let value: String?
        package let replacing: (String) -> Bool

        package init(key: String, value: String?, replacing: @escaping (String) -> Bool) {
            self.key = key
            self.value = value
            self.replacing = replacing
        }
    }

    /// The settings, in order.
    package let settings: [Setting]
    /// Colours not carried, each said as a warning: the new name has a colour already.
    package let warnings: [String]
    /// What the settings do, said once they are written; nil when they change nothing said.
    package let note: String?

    /// The colour entries that name the group `heading` of `document` or a group under it, each
    /// with the name it goes by once the group is renamed `title` (nil: removed with it). An
    /// entry whose key the rename leaves as it is is not among them.
    package static func moved(_ heading: Int, renamedTo title: String?, in document: Document, colors: GroupColors) -> [Moved] {
        var moved: [Moved] = []
        let depth = document.groupPath(ofHeading: heading).count - 1
        let groups = GroupName.Groups(document).withPaths()
        for entry in colors.entries {
            for named in GroupName(entry.name).groups(in: groups) {
                var up: Int? = named
                while let current = up, current != heading { up = document.headings[current].parent }
                guard up != nil else { continue }
                var path = document.groupPath(ofHeading: named)
                if let title { path[depth] = title }
                let new = title.map { _ in key(path, in: document) }
                if new != entry.name { moved.append(Moved(old: entry.name, new: new, color: entry.color.name)) }
                break
            }
        }
        return moved
    }

    /// The key a group's colour is kept under: its path as views name it and `-g` reads it,
    /// without the file's title (`Document.title`), which a rename of the title then leaves
    /// as it is.
    package static func key(_ path: [String], in document: Document) -> String {
        GroupName.written(document.title != nil && path.count > 1 ? Array(path.dropFirst()) : path)
    }

    /// How many other task files a caller reads at most to learn whether an entry still
    /// names a group elsewhere; past that, an entry is kept.
    package static let othersRead = 2_000

    /// Which of `keys` name a group of one of `documents`, read one at a time (a lazy
    /// sequence holds one in memory), until every key is found.
    package static func named(_ keys: [String], in documents: some Sequence<Document>) -> Set<String> {
        let names = keys.map { ($0, GroupName($0)) }, wanted = Set(keys).count
        var found = Set<String>()
        for document in documents {
            let groups = GroupName.Groups(document).withPaths()
            for (key, name) in names where !found.contains(key) && !name.groups(in: groups).isEmpty { found.insert(key) }
            if found.count == wanted { break }
        }
        return found
    }

    /// The settings that put the colours of `moved` under their new names, or take them out.
    /// `after`: the edited file as the edit leaves it; `namedElsewhere`: of the keys that name
    /// no group of `after`, those that name a group of another task file of the project (all
    /// of them when that is not known), asked once. An entry that still names a group other
    /// than the one it moves to stays (the new name is added beside it): `Today` names
    /// `Today list` by the start of its title, but is that group's old name, not another's.
    /// A new name that has a colour already (an entry
    /// names the group as it is now called) keeps it, and a warning says the colour was not
    /// carried. `file`: the configuration's name, for what is said.
    package init(_ moved: [Moved], after: Document, colors: GroupColors, file: String, namedElsewhere: ([String]) -> Set<String>) {
        let groups = GroupName.Groups(after).withPaths()
        let gone = moved.filter { entry in
            Set(GroupName(entry.old).groups(in: groups)).subtracting(entry.new.map { GroupName($0).groups(in: groups) } ?? []).isEmpty
        }.map(\.old)
        let elsewhere = gone.isEmpty ? [] : namedElsewhere(gone)
        var settings: [Setting] = [], warnings: [String] = [], carried: [String] = []
        for entry in moved {
            let stays = !gone.contains(entry.old) || elsewhere.contains(entry.old)
            let old = entry.old
            guard let new = entry.new else {
                if !stays { settings.append(Setting(key: old, value: nil) { $0 == old }) }
                continue
            }
            // Another entry that names the group as it is now called gives it its colour.
            let renamed = Set(GroupName(new).groups(in: groups))
            if let taken = colors.entries.last(where: { $0.name != old && !renamed.isDisjoint(with: GroupName($0.name).groups(in: groups)) }) {
                if !stays { settings.append(Setting(key: old, value: nil) { $0 == old }) }
                warnings.append("'\(new)' has the colour \(file) gives '\(taken.name)' (\(taken.color.name)); its own (\(entry.color)) is not carried")
                continue
            }
            let lowered = new.lowercased()
            settings.append(Setting(key: new, value: entry.color) { (!stays && $0 == old) || $0.lowercased() == lowered })
            carried.append("'\(new)'")
        }
        self.settings = settings
        self.warnings = warnings
        if moved.allSatisfy({ $0.new == nil }) {
            note = moved.count == 1 ? "its colour in \(file) is removed too" : "its colours in \(file) are removed too"
        } else if !carried.isEmpty {
            note = (carried.count == 1 ? "its colour in \(file) goes with it: " : "its colours in \(file) go with it: ") + carried.joined(separator: ", ")
        } else {
            note = nil
        }
    }

    /// The configuration `bytes` with `settings` applied, in order.
    package static func applying(_ settings: [Setting], to bytes: [UInt8]) -> [UInt8] {
        settings.reduce(bytes) { edited, setting in
            ProjectConfigEdit.setting(setting.key, to: setting.value, in: "colors", replacing: setting.replacing, in: edited)
        }
    }
}
