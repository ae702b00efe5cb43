import Foundation
import Testing

/// The completions, driven as each shell calls them (bash through COMP_WORDS, fish through
/// `complete -C`, zsh typed into a terminal under tmux): `tick group <TAB>` offers the group
/// actions, and the names after them (and after --under) are the file's groups.
@Suite struct CompletionTests {
    func complete(_ words: [String], in given: TemporaryDirectory? = nil) throws -> [String] {
        let folder = try given ?? TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        if given == nil {
            try folder.write("TODO.md", try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8))
        }
        let script = try TickProcess.run(["completions", "bash"]).stdout
        try folder.write("completion.bash", script)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = "source ./completion.bash; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tick; printf '%s\\0' \"${COMPREPLY[@]}\""
        let bin = TickProcess.binary.deletingLastPathComponent().path
        let result = try TickProcess.run(["bash", "-c", program], in: folder.url, environment: ["PATH": bin + ":/usr/bin:/bin"],
                                         executable: URL(fileURLWithPath: "/usr/bin/env"))
        // Each candidate ends with a NUL: one that holds a newline is one candidate, as bash
        // would insert it.
        return result.stdout.split(separator: "\0").map(String.init)
    }

    @Test func groupCompletesActionsThenGroups() throws {
        #expect(try complete(["tick", "group", ""]) == ["add", "rename", "rm", "move", "color"])
        #expect(try complete(["tick", "group", "rm", ""]) == ["Home", "Home/Groceries", "Work"])
        #expect(try complete(["tick", "group", "add", "--under", "H"]) == ["Home", "Home/Groceries"])
        // After `color NAME`, the colours; after `rename NAME`, groups still.
        #expect(try complete(["tick", "group", "color", "Work", "bright-b"]) == ["bright-blue"])
        #expect(try complete(["tick", "group", "color", "Work", "n"]) == ["none"])
        #expect(try complete(["tick", "group", "rename", "Work", "H"]) == ["Home", "Home/Groceries"])
        #expect(try complete(["tick", "list", "-g", "W"]) == ["Work"])
        // A task reference is typed: of files, only Markdown ones (for FILE:LINE); after the
        // reference `due` takes, a date.
        #expect(try complete(["tick", "done", ""]) == ["TODO.md"])
        #expect(try complete(["tick", "due", "12", "t"]) == ["today", "tomorrow", "tue", "thu"])
        // A new task's due date: the same words.
        #expect(try complete(["tick", "add", "--due", "t"]) == ["today", "tomorrow", "tue", "thu"])
        // `--group=W`, which bash splits at the `=` (left in place: what follows it is offered).
        #expect(try complete(["tick", "list", "--group", "=", "W"]) == ["Work"])
        #expect(try complete(["tick", "list", "--group", "="]) == ["Home", "Home/Groceries", "Work"])
    }

    /// A group is offered by the path views show (without the file's title), and by its own
    /// title when that names it: the group nearest the top that has it, as `-g` reads it
    /// (`Work`, not its archive `Done/Work`).
    @Test func aTitleCompletesToTheGroupItNames() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# TODO\n\n## Work\n\n### Errands\n\n- [ ] e\n\n## Done\n\n### Work\n\n- [x] w\n\n#### Errands\n\n- [x] x\n")
        #expect(try complete(["tick", "list", "-g", "Wo"], in: folder) == ["Work", "Work/Errands"])
        #expect(try complete(["tick", "list", "-g", "erra"], in: folder) == ["Errands"])
        #expect(try complete(["tick", "move", "1", "--to", "Done/"], in: folder) == ["Done/Work", "Done/Work/Errands"])
        let bin = TickProcess.binary.deletingLastPathComponent().path
        try folder.write("tick.fish", try TickProcess.run(["completions", "fish"]).stdout)
        let fish = try TickProcess.run(["fish", "--no-config", "-c", "source tick.fish; complete -C 'tick list -g '"], in: folder.url,
                                       environment: ["PATH": bin + ":/usr/bin:/bin"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(fish.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
                == ["Done", "Done/Work", "Done/Work/Errands", "Errands", "Work", "Work/Errands"], "\(fish.stdout)\(fish.stderr)")
    }

    /// A group whose title starts with an emoji is offered for the words after it, as `-g`
    /// reads them (`wai` for `⏳ Waiting`), in bash and zsh (fish matches inside words itself).
    @Test func aTitleAfterAnEmojiIsCompleted() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# ⏳ Waiting\n\n- [ ] a\n\n# Home\n\n## 🗒 Later\n\n- [ ] b\n")
        #expect(try complete(["tick", "list", "-g", "wai"], in: folder) == ["⏳ Waiting"])
        #expect(try complete(["tick", "list", "-g", "ho"], in: folder) == ["Home", "Home/🗒 Later"])
        #expect(try complete(["tick", "list", "-g", "waitl"], in: folder) == [])
        try folder.write("TODO.md", "# Work\n\n## 🕐 Waitlist\n\n- [ ] a\n\n# ⏳ Waiting\n\n- [ ] b\n")
        #expect(try complete(["tick", "list", "-g", "waitl"], in: folder) == ["Waitlist"])
        let bash = try type("tick list -g wai", in: "bash", until: "Waiting", files: ["TODO.md": "# ⏳ Waiting\n\n- [ ] a\n"])
        #expect(bash.contains("% tick list -g ⏳\\ Waiting"), "\(bash)")
        // zsh offers the words, which name the group, and keeps what is typed when two
        // groups have them.
        let zsh = try type("tick list -g wai", in: "zsh", until: "Waiting", files: ["TODO.md": "# ⏳ Waiting\n\n- [ ] a\n"])
        #expect(zsh.contains("% tick list -g Waiting"), "\(zsh)")
        let two = try type("tick list -g wai", tabs: 2, in: "zsh", until: "Waitlist",
                           files: ["TODO.md": "# ⏳ Waiting\n\n- [ ] a\n\n# 🕐 Waitlist\n\n- [ ] b\n\n# Home\n\n- [ ] c\n"])
        #expect(two.contains("% tick list -g Wait") && two.contains("Waitlist") && !two.contains("Home"), "\(two)")
    }

    /// Group names are offered as they are: a heading of a cloned file that holds `$(...)` or
    /// backticks is not run by bash when the user presses Tab.
    @Test func bashNeverRunsAHeading() throws {
        let folder = try TemporaryDirectory()
        try folder.write("TODO.md", "# Work\n\n- [ ] a\n\n# $(touch PWNED)\n\n# `touch PWNED2` b\n\n# Two words\n")
        for words in [["tick", "list", "-g", ""], ["tick", "group", "rm", ""], ["tick", "move", "1", "--to", ""]] {
            let offered = try complete(words, in: folder)
            #expect(offered == ["Work", "$(touch PWNED)", "`touch PWNED2` b", "Two words"], "\(words): \(offered)")
        }
        #expect(try complete(["tick", "list", "-g", "$("], in: folder) == ["$(touch PWNED)"])
        for name in ["PWNED", "PWNED2"] {
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path), "\(name) was created")
        }
    }

    /// A folder with the example TODO.md at the root of a repository, and the tick binary's folder.
    func project() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: false)
        try folder.write("TODO.md", try String(contentsOf: TickProcess.fixtures.appendingPathComponent("example/TODO.md"), encoding: .utf8))
        return (folder, TickProcess.binary.deletingLastPathComponent().path)
    }

    /// `complete -C LINE` in fish with the generated script loaded: each completion's word.
    func fish(_ line: String) throws -> [String] {
        let (folder, bin) = try project()
        try folder.write("tick.fish", try TickProcess.run(["completions", "fish"]).stdout)
        let result = try TickProcess.run(["fish", "--no-config", "-c", "source tick.fish; complete -C '\(line)'"], in: folder.url,
                                         environment: ["PATH": bin + ":/usr/bin:/bin"], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func fishCompletesActionsThenGroups() throws {
        #expect(try fish("tick group ") == ["add", "color", "move", "rename", "rm"])
        // `rm` and `move` are commands too: after `group` they are its actions, not files' commands.
        #expect(try fish("tick group rm ") == ["Groceries", "Home", "Home/Groceries", "Work"])
        #expect(try fish("tick group move Work --before ") == ["Groceries", "Home", "Home/Groceries", "Work"])
        #expect(try fish("tick group color Work bright-b") == ["bright-blue"])
        #expect(try fish("tick group rename Work H") == ["Home", "Home/Groceries"])
        #expect(try fish("tick list -g W") == ["Work"])
        #expect(try fish("tick list --sort d") == ["due"])
        #expect(try fish("tick done ") == ["TODO.md"])
        #expect(try fish("tick due 12 to").contains("tomorrow"))
        #expect(try fish("tick li") == ["lint", "list"])
    }

    /// Types `line` and a Tab (`tabs` of them) into an interactive zsh (the generated `_tick`
    /// on its fpath) or bash (the generated script sourced) under tmux, and returns the screen
    /// once it shows `expected`, or as it is after 10 seconds.
    func type(_ line: String, tabs: Int = 1, in shell: String = "zsh", until expected: String, files: [String: String] = [:]) throws -> String {
        let (folder, bin) = try project()
        for (name, text) in files { try folder.write(name, text) }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("functions"), withIntermediateDirectories: false)
        try folder.write("functions/_tick", try TickProcess.run(["completions", "zsh"]).stdout)
        try folder.write(".zshrc", "fpath=($PWD/functions $fpath)\nautoload -Uz compinit && compinit -u -D\nPROMPT='%% '\nunsetopt BEEP\n")
        try folder.write("completion.bash", try TickProcess.run(["completions", "bash"]).stdout)
        try folder.write(".bashrc", "source ./completion.bash\nPS1='% '\nbind 'set bell-style none'\n")
        let command = shell == "zsh" ? "env ZDOTDIR=. PATH=\(bin):/usr/bin:/bin zsh -i" : "env PATH=\(bin):/usr/bin:/bin bash --noprofile --rcfile .bashrc -i"
        let socket = "tick-test-\(UUID().uuidString)"
        func tmux(_ arguments: [String]) throws -> String {
            try TickProcess.run(["-L", socket, "-f", "/dev/null"] + arguments, in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/tmux")).stdout
        }
        // The server outlives the command that starts it, so it must hold none of the parent's
        // descriptors: Foundation's Process waits for every holder of the socket it gives each
        // child to close it, and a pipe held open keeps its reader waiting.
        let start = """
            for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
            exec tmux -L \(socket) -f /dev/null new-session -d -s t -x 150 -y 20 '\(command)' </dev/null >/dev/null 2>&1
            """
        _ = try TickProcess.run(["-c", start], in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        // `kill-server` alone left every server running (four a run): the server inherits the
        // test process's blocked signals and never hears its shell end. It is asked, then
        // killed (SIGKILL cannot be blocked), and its shell then loses its terminal.
        let server = Int32((try? tmux(["display-message", "-p", "#{pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        defer {
            _ = try? tmux(["kill-server"])
            if let server, server > 1 { kill(server, SIGKILL) }
        }
        func screen(showing text: String) throws -> String {
            var shown = ""
            for _ in 0..<200 {
                shown = try tmux(["capture-pane", "-p", "-t", "t"])
                if shown.contains(text) { break }
                usleep(50_000)
            }
            return shown
        }
        _ = try screen(showing: "%")
        _ = try tmux(["send-keys", "-t", "t", "-l", line])
        for _ in 0..<tabs {
            usleep(100_000)
            _ = try tmux(["send-keys", "-t", "t", "Tab"])
        }
        return try screen(showing: expected)
    }

    /// In a real bash, Tab inserts one candidate and a second Tab lists them, one word each:
    /// commands, option values, options, group names (with spaces and slashes) and files.
    @Test func bashCompletesInATerminal() throws {
        // A line as typed, the candidate inserted (tmux drops the space bash adds after it).
        func completes(_ line: String, to expected: String) throws {
            let screen = try type(line, in: "bash", until: expected, files: ["spaced.md": "# Big Work\n\n## Back end\n\n- [ ] a\n\n# Home\n\n## Groceries\n\n- [ ] b\n",
                                                                           "titled.md": "# TODO\n\n## Big Project\n\n### Back end\n\n- [ ] a\n\n## Home\n\n- [ ] b\n"])
            #expect(screen.split(separator: "\n").contains { $0 == "% " + expected }, "\(line): \(screen)")
        }
        try completes("tick list --sort d", to: "tick list --sort due")
        let sorts = try type("tick list --sort ", tabs: 2, in: "bash", until: "urgency")
        #expect(sorts.contains("due") && sorts.contains("priority") && !sorts.contains("'"), "\(sorts)")
        let actions = try type("tick group ", tabs: 2, in: "bash", until: "rename")
        #expect(actions.split(separator: "\n").contains { $0.contains("add") && $0.contains("color") && $0.contains("rename") }, "\(actions)")
        #expect(try type("tick li", tabs: 2, in: "bash", until: "lint").contains("lint"))
        try completes("tick list --so", to: "tick list --sort")
        try completes("tick list -g Home/G", to: "tick list -g Home/Groceries")
        // A group by its own title, in any case; a path with spaces, escaped or quoted, goes on
        // past its slash.
        try completes("tick list -g groc", to: "tick list -g Groceries")
        try completes("tick list -f spaced.md -g Big\\ Work/B", to: "tick list -f spaced.md -g Big\\ Work/Back\\ end")
        try completes("tick list -f spaced.md -g 'Big Work/B", to: "tick list -f spaced.md -g 'Big Work/Back end'")
        // A path from below the file's title, as -g takes it.
        try completes("tick list -f titled.md -g Big\\ Project/", to: "tick list -f titled.md -g Big\\ Project/Back\\ end")
        let formats = try type("tick changes --format ", tabs: 2, in: "bash", until: "markdown")
        #expect(formats.contains("markdown") && !formats.contains("github"), "\(formats)")
        try completes("tick list -f TO", to: "tick list -f TODO.md")
        // After `--opt=` (a word bash splits off), the values, and only what follows the `=`.
        let colors = try type("tick list --color=", tabs: 2, in: "bash", until: "never")
        #expect(colors.contains("always") && !colors.contains("=\\=") && !colors.contains("=="), "\(colors)")
        try completes("tick list --color=al", to: "tick list --color=always")
        try completes("tick list -f spaced.md --group=Big\\ Work/B", to: "tick list -f spaced.md --group=Big\\ Work/Back\\ end")
    }

    @Test func zshCompletesActionsThenGroups() throws {
        let actions = try type("tick group ", until: "rename")
        #expect(actions.contains("add     color   move    rename  rm"), "\(actions)")
        let names = try type("tick group rm ", until: "Groceries")
        #expect(names.contains("Home") && names.contains("Home/Groceries") && names.contains("Work") && !names.contains("TODO.md"), "\(names)")
        #expect(try type("tick list -g W", until: "-g Work").contains("% tick list -g Work"))
        #expect(try type("tick list -g groc", until: "-g Groceries").contains("% tick list -g Groceries"))
        #expect(try type("tick done TO", until: "TODO.md").contains("% tick done TODO.md"))
        #expect(try type("tick due 12 tomo", until: "tomorrow").contains("% tick due 12 tomorrow"))
        #expect(try type("tick group color Work bright-b", until: "bright-blue").contains("% tick group color Work bright-blue"))
        #expect(try type("tick completions ", until: "fish").contains("bash  fish  zsh"))
    }
}
