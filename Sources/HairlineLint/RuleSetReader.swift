import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Reads rule files (and the files they extend) into rules, reporting every error at its mark.
public enum RuleSetReader {
    static let fileKeys = ["system", "extends", "docs", "rules", "components"]
    static let ruleKeys = ["id", "severity", "summary", "why", "message", "given", "tokens", "check", "examples", "fix"]

    /// Loads a rule file and, first, the files it extends (paths relative to it). Throws every error found.
    public static func load(path: String, displayPath: String? = nil, documents: Documents = .disk) throws(DiagnosticError) -> [Rule] {
        var visited: Set<String> = []
        var errors: [Diagnostic] = []
        let rules = load(path: path, shown: displayPath ?? path, documents: documents, visited: &visited, errors: &errors, from: nil)
        guard errors.isEmpty else { throw DiagnosticError(errors.sorted(by: Diagnostic.outputOrder)) }
        return rules
    }

    /// Reads rules from a parsed rule file (without following `extends`).
    public static func read(_ root: Node, file: String) throws(DiagnosticError) -> [Rule] {
        var errors: [RuleError] = []
        let rules = readRules(root, file: file, errors: &errors)
        guard errors.isEmpty else { throw DiagnosticError(errors.map(\.diagnostic).sorted(by: Diagnostic.outputOrder)) }
        return rules
    }

    /// Reads one rule mapping, giving it `id` when it has none (for documentation examples).
    static func rule(from node: Node, id: String, file: String) throws(DiagnosticError) -> Rule {
        var pairs = node.pairs ?? []
        if node["id"] == nil {
            let key = Node(.scalar(Scalar(text: "id", style: .plain)), at: node.mark)
            pairs.insert(Node.Pair(key: key, value: Node(.scalar(Scalar(text: id, style: .plain)), at: node.mark)), at: 0)
        }
        var errors: [RuleError] = []
        let rule = readRule(Node(.mapping(pairs), at: node.mark), file: file, system: nil, docs: nil, errors: &errors)
        guard errors.isEmpty, let rule else {
            throw DiagnosticError(errors.isEmpty ? [RuleError.missingKey(key: "check", in: "a rule", at: node.mark).diagnostic] : errors.map(\.diagnostic))
        }
        return rule
    }

    /// How many rule files one `extends` chain may pass through: each is a recursion.
    public static let maxExtendsDepth = 64

    private static func load(
        path: String, shown: String, documents: Documents, visited: inout Set<String>, errors: inout [Diagnostic], from: Mark?,
        depth: Int = 0
    ) -> [Rule] {
        if depth > maxExtendsDepth, let from {
            errors.append(.inputError("rule-structure", "extends chains more than \(maxExtendsDepth) rule files; flatten the chain", at: from))
            return []
        }
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.path
        guard visited.insert(canonical).inserted else { return [] }
        let root: Node
        do {
            root = try documents.load(path: path, displayPath: shown)
        } catch {
            if let from, case .fileNotFound = error {
                errors.append(RuleError.invalidExtends(path: shown, problem: "no such file", at: from).diagnostic)
            } else {
                errors.append(error.diagnostic)
            }
            return []
        }
        var rules: [Rule] = []
        if let extends = root["extends"] {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let shownFolder = (shown as NSString).deletingLastPathComponent
            for item in extends.items ?? [extends] {
                guard let relative = item.string else {
                    errors.append(RuleError.wrongType(key: "extends", expected: "a list of paths", found: item.kindDescription, at: item.mark).diagnostic)
                    continue
                }
                let target = relative.hasPrefix("/") ? relative : folder.appendingPathComponent(relative).path
                let targetShown = relative.hasPrefix("/") || shownFolder.isEmpty ? relative : shownFolder + "/" + relative
                do throws(YAMLError) {
                    try documents.checkReference(target, shown: relative, at: item.mark)
                } catch {
                    errors.append(error.diagnostic)
                    continue
                }
                rules += load(
                    path: target, shown: targetShown, documents: documents, visited: &visited, errors: &errors, from: item.mark, depth: depth + 1)
            }
        }
        var ruleErrors: [RuleError] = []
        rules += readRules(root, file: shown, errors: &ruleErrors)
        errors += ruleErrors.map(\.diagnostic)
        return rules
    }

    private static func readRules(_ root: Node, file: String, errors: inout [RuleError]) -> [Rule] {
        var reader = OptionReader(root, context: "a rule file", allowed: fileKeys)
        let system = reader.string("system")
        let docs = reader.string("docs")
        _ = reader.value("extends")
        let list = reader.value("rules", required: true)
        errors += reader.errors
        guard let list else { return [] }
        guard let items = list.items else {
            errors.append(.wrongType(key: "rules", expected: "a list of rules", found: list.kindDescription, at: list.mark))
            return []
        }
        var rules: [Rule] = []
        if let components = root.pair(forKey: "components"), let check = ComponentsCheck.parse(components.value, errors: &errors),
            let everything = try? Selector(parsing: "*")
        {
            // The vocabulary is a rule over every element, its findings by rule ids of their own.
            rules.append(
                Rule(
                    id: ComponentsCheck.name, idMark: components.key.mark, severity: .error, summary: "Only the system's components, properties and values",
                    why: "The rule set declares its components; what it does not declare is not part of the system.", message: nil,
                    target: .screens(everything), checkName: ComponentsCheck.name, system: system, helpURL: nil, file: file,
                    examples: Rule.Examples(failing: [], passing: []), offersFixes: true, screenCheck: check, tokenCheck: nil))
        }
        var ids = RuleIDs()
        for item in items {
            guard let rule = readRule(item, file: file, system: system, docs: docs, errors: &errors) else { continue }
            switch ids.admit(rule) {
            case .new, .again: rules.append(rule)  // two rules of one file never share a mark
            case .duplicate(let error): errors.append(error)
            }
        }
        return rules
    }

