import TickCore

/// GNU-style argument scanning: `--name=value`, `--name value`, `-f value`, `-fvalue`, combined
/// short flags (`-ai`), `--` to end options, and options before or after operands.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
}

enum ArgumentScanner {
    static func scan(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        func record(_ spec: OptionSpec, _ value: String?) {
            if let value { result.values[spec.long, default: []].append(value) } else { result.flags.insert(spec.long) }
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
                        inline = arguments[index]
                        index += 1
                    }
                    record(spec, inline)
                } else {
                    guard inline == nil else { throw UsageError.unexpectedValue("--\(spec.long)") }
                    record(spec, nil)
                }
            } else if argument.hasPrefix("-"), argument.count > 1 {
                var characters = Substring(argument.dropFirst())
                while let character = characters.first {
                    characters = characters.dropFirst()
                    guard let spec = options.first(where: { $0.short == character }) else {
                        throw UsageError.unknownOption("-\(character)", suggestion: nil)
                    }
                    if spec.value != nil {
                        if !characters.isEmpty {
                            record(spec, String(characters))
                        } else {
                            guard index < arguments.count else { throw UsageError.missingValue("-\(character)") }
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
}
