#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock timing with a monotonic clock; each measurement is the median of several runs, so
/// one slow run (another process, a page fault burst) does not decide the figure.
enum Measure {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func median(runs: Int, _ body: () -> Void) -> Double {
        body()  // warm up caches and the page cache
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        return medianOf(samples)
    }

    static func medianOf(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }

    /// Reads a whole file with plain read(2) calls: the floor for anything that reads it.
    static func readFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        defer { close(fd) }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                precondition(n > 0, "write failed")
                offset += n
            }
        }
    }
}