    private static func readRule(_ node: Node, file: String, system: String?, docs: String?, errors: inout [RuleError]) -> Rule? {
        var reader = OptionReader(node, context: "a rule", allowed: ruleKeys)
        guard node.pairs != nil else {
            errors += reader.errors
            return nil
        }
        let id = reader.string("id", required: true)
        var severity = Severity.error
        if let text = reader.string("severity") {
            if let parsed = Severity(spelling: text) { severity = parsed } else {
                reader.fail(.wrongType(key: "severity", expected: Severity.spellings, found: "'\(text)'", at: node["severity"]!.mark))
            }
        }
        let summary = reader.string("summary")
        let why = reader.string("why")
        let offersFixes = reader.bool("fix") ?? true
        let message = reader.string("message")
        if let message, let messageNode = node["message"] {
            for name in MessageTemplate.names(in: message) where !MessageTemplate.placeholders.contains(name) {
                reader.fail(.unknownPlaceholder(name: name, at: messageNode.mark))
            }
        }
        var target: Rule.Target?
        if let given = reader.selector("given") { target = .screens(given) }
        if let tokens = reader.string("tokens") { target = .tokens(Glob(tokens, separator: ".")) }
        if node["given"] == nil, node["tokens"] == nil {
            reader.fail(.missingKey(key: "given' or 'tokens", in: "a rule", at: node.mark))
        }
        let examples = readExamples(node["examples"], reader: &reader)
        errors += reader.errors
        guard let checkNode = node["check"] else {
            errors.append(.missingKey(key: "check", in: "a rule", at: node.mark))
            return nil
        }
        guard let checkPairs = checkNode.pairs, checkPairs.count == 1, let name = checkPairs[0].key.string else {
            errors.append(.notOneCheck(count: checkNode.pairs?.count ?? 0, at: checkNode.mark))
            return nil
        }
        let options = checkPairs[0].value
        var screenCheck: (any CheckDefinition)?
        var tokenCheck: TokenRuleCheck?
        if case .tokens = target {
            guard TokenRuleCheck.names.contains(name) else {
                if CheckRegistry.definition(named: name) != nil {
                    errors.append(.wrongCheckForTokens(check: name, at: checkPairs[0].key.mark))
                } else {
                    errors.append(.unknownCheck(name: name, suggestion: NearestName.nearest(to: name, in: TokenRuleCheck.names), at: checkPairs[0].key.mark))
                }
                return nil
            }
            tokenCheck = TokenRuleCheck.parse(name: name, options: options, errors: &errors)
        } else {
            guard let definition = CheckRegistry.definition(named: name) else {
                errors.append(.unknownCheck(name: name, suggestion: NearestName.nearest(to: name, in: CheckRegistry.names), at: checkPairs[0].key.mark))
                return nil
            }
            screenCheck = definition.parse(options, errors: &errors)
        }
        guard let id, let idNode = node["id"], let target, screenCheck != nil || tokenCheck != nil else { return nil }
        var rule = Rule(
            id: id, idMark: idNode.mark, severity: severity, summary: summary, why: why, message: message, target: target,
            checkName: name, system: system, helpURL: docs.map { "\($0)#\(id)" }, file: file, examples: examples,
            offersFixes: offersFixes, screenCheck: screenCheck, tokenCheck: tokenCheck)
        rule.settings = Self.flow(options)
        return rule
    }

    /// A node on one line in YAML's flow style: a scalar as written (quoted where flow syntax would misread it), a
    /// list in brackets, a mapping in braces.
    static func flow(_ node: Node) -> String {
        if let pairs = node.pairs { return "{" + pairs.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}" }
        if let items = node.items { return "[" + items.map(flow).joined(separator: ", ") + "]" }
        guard let text = node.scalar?.text else { return "" }
        let plain =
            !text.isEmpty && text.trimmingCharacters(in: .whitespaces) == text && !text.contains(where: { "{}[],:#\"'\n".contains($0) })
            && !"*&!|>%@`-?".contains(text.first!)
        return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func readExamples(_ node: Node?, reader: inout OptionReader) -> Rule.Examples {
        guard let node else { return Rule.Examples(failing: [], passing: []) }
        var examples = OptionReader(node, context: "examples", allowed: ["fail", "pass"])
        func texts(_ key: String) -> [(String, Mark)] {
            guard let list = node[key] else { return [] }
            return (list.items ?? [list]).compactMap { item in
                guard let text = item.string else {
                    examples.fail(.wrongType(key: key, expected: "a list of screen specs written as YAML text", found: item.kindDescription, at: item.mark))
                    return nil
                }
                return (text, item.mark)
            }
        }
        let result = Rule.Examples(failing: texts("fail"), passing: texts("pass"))
        for error in examples.errors { reader.fail(error) }
        return result
    }
}
