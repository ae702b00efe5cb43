#if canImport(Glibc)
import Glibc
#endif

/// The programs tick is measured against in the same run, besides `cat` and `cp`:
///
/// - md4c, a complete CommonMark + GFM parser in C that finds the same task items
///   (`MD_BLOCK_LI_DETAIL.is_task`): a small C program with empty callbacks counts them. It is
///   compiled here with `cc` when `md4c.h` is installed (Debian `libmd4c-dev`).
/// - ripgrep counting checkbox lines over a folder (`rg -c`), for views over many files.
enum Anchors {
    /// The peer program: parses the file named by its argument with GitHub's dialect and prints
    /// how many task items it holds.
    static let md4cCounter = """
    #include <md4c.h>
    #include <stdio.h>
    #include <stdlib.h>

    static unsigned long tasks;

    static int enter_block(MD_BLOCKTYPE type, void *detail, void *user) {
        if (type == MD_BLOCK_LI && ((MD_BLOCK_LI_DETAIL *)detail)->is_task) tasks++;
        return 0;
    }
    static int leave_block(MD_BLOCKTYPE type, void *detail, void *user) { return 0; }
    static int enter_span(MD_SPANTYPE type, void *detail, void *user) { return 0; }
    static int leave_span(MD_SPANTYPE type, void *detail, void *user) { return 0; }
    static int text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size, void *user) { return 0; }

    int main(int argc, char **argv) {
        FILE *file = argc > 1 ? fopen(argv[1], "rb") : NULL;
        if (!file) return 2;
        size_t capacity = 1 << 20, size = 0, got;
        char *bytes = malloc(capacity);
        while ((got = fread(bytes + size, 1, capacity - size, file)) > 0) {
            size += got;
            if (size == capacity) bytes = realloc(bytes, capacity *= 2);
        }
        fclose(file);
        MD_PARSER parser = {0, MD_DIALECT_GITHUB, enter_block, leave_block, enter_span, leave_span, text, NULL, NULL};
        if (md_parse(bytes, (MD_SIZE)size, &parser, NULL) != 0) return 1;
        printf("%lu\\n", tasks);
        free(bytes);
        return 0;
    }

    """

    /// The md4c counter, compiled into `directory`; nil (with the reason printed) when md4c or a
    /// C compiler is missing.
    static func md4c(directory: String) -> String? {
        guard access("/usr/include/md4c.h", R_OK) == 0 else {
            print("tick-bench: md4c.h is not installed (Debian libmd4c-dev): the parse rows are measured against cat")
            return nil
        }
        let source = directory + "/md4c-count.c", binary = directory + "/md4c-count"
        Measure.writeFile(source, Array(md4cCounter.utf8))
        guard Spawn.run(["cc", "-O2", "-o", binary, source, "-lmd4c"]) == 0 else {
            print("tick-bench: could not compile the md4c counter with cc: the parse rows are measured against cat")
            return nil
        }
        return binary
    }

    /// How many tasks the md4c counter finds in `path`.
    static func md4cTaskCount(_ counter: String, path: String, scratch: String) -> Int? {
        let out = scratch + "/md4c-count.out"
        guard Spawn.run(["sh", "-c", "'\(counter)' '\(path)' > '\(out)'"]) == 0 else { return nil }
        return Int(String(decoding: Measure.readFile(out), as: UTF8.self).filter { $0.isNumber })
    }

    /// The checkbox lines ripgrep counts: a list marker, then a one-character box.
    static let checkboxPattern = #"^\s*(>\s*)*([-*+]|[0-9]{1,9}[.)])\s+\[.\]"#

    /// A folder of `count` Markdown files, 100 to a subfolder, made from a corpus of real files
    /// (`TICK_BENCH_CORPUS` or `TICK_CORPUS`, else the repository's `Fixtures/quirks`) in a fixed order, or from generated files
    /// when the corpus is not there. Returns its size in bytes.
    static func makeFolder(_ folder: String, files count: Int) -> Int {
        mkdir(folder, 0o755)
        let corpus = corpusFiles()
        if corpus.isEmpty { print("tick-bench: no task files found (TICK_BENCH_CORPUS): the folder holds generated files") }
        var total = 0
        for index in 0..<count {
            let subfolder = folder + "/\(index / 100)"
            if index % 100 == 0 { mkdir(subfolder, 0o755) }
            let bytes: [UInt8]
            let name: String
            if corpus.isEmpty {
                bytes = Workload.todoFile(tasks: 200, seed: UInt64(index % 50 + 1))
                name = "todo-\(index).md"
            } else {
                let source = corpus[index % corpus.count]
                bytes = source.bytes
                name = "\(index)-" + source.name
            }
            Measure.writeFile(subfolder + "/" + name, bytes)
            total += bytes.count
        }
        return total
    }

    private static func corpusFiles() -> [(name: String, bytes: [UInt8])] {
        // A folder of real files when one is named (TICK_BENCH_CORPUS, else TICK_CORPUS); else
        // the repository's fixtures with the quirks real files have.
        let folder = (getenv("TICK_BENCH_CORPUS") ?? getenv("TICK_CORPUS")).map { String(cString: $0) } ?? "Fixtures/quirks"
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".md") { names.append(name) }
        }
        return names.sorted().map { ($0, Measure.readFile(folder + "/" + $0)) }
    }
}
