#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// tick-stamp GIT_DIR OUTPUT: writes OUTPUT, a Swift file declaring `BuildInfo.commit`, the
// abbreviated commit that GIT_DIR's HEAD names, or nil when there is none to read. Reads
// only the repository's files: HEAD, the loose ref it points at, or packed-refs.

func complain(_ message: String) {
    _ = message.withCString { write(2, $0, strlen($0)) }
}

func contents(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
}

func isCommit(_ text: Substring) -> Bool {
    text.count >= 40 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
}

func commit(in gitDirectory: String) -> String? {
    guard let head = contents(gitDirectory + "/HEAD")?.split(separator: "\n").first else { return nil }
    guard head.hasPrefix("ref: ") else { return isCommit(head) ? String(head) : nil }
    let ref = head.dropFirst(5)
    if let loose = contents(gitDirectory + "/" + ref)?.split(separator: "\n").first, isCommit(loose) {
        return String(loose)
    }
    // A packed ref is a line "<commit> <ref>".
    for line in (contents(gitDirectory + "/packed-refs") ?? "").split(separator: "\n") {
        let parts = line.split(separator: " ", maxSplits: 1)
        if parts.count == 2, parts[1] == ref, isCommit(parts[0]) { return String(parts[0]) }
    }
    return nil
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    complain("usage: tick-stamp GIT_DIR OUTPUT\n")
    exit(2)
}
let value = commit(in: arguments[1]).map { "\"\($0.prefix(12))\"" } ?? "nil"
let source = """
    // Written by tick-stamp at build time.
    enum BuildInfo {
        /// The commit tick was built from, when it was built from a git checkout.
        static let commit: String? = \(value)
    }

    """
guard let output = fopen(arguments[2], "w"), fputs(source, output) >= 0, fclose(output) == 0 else {
    complain("tick-stamp: cannot write \(arguments[2])\n")
    exit(1)
}
