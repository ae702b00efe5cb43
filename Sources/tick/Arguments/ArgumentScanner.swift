import TickCore

/// GNU-style argument scanning: `--name=value`, `--name value`, `-f value`, `-fvalue`, combined
/// short flags (`-ai`), `--` to end options, and options before or after operands.
///
/// Options are kept in the order given, in an array searched by name: a command has a few dozen
/// options at most, and a `Dictionary` or `Set` of Strings would cost every run a runtime
/// conformance lookup (`String: Hashable`) larger than all the scanning.
struct ParsedArguments: Sendable {
    /// One option as given: a flag (no value) or one of its values.
    private struct Given: Sendable {
        let name: String
        let value: String?
    }

    private var given: [Given] = []
    var operands: [String] = []

    func flag(_ name: String) -> Bool { given.contains { $0.name == name && $0.value == nil } }
    func value(_ name: String) -> String? { given.last { $0.name == name && $0.value != nil }?.value }
    func allValues(_ name: String) -> [String] { given.compactMap { $0.name == name ? $0.value : nil } }

    mutating func record(_ name: String, value: String?) { given.append(Given(name: name, value: value)) }
}

enum ArgumentScanner {
    static func scan(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        func record(_ spec: OptionSpec, _ value: String?) {
            result.record(spec.long, value: value)
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.operands.append(contentsOf: arguments[index...])
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                var inline: String?
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inline = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                guard let spec = options.first(where: { $0.long == name }) else {
                    throw UsageError.unknownOption("--\(name)", suggestion: Suggestion.nearest(
                        to: String(name), among: options.map(\.long)).map { "--\($0)" })
                }
                if spec.value != nil {
                    if inline == nil {
                        guard index < arguments.count else { throw UsageError.missingValue("--\(spec.long)") }
                        try refuseOption(arguments[index], asValueOf: "--\(spec.long)", spec, options: options)
                        inline = arguments[index]
                        index += 1
                    }
                    record(spec, inline)
                } else {
                    guard inline == nil else { throw UsageError.unexpectedValue("--\(spec.long)") }
                    record(spec, nil)
                }
            } else if argument.hasPrefix("-"), argument.count > 1, argument.dropFirst().first!.isLetter {
                // Short options are letters: `- [ ] a` (a note's text) and `-7d` are operands.
                var characters = Substring(argument.dropFirst())
                while let character = characters.first {
                    characters = characters.dropFirst()
                    guard let spec = options.first(where: { $0.short == character }) else {
                        throw UsageError.unknownOption("-\(character)", suggestion: nil)
                    }
                    if spec.value != nil {
                        if !characters.isEmpty {
                            // `-g=Work` is a slip for `--group=Work`, not a group named `=Work`.
                            if characters.first == "=" {
                                let value = String(characters.dropFirst())
                                throw UsageError.invalidValue(option: "-\(character)", value: String(characters),
                                                              expected: "-\(character) \(value) or --\(spec.long)=\(value) (a short option takes no '=')")
                            }
                            record(spec, String(characters))
                        } else {
                            guard index < arguments.count else { throw UsageError.missingValue("-\(character)") }
                            try refuseOption(arguments[index], asValueOf: "-\(character)", spec, options: options)
                            record(spec, arguments[index])
                            index += 1
                        }
                        break
                    }
                    record(spec, nil)
                }
            } else {
                result.operands.append(argument)
            }
        }
        return result
    }

    /// `archive --to --yes`: a value that is one of the command's options is a value left
    /// out, not a file named `--yes` (`--to=--yes` still names one).
    private static func refuseOption(_ value: String, asValueOf option: String, _ spec: OptionSpec, options: [OptionSpec]) throws(UsageError) {
        let isOption: Bool
        if value.hasPrefix("--") {
            let name = value.dropFirst(2).prefix { $0 != "=" }
            isOption = options.contains { $0.long == name }
        } else if value.utf8.count == 2, value.hasPrefix("-"), let letter = value.last {
            isOption = options.contains { $0.short == letter }
        } else {
            isOption = false
        }
        if isOption { throw UsageError.optionAsValue(option: option, value: value, long: spec.long) }
    }
}
