import Foundation
import HairlineDiagnostics
import HairlineLint

extension LintEngine {
    /// Every place the screens name a token, read as the linter reads them (`Screen.references`), so that coverage,
    /// `hairline diff` and the token sheet count the same places. A file that cannot be read as a screen names none.
    public func tokenUses(in screens: [ScreenInput]) -> [TokenUse] {
        readScreens(screens).screens.flatMap(\.screen.references)
    }

    /// Every place in the screens that names one of `tokens` (the tokens a change to a token set removes, renames
    /// or retypes): in the named screens, else in the screens of the config's systems whose token set is
    /// `tokenSet` (of every system when none is). Read through the engine's documents, so confined like every read.
    public func uses(of tokens: Set<String>, screens: [String], tokenSet: String) -> [TokenUse] {
        guard !tokens.isEmpty else { return [] }
        var inputs: [ScreenInput]
        if !screens.isEmpty {
            inputs = self.screens(in: screens)
        } else if let config {
            let target = URL(fileURLWithPath: tokenSet, relativeTo: workingDirectory).standardizedFileURL.path
            let systems = Set(config.systems.filter { system in system.tokens.map { config.url(of: $0).path == target } ?? false }.map(\.name))
            let inConfig = RelativePaths(to: config.folder)
            inputs = configuredScreens().filter { input in
                systems.isEmpty || config.system(forScreen: inConfig.relative(absolute(input.path))).map { systems.contains($0.name) } ?? false
            }
        } else {
            inputs = []
        }
        return tokenUses(in: inputs).filter { tokens.contains($0.path) }
    }
}
