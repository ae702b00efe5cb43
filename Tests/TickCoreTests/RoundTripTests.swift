import Foundation
import Testing
@testable import TickCore

/// The round-trip law: for any bytes, `serialize(parse(bytes)) == bytes`.
@Suite struct RoundTripTests {
    @Test(arguments: Paths.allInputs)
    func fileRoundTrips(_ url: URL) throws {
        let input = try bytes(of: url)
        let document = Document(bytes: input)
        #expect(document.serialized() == input, "\(url.lastPathComponent) did not round-trip")
        try checkInvariants(document)
    }

    @Test func edgeCases() throws {
        let cases: [[UInt8]] = [
            [], [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0D, 0x0D, 0x0A, 0x0A],
            [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xEF, 0xBB, 0xBF, 0x0A],
            Array("- [ ] x".utf8), Array("- [ ] x\r".utf8), [0x00], [0xFF, 0xFE, 0x0A, 0x80],
            Array("\t- [ ]\t\u{0B}x\u{0C}".utf8), Array(">".utf8), Array("```".utf8), Array("<!--".utf8),
        ]
        for input in cases {
            let document = Document(bytes: input)
            #expect(document.serialized() == input, "\(input) did not round-trip")
            try checkInvariants(document)
        }
    }

    @Test func tenMegabyteSingleLine() throws {
        var input = Array("- [ ] ".utf8)
        input.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 10 * 1024 * 1024))
        let document = Document(bytes: input)
        #expect(document.lines.count == 1)
        #expect(document.tasks.count == 1)
        #expect(document.serialized() == input)
    }

    /// Random byte strings drawn from an alphabet rich in the bytes Markdown cares about.
    @Test func randomBytesRoundTrip() throws {
        let alphabet: [UInt8] = Array("\n\n\r \t-*+[]xX/>`~#<!|=:0123.)abc ".utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0xEF, 0xBB, 0xBF, 0xE2, 0x80]
        var generator = SeededGenerator(seed: 0x7469_636B)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...200, using: &generator)
            let input = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let document = Document(bytes: input)
            #expect(document.serialized() == input)
            try checkInvariants(document)
        }
    }

    /// Task files (the quirk fixtures, and the real files of `TICK_CORPUS`) with random
    /// insertions, deletions and replacements.
    @Test func mutatedFilesRoundTrip() throws {
        let inputs = try (Paths.quirkFixtures + Paths.corpusFiles).map(bytes(of:))
        try #require(inputs.count >= 25, "the quirk fixtures are missing from \(Paths.fixtures.path)/quirks")
        var generator = SeededGenerator(seed: 42)
        let interesting: [UInt8] = Array("\n\r\t >-[]x`~<".utf8) + [0x00, 0xFF]
        for round in 0..<300 {
            var input = inputs[round % inputs.count]
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let position = Int.random(in: 0...input.count, using: &generator)
                let byte = interesting.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: input.insert(byte, at: position)
                case 1 where position < input.count: input.remove(at: position)
                default: if position < input.count { input[position] = byte }
                }
            }
            let document = Document(bytes: input)
            #expect(document.serialized() == input)
            try checkInvariants(document)
        }
    }

    /// Structural facts every parse must satisfy, whatever the input.
    func checkInvariants(_ document: Document) throws {
        #expect(document.kinds.count == document.lines.count)
        var previousEnd = 0
        for line in document.lines {
            #expect(line.start == previousEnd && line.start <= line.contentEnd && line.contentEnd <= line.end)
            #expect(!document.bytes[line.contentRange].contains(where: { $0 == 0x0A || $0 == 0x0D }),
                    "a line's content never holds a line ending")
            #expect(LineEnding(document.bytes[line.contentEnd..<line.end]) != nil || line.end == document.bytes.count)
            previousEnd = line.end
        }
        #expect(previousEnd == document.bytes.count)
        var previousLine = -1
        for task in document.tasks {
            #expect(task.line > previousLine, "tasks are in file order, one per line")
            previousLine = task.line
            let line = document.lines[task.line]
            #expect(line.start <= task.markerStart && task.markerStart < task.checkboxStart)
            #expect(task.checkboxEnd <= line.contentEnd && task.textStart <= line.contentEnd)
            #expect(task.lastLine >= task.textLastLine && task.textLastLine >= task.line)
            if let parent = task.parent {
                let owner = document.tasks[parent]
                #expect(parent < task.index && owner.line < task.line && owner.lastLine >= task.lastLine)
                #expect(task.depth == owner.depth + 1)
            }
            if let group = task.group { #expect(document.headings[group].line < task.line) }
        }
    }
}
