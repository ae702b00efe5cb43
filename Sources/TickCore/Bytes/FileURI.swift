/// `file:` URIs, as editors and agents name files: a path's bytes outside the unreserved set
/// percent-encoded, read back byte for byte (`PathBytes`).
package enum FileURI {
    /// The URI of an absolute path.
    package static func uri(ofPath path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in PathBytes.bytes(of: path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The path a `file:` URI names, percent-decoded; nil for any other scheme or host.
    package static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        // `file://host/path`: only the local host.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > 0 {
            guard String(decoding: rest[..<slash], as: UTF8.self) == "localhost" else { return nil }
            rest = Array(rest[slash...])
        }
        var out: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
               let value = UInt8(String(decoding: rest[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                index += 3
            } else {
                out.append(rest[index])
                index += 1
            }
        }
        return PathBytes.string(from: out)
    }
}
