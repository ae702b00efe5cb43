import Foundation
import Testing
@testable import TickCore

/// The byte-level coding of state records and the path table the listing index uses, against
/// the plain forms they replaced: Strings built by interpolation, and a `Set`.
struct StateRecordTests {
    @Test func numbersAndHashesAreWrittenAsInterpolationWroteThem() throws {
        var random = SeededGenerator(seed: 3)
        let numbers = [0, 1, 9, 10, 99, 100, 1_000_000, Int.max] + (0..<200).map { _ in Int.random(in: 0...Int.max, using: &random) >> Int.random(in: 0...62, using: &random) }
        let hashes: [UInt64] = [0, 1, 0xF, 0x10, UInt64.max] + (0..<200).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random) }
        var writer = RecordWriter(magic: "test\n")
        var expected = Array("test\n".utf8)
        for number in numbers {
            writer.number("n", number)
            expected += Array("n \(number)\n".utf8)
        }
        for hash in hashes {
            writer.hash("h", hash)
            expected += Array("h \(ContentHash.hex(hash))\n".utf8)
        }
        writer.flags("flags", true, false, true)
        expected += Array("flags 101\n".utf8)
        writer.keyword("none")
        expected += Array("none\n".utf8)
        #expect(writer.bytes == expected)
        let record = writer.finished()
        #expect(record == expected + Array("sum \(ContentHash.hex(ContentHash.of(expected)))\n".utf8))
        var reader = try #require(RecordReader(record, magic: "test\n"))
        for number in numbers {
            let read = reader.number("n")
            #expect(read == number)
        }
        for hash in hashes {
            let read = reader.hash("h")
            #expect(read == hash)
        }
        let wrongKey = reader.hash("h")
        #expect(wrongKey == nil, "a key that is not next is not read, and reads nothing")
        let flags = reader.take("flags ")
        #expect(flags)
        let bits = [reader.byte(), reader.byte(), reader.byte()]
        #expect(bits == [0x31, 0x30, 0x31])
        let rest = reader.take("\nnone\n")
        #expect(rest)
        #expect(reader.atEnd)
        let past = reader.byte()
        #expect(past == nil, "the sum line is not part of the body")
    }

    /// An operation's record reads back as written, a person's in the first format (which
    /// every version of tick reads) and an agent's, with its session, in the second; a record
    /// of either format with a field too many or too few is refused.
    @Test func anOperationsRecordNamesTheAgentThatMadeIt() throws {
        let person = JournalOperation(time: 1_795_900_000, command: "tick done 3", undoneStamp: 7)
        let agent = JournalOperation(time: 1_795_900_001, command: "tick done --json -- TODO.md:3@0123abcd", agent: "mcp-1f-abc")
        #expect(person.encodedMeta().starts(with: Array("tick-op 1\n".utf8)))
        #expect(agent.encodedMeta().starts(with: Array("tick-op 2\n".utf8)))
        #expect(JournalOperation(meta: person.encodedMeta()) == person)
        #expect(JournalOperation(meta: agent.encodedMeta()) == agent)
        var extra = RecordWriter(magic: "tick-op 1\n")
        extra.number("time", 1)
        extra.field("command", Array("tick done 3".utf8))
        extra.number("undone", 0)
        extra.field("agent", Array("mcp".utf8))
        #expect(JournalOperation(meta: extra.finished()) == nil)
        var missing = RecordWriter(magic: "tick-op 2\n")
        missing.number("time", 1)
        missing.field("command", Array("tick done 3".utf8))
        missing.number("undone", 0)
        #expect(JournalOperation(meta: missing.finished()) == nil)
    }

    @Test func aDamagedSumIsRefused() {
        var writer = RecordWriter(magic: "test\n")
        writer.number("n", 5)
        var record = writer.finished()
        record[record.count - 3] = UInt8(ascii: "g")
        #expect(RecordReader(record, magic: "test\n") == nil)
    }

    @Test func thePathTableHoldsWhatASetHolds() {
        var random = SeededGenerator(seed: 8)
        for round in 0..<100 {
            let count = Int.random(in: 0...60, using: &random)
            // Short paths from a small alphabet: many repeats and many equal lengths.
            let pool: [[UInt8]] = (0..<count).map { _ in (0..<Int.random(in: 0...4, using: &random)).map { _ in UInt8.random(in: 0x61...0x63, using: &random) } }
            var table = PathTable(capacity: round % 3 == 0 ? 1 : count)  // too small: it grows
            var expected: [[UInt8]] = []
            for path in pool {
                let isNew = !expected.contains(path)
                let inserted = table.insert(path)
                #expect(inserted == isNew)
                if isNew { expected.append(path) }
            }
            #expect(table.members == expected)
            for path in pool + [[0x7A], Array("abcabc".utf8)] {
                #expect(table.position(of: path) == expected.firstIndex(of: path), "round \(round)")
            }
        }
    }
}
