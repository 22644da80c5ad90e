import Foundation
import PackagePlugin

/// A build-tool plugin: every `*.tokens.yaml` file in a target is compiled by `hairline compile` into
/// `<Name>Tokens.swift` at build time, with the token file declared as the input and the Swift as the output, so
/// the build reruns it exactly when the tokens change. (`.buildCommand`: a prebuild command cannot run a tool
/// built from source on Linux.) The same plugin serves Swift packages and, in Xcode, app targets.
@main
struct HairlineTokensPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return try Self.commands(tool: try context.tool(named: "hairline").url, workDirectory: context.pluginWorkDirectoryURL, files: files, target: target.name)
    }

    /// One command a token file. A Swift file of the target named like a generated one is an error that says so
    /// (SwiftPM's own would be "multiple producers"). A target with no Swift file at all is not built, nor its
    /// plugins run: SwiftPM warns that its sources should be under Sources/<target> (docs/plugins.md).
    static func commands(tool: URL, workDirectory: URL, files: [URL], target: String) throws -> [Command] {
        let swiftFiles = files.filter { $0.pathExtension == "swift" }
        return files.filter { $0.lastPathComponent.hasSuffix(".tokens.yaml") }.compactMap { file in
            let name = file.deletingPathExtension().deletingPathExtension().lastPathComponent
            let generated = "\(name.prefix(1).uppercased() + name.dropFirst())Tokens.swift"
            if let clash = swiftFiles.first(where: { $0.lastPathComponent == generated }) {
                // Two files of one name in a module: "multiple producers".
                Diagnostics.error("\(clash.path) has the name of the Swift the plugin generates from \(file.lastPathComponent); rename or remove it")
                return nil
            }
            let output = workDirectory.appendingPathComponent(generated)
            return .buildCommand(
                displayName: "Compiling design tokens \(file.lastPathComponent)",
                executable: tool,
                arguments: ["compile", file.path, "--swift", output.path],
                inputFiles: [file],
                outputFiles: [output])
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: the same commands for an app target's token files.
extension HairlineTokensPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            tool: try context.tool(named: "hairline").url, workDirectory: context.pluginWorkDirectoryURL,
            files: target.inputFiles.map(\.url), target: target.displayName)
    }
}
#endif
