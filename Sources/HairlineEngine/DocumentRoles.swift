import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineYAML

extension LintEngine {
    /// What a file is to the project.
    public enum DocumentRole: Sendable, Equatable {
        case config, tokenSet, ruleSet, screen, other
    }

    /// What a file is, as the engine reads it: the config by its name, a token set or rule set the config's systems
    /// name, a rule set (a top-level `rules:`), a screen (a top-level `screen:`, or Swift source). Nil where the
    /// text does not parse as YAML (an editor's half-typed text), which only the caller can guess at.
    public func role(of path: String) -> DocumentRole? {
        if (path as NSString).lastPathComponent == LintConfig.fileName { return .config }
        if path.hasSuffix(".swift") { return .screen }
        let target = URL(fileURLWithPath: absolute(path)).standardizedFileURL.path
        for system in config?.systems ?? [] {
            if let tokens = system.tokens, config?.url(of: tokens).standardizedFileURL.path == target { return .tokenSet }
            if system.rules.contains(where: { config?.url(of: $0).standardizedFileURL.path == target }) { return .ruleSet }
        }
        guard let root = try? documents.load(path: absolute(path), displayPath: path) else { return nil }
        if root["rules"] != nil { return .ruleSet }
        return root["screen"] != nil ? .screen : .other
    }

    /// The system a screen is linted in, as `lint` chooses it: the one its `system:` key names (when the config has
    /// it), else the config's globs'. `parsed` is false where the text does not parse, the name then unknown.
    public func systemName(ofScreen path: String) -> (parsed: Bool, name: String?) {
        if explicitSystem != nil { return (true, Self.explicitSystemName) }
        guard let config else { return (true, nil) }
        if !path.hasSuffix(".swift") {
            guard let root = try? documents.load(path: absolute(path), displayPath: path) else { return (false, nil) }
            if let name = root["system"]?.string, config.system(named: name) != nil { return (true, name) }
        }
        return (true, config.system(forScreen: RelativePaths(to: config.folder).relative(absolute(path)))?.name)
    }
}

extension LintEngine {
    /// The kind of the element a place in a screen stands in, from the screen as the engine reads it: the innermost
    /// element whose kind key comes before the place and whose next sibling (or any later element outside it) comes
    /// after it, and, on a later line than its key, the place indented past that key (a line less indented belongs
    /// to an element around it). Nil where the text does not read as a screen (an editor's half-typed text).
    /// `systems`: the systems already loaded (an editor's); nil: a new cache.
    public func elementKind(atLine line: Int, column: Int, inScreen path: String, systems: SystemCache? = nil) -> String? {
        guard !path.hasSuffix(".swift"), let screen = readScreens([ScreenInput(path: path, explicit: true)], systems: systems).screens.first?.screen else {
            return nil
        }
        let elements = screen.elements
        func before(_ mark: Mark) -> Bool { (mark.line, mark.column) < (line, column) }
        // The innermost element whose span holds the place: the last in document order that starts before it and
        // whose span (up to the first element after its descendants) has not ended.
        guard var index = elements.indices.last(where: { index in
            before(elements[index].kindMark) && (elements[index].end >= elements.count || !before(elements[elements[index].end].kindMark))
        }) else { return elements.first?.kind }
        while let parent = elements[index].parent {
            let key = elements[index].kindMark
            if key.line == line || column > key.column { break }
            index = parent
        }
        return elements[index].kind
    }
}
