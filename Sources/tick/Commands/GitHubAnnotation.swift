import TickCore

/// Escaping for GitHub Actions workflow commands (`::error file=…::message`).
enum GitHubAnnotation {
    static func data(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    static func property(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    private static func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let replacement = table.first(where: { $0.0 == scalar })?.1 { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
