import Foundation
import PackagePlugin

/// A command plugin: `swift package hairline [lint|rules|compile …]` runs Hairline in the package's folder, so
/// the package's `.hairline.yml` decides what is linted. With no arguments it runs `hairline lint`.
@main
struct HairlineCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "hairline")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["lint"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("hairline \(process.arguments?.joined(separator: " ") ?? "") exited with status \(process.terminationStatus)")
        }
    }
}
