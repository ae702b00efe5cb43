#if canImport(Glibc)
import Glibc
#endif
import TickCore

extension PathBytes {
    static func string(cString: UnsafePointer<CChar>) -> String {
        string(from: UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }
}

extension String {
    /// Calls `body` with the path's bytes as a C string (see `PathBytes`).
    func withPathCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard PathBytes.hasRawBytes(self) else { return try withCString(body) }
        let bytes = PathBytes.bytes(of: self).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}
