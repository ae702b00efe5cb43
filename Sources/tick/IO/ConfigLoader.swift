import TickCore

/// Finds and reads `.tick.toml`: in the working directory or the nearest parent, stopping at the
/// root of a repository, like the search for TODO.md.
enum ConfigLoader {
    static let name = ".tick.toml"

    static func load(environment: Environment) throws(TickError) -> ProjectConfig {
        guard let path = TodoFileLocator.nearest(name, from: environment.workingDirectory) else { return ProjectConfig() }
        let text = String(decoding: try FileReader.read(path), as: UTF8.self)
        do {
            return try ProjectConfig(parsing: text)
        } catch {
            throw TickError.refused("\(path):\(error.line): \(error.message)")
        }
    }
}
