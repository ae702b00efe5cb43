import Foundation
import Testing

/// GitHub's reference renderer, `cmark-gfm` (Debian package `cmark-gfm`), the suite's oracle.
enum GFM {
    static let cmark: String? = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The HTML GitHub would show, with the extensions github.com enables.
    static func html(_ input: [UInt8]) throws -> String {
        let cmark = try #require(cmark, "cmark-gfm is not installed: apt-get install cmark-gfm")
        return try run(cmark, ["-e", "tasklist", "-e", "table", "-e", "strikethrough", "-e", "autolink"], input: input)
    }

    static func run(_ executable: String, _ arguments: [String], input: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Write on another thread so a large output cannot deadlock against a full pipe.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
