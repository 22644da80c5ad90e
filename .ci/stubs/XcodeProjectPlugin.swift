// The part of Xcode's XcodeProjectPlugin module that the tokens plugin uses, as Apple documents it: what
// .ci/plugin-checks typechecks the plugin's Xcode half against, since Xcode is not available on Linux.
import Foundation
import PackagePlugin

public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { fatalError() }
    public var pluginWorkDirectoryURL: URL { fatalError() }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}

public struct XcodeProject {
    public var displayName: String { fatalError() }
    public var targets: [XcodeTarget] { fatalError() }
}

public struct XcodeTarget {
    public var id: String { fatalError() }
    public var displayName: String { fatalError() }
    public var inputFiles: FileList { fatalError() }
}
