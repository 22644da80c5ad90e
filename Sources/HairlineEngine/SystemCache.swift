import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineTokens
import HairlineYAML

/// Each design system a run uses, loaded once (under a lock, so threads that need it wait for the first);
/// a system that cannot load reports its errors once. Made for one run and dropped with it; an editor keeps one
/// while the token sets, rule sets and config stay as they are, and makes a new one when any of them changes.
public final class SystemCache: @unchecked Sendable {
    private let engine: LintEngine
    private let lock = NSLock()
    private var systems: [String: LintSystem?] = [:]
    private var order: [String] = []
    private var ruleIDs = RuleIDs()
    private var errors: [Diagnostic] = []

    /// A cache that loads systems through an engine's config and documents.
    public init(engine: LintEngine) {
        self.engine = engine
    }

    /// The systems that loaded, by name.
    public var loaded: [LintSystem] {
        lock.withLock { order.compactMap { systems[$0] ?? nil }.sorted { $0.name < $1.name } }
    }

    /// How many systems have been asked for, loaded or not.
    public var count: Int { lock.withLock { systems.count } }

    /// The errors of the systems that did not load.
    public var loadErrors: [Diagnostic] { lock.withLock { errors } }

    /// A system already loaded, without loading it.
    public func loaded(named name: String) -> LintSystem? {
        lock.withLock { systems[name] ?? nil }
    }

    /// A system, loaded the first time it is asked for.
    public func system(named name: String) -> LintSystem? {
        lock.withLock {
            if let cached = systems[name] { return cached }
            let system = load(name)
            systems[name] = .some(system)
            order.append(name)
            return system
        }
    }

    private func load(_ name: String) -> LintSystem? {
        let (tokensPath, rulePaths) = engine.files(ofSystem: name)
        var failures: [Diagnostic] = []
        // The config's files are files a file names: inside the project, or allowed; each must exist, and a missing
        // one is reported where the config names it.
        if name != LintEngine.explicitSystemName, let config = engine.config, let entry = config.system(named: name) {
            for (path, mark) in entry.files {
                let url = config.url(of: path)
                do throws(YAMLError) {
                    try engine.documents.checkReference(url.path, shown: path, at: mark)
                    if !engine.documents.exists(url.path) {
                        failures.append(
                            .inputError(
                                "config", "system '\(name)' names \(path), which does not exist (looked for \(url.path)); fix the path in \(config.file)",
                                at: mark))
                    }
                } catch {
                    failures.append(error.diagnostic)
                }
            }
            guard failures.isEmpty else {
                errors += failures
                return nil
            }
        }
        var tokens: TokenSet?
        if let tokensPath {
            do throws(DiagnosticError) {
                tokens = try TokenSetLoader.load(path: engine.absolute(tokensPath), displayPath: tokensPath, documents: engine.documents)
            } catch {
                failures += error.diagnostics
            }
        }
        var rules: [Rule] = []
        for path in rulePaths {
            do throws(DiagnosticError) {
                for rule in try RuleSetReader.load(path: engine.absolute(path), displayPath: path, documents: engine.documents) {
                    // A rule file two systems share gives each system its rules.
                    switch ruleIDs.admit(rule) {
                    case .new, .again: rules.append(rule)
                    case .duplicate(let error): failures.append(error.diagnostic)
                    }
                }
            } catch {
                failures += error.diagnostics
            }
        }
        var system: LintSystem?
        if failures.isEmpty {
            do throws(DiagnosticError) {
                system = try LintSystem(
                    name: name, tokens: tokens, rules: rules, overrides: engine.config?.overrides ?? [:], fixesOff: engine.config?.fixesOff ?? [])
            } catch {
                failures += error.diagnostics
            }
        }
        errors += failures
        return system
    }
}
