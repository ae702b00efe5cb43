extension TickError {
    /// A message as it is printed: one line whatever the values in it (a task reference or
    /// date from the command line, text from a file), so line breaks, terminal escapes and
    /// bytes that are not UTF-8 are shown as `\n`, `\xNN`; and at most about 400 characters,
    /// so a huge value is not echoed whole.
    static func oneLine(_ message: String) -> String {
        var result = ""
        let scalars = Array(message.unicodeScalars)
        let limit = 400
        for (index, scalar) in scalars.enumerated() {
            if scalars.count > limit, index == limit - 100 {
                result += " … "
            }
            if scalars.count > limit, index >= limit - 100, index < scalars.count - 100 { continue }
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case let value where value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value):
                result += "\\x" + String(value, radix: 16).leftPadded(to: 2)
            case let value where PathBytes.escapes.contains(value):
                result += "\\x" + String(value - 0xF700, radix: 16)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
