import TickCore
extension TickError {
    /// A message as it is printed: one line whatever the values in it (a task reference or
    /// date from the command line, text from a file), with line breaks, terminal escapes and
    /// bytes that are not UTF-8 shown as `\n`, `\xNN` (`PathBytes.escaped`; paths in it
    /// are already shown so); and at most about 400 characters, the middle of a longer one
    /// left out, so a huge value is not echoed whole.
    static func oneLine(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > 400 else { return PathBytes.escaped(message, backslash: false) }
        var text = String.UnicodeScalarView(scalars.prefix(300))
        text.append(contentsOf: " … ".unicodeScalars)
        text.append(contentsOf: scalars.suffix(100))
        return PathBytes.escaped(String(text), backslash: false)
    }
}
