extension Array where Element == String {
    /// The items as a sentence lists them: `a`, `a and b`, `a, b and c` (`conjunction`: `and`, `or`).
    package func spokenList(_ conjunction: String) -> String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
