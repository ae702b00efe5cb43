import TickCore
#if canImport(Glibc)
import Glibc
#endif

/// `tick lsp` on a document of about 1 MB: from a whole-text `didChange` sent to its
/// `publishDiagnostics` read back, against `tick lint` of the same bytes as a user runs it. A
/// server that is no slower than the CLI on the same bytes measures 1x or less.
enum LanguageServerRows {
    static func rows(directory: String, bytes: Int, runs: Int) -> [Benchmark.Row] {
        var tasks = 1_000
        while Workload.todoFile(tasks: tasks).count < bytes { tasks *= 2 }
        let text = Workload.todoFile(tasks: tasks)
        let path = directory + "/served.md"
        Measure.writeFile(path, text)
        let tick = Spawn.tickPath
        let lint = Measure.median(runs: runs) { Spawn.run([tick, "lint", path]) }
        guard let server = Server(tick: tick) else {
            print("tick-bench: tick lsp could not be started: no language server row")
            return []
        }
        defer { server.stop() }
        let uri = "file://" + path
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#)
        server.wait(for: #""id":1"#)
        server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        // Two versions of the text, one task's words apart, sent in turn: each change is one.
        var other = text
        let word = Array("review".utf8)
        if let at = (0...(text.count - word.count)).first(where: { text[$0..<($0 + word.count)].elementsEqual(word) }) {
            other.insert(UInt8(ascii: "s"), at: at + word.count)
        }
        let texts = [text, other]
        func change(_ version: Int) -> [UInt8] {
            Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":""#.utf8)
                + escaped(texts[version % 2]) + Array(#""}]}}"#.utf8)
        }
        server.send(Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":""#.utf8)
                    + escaped(texts[1]) + Array(#""}}}"#.utf8))
        server.wait(for: #""version":1"#)
        let messages = (2..<(runs + 2)).map(change)
        var samples: [Double] = []
        for (offset, message) in messages.enumerated() {
            let start = Measure.now()
            server.send(message)
            server.wait(for: #""version":\#(offset + 2)"#)
            samples.append(Measure.now() - start)
        }
        let served = Measure.medianOf(samples)
        return [Benchmark.Row(name: "tick lsp: a change to diagnostics, \(Benchmark.megabytes(Double(text.count)))",
                              baselineName: "tick lint of the same bytes", value: served, baselineValue: lint,
                              target: "<= 1x", met: served <= lint)]
    }

    /// `bytes` as the inside of a JSON string.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            default: out.append(byte)
            }
        }
        return out
    }

    /// A running `tick lsp`, spoken to through two pipes.
    final class Server {
        let pid: pid_t
        let input: Int32, output: Int32
        var pending: [UInt8] = []

        init?(tick: String) {
            var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
            guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { return nil }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
            for fd in toServer + fromServer { posix_spawn_file_actions_addclose(&actions, fd) }
            let argv = [strdup(tick), strdup("lsp"), nil]
            let envp = [strdup("TICK_TODAY=2026-11-22"), nil]
            defer { (argv + envp).forEach { free($0) } }
            var child = pid_t()
            guard posix_spawn(&child, tick, &actions, nil, argv, envp) == 0 else { return nil }
            pid = child
            close(toServer[0])
            close(fromServer[1])
            input = toServer[1]
            output = fromServer[0]
        }

        func send(_ body: String) { send(Array(body.utf8)) }

        func send(_ body: [UInt8]) {
            let message = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            var sent = 0
            message.withUnsafeBufferPointer { buffer in
                while sent < buffer.count {
                    let count = write(input, buffer.baseAddress! + sent, buffer.count - sent)
                    if count <= 0 { if errno == EINTR { continue }; return }
                    sent += count
                }
            }
        }

        /// Reads messages until one whose body holds `needle`.
        func wait(for needle: String) {
            let wanted = Array(needle.utf8)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                while let (bodyStart, length) = header(), pending.count >= bodyStart + length {
                    let body = pending[bodyStart..<(bodyStart + length)]
                    let found = Self.holds(body, wanted)
                    pending.removeFirst(bodyStart + length)
                    if found { return }
                }
                let count = chunk.withUnsafeMutableBufferPointer { read(output, $0.baseAddress, $0.count) }
                if count <= 0 { if count < 0, errno == EINTR { continue }; return }
                pending += chunk[0..<count]
            }
        }

        /// The message at the start of `pending`: where its body starts, and its length.
        private func header() -> (bodyStart: Int, length: Int)? {
            var end = 0
            while end + 4 <= min(pending.count, 256) {
                if pending[end] == 0x0D, pending[end + 1] == 0x0A, pending[end + 2] == 0x0D, pending[end + 3] == 0x0A {
                    let digits = pending[..<end].filter { $0 >= 0x30 && $0 <= 0x39 }
                    guard let length = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
                    return (end + 4, length)
                }
                end += 1
            }
            return nil
        }

        private static func holds(_ body: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
            guard body.count >= needle.count else { return false }
            var index = body.startIndex
            while index + needle.count <= body.endIndex {
                if body[index] == needle[0], body[index..<(index + needle.count)].elementsEqual(needle) { return true }
                index += 1
            }
            return false
        }

        func stop() {
            close(input)
            close(output)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}
