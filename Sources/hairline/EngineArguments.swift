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
        let config = try ConfigFile.load(explicit: arguments.value("--config"), from: workingDirectory)
        var explicitSystem: LintEngine.ExplicitSystem?
        if arguments.value("--tokens") != nil || !arguments.allValues("--rules").isEmpty {
            var tokens = arguments.value("--tokens")
            // `--rules` alone keeps the config's token set, where its systems have one; where they have several, it
            // cannot tell which.
            if tokens == nil, let config {
                let sets = Set(config.systems.compactMap { $0.tokens.map { FileWalker.relative(config.url(of: $0).path, to: workingDirectory) } })
                if sets.count > 1 {
                    throw DiagnosticError(
                        .inputError(
                            "usage", "--rules without --tokens: the config's systems have different token sets (\(sets.sorted().joined(separator: ", "))); pass --tokens FILE",
                            at: .start(of: config.file)))
                }
                tokens = sets.first
            }
            explicitSystem = LintEngine.ExplicitSystem(tokens: tokens, rules: arguments.allValues("--rules"))
        }
        var documents = given
        ConfigFile.confine(&documents, config: config, from: workingDirectory, allowing: arguments.allValues("--allow-path"))
        return LintEngine(config: config, explicitSystem: explicitSystem, documents: documents, workingDirectory: workingDirectory)
    }

    /// The engine, or nil with its errors printed: what a command that has nothing to do without one calls.
    static func engine(_ arguments: ParsedArguments, printing printer: DiagnosticPrinter) -> LintEngine? {
        do throws(DiagnosticError) {
            return try engine(arguments)
        } catch {
            printer.printInputErrors(error.diagnostics)
            return nil
        }
    }
}
