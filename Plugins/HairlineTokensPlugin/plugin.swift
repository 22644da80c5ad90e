import Foundation
import PackagePlugin

/// A build-tool plugin: every `*.tokens.yaml` file in a target is compiled by `hairline compile` into
/// `<Name>Tokens.swift` at build time, with the token file declared as the input and the Swift as the output, so
/// the build reruns it exactly when the tokens change. (`.buildCommand`: a prebuild command cannot run a tool
/// built from source on Linux.)
@main
struct HairlineTokensPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "hairline")
        return target.sourceFiles(withSuffix: ".tokens.yaml").map { file in
            let name = file.url.deletingPathExtension().deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name.prefix(1).uppercased() + name.dropFirst())Tokens.swift")
            return .buildCommand(
                displayName: "Compiling design tokens \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: ["compile", file.url.path, "--swift", output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}
