import Foundation
import PackagePlugin

/// Gives the `tick` target a `BuildInfo.swift` naming the git commit the package was built
/// from, so that `tick --version` can say it. The commit is read from the repository's own
/// files (`.git/HEAD` and the ref it names), never by running git; the command is re-run
/// whenever HEAD moves. Outside a git checkout the commit is left out.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let gitDirectory = context.package.directoryURL.appending(path: ".git")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        // git appends to logs/HEAD whenever HEAD moves (a commit, a checkout, a reset), and
        // neither file is removed by gc, as a loose ref is; a missing input would fail the build.
        let inputs = ["HEAD", "logs/HEAD"].map { gitDirectory.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path()) }
        return [.buildCommand(
            displayName: "Stamping the commit into tick",
            executable: try context.tool(named: "tick-stamp").url,
            arguments: [gitDirectory.path(), output.path()],
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
