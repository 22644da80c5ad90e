import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML

/// The engine a command's arguments describe, the one way `lint`, `preview` and `coverage` make it: the config
/// (`--config`, else the nearest `.hairline.yml`), the system `--tokens` and `--rules` name, and the files files
/// name confined to the project and the `--allow-path` folders.
enum EngineArguments {
    static func engine(_ arguments: ParsedArguments, documents given: Documents = .disk) throws(DiagnosticError) -> LintEngine {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var explicitSystem: LintEngine.ExplicitSystem?
        if arguments.value("--tokens") != nil || !arguments.allValues("--rules").isEmpty {
            explicitSystem = LintEngine.ExplicitSystem(tokens: arguments.value("--tokens"), rules: arguments.allValues("--rules"))
        }
        let config = try ConfigFile.load(explicit: arguments.value("--config"), from: workingDirectory)
        var documents = given
        ConfigFile.confine(&documents, config: config, from: workingDirectory, allowing: arguments.allValues("--allow-path"))
        return LintEngine(config: config, explicitSystem: explicitSystem, documents: documents, workingDirectory: workingDirectory)
    }
}
