import HairlineLint
import HairlineTokens
import HairlineYAML

/// A token set and rules that exercise every check, built once.
let system: LintSystem? = {
    let tokens = """
        $modes: [light, dark]
        spacing: {$type: dimension, scale: {half: 4, base: 8, double: 16}}
        radius: {$type: dimension, card: 16, control: capsule}
        color:
          $type: color
          canvas: {light: "#FFFFFF", dark: "#000000"}
          ink: {light: "#111114", dark: "#F5F5F7"}
          chart: {$value: "#32ADE6", $extensions: {hairline: {usage: data, metric: steps}}}
        type: {$type: typography, body: {fontSize: 17, fontWeight: 400}}
        """
    let rules = """
        rules:
          - {id: allowed, given: "*", check: {allowed: {properties: [padding, gap], values: "{spacing.scale}", except: [{given: row, property: gap, values: [12]}]}}}
          - {id: required, given: chart, check: {required: [window, source]}}
          - {id: forbidden, given: "card:has(chart)", check: {forbidden: {properties: [shadow], of: "button[style=filled]"}}}
          - {id: count, given: screen, check: {count: {of: "button[style=filled]", min: 0, max: 1}}}
          - {id: distinct, given: card, check: {max-distinct: {property: role, of: text, max: 3}}}
          - {id: min, given: "row, button", check: {min: {properties: [height], value: 44}}}
          - {id: max, given: "*", check: {max: {properties: [weight], value: 500}}}
          - {id: pattern, given: "button, text", check: {pattern: {properties: [label, value], case: title, not: "\\\\.$"}}}
          - {id: only, given: "*", check: {token-only: {properties: [radius]}}}
          - {id: meta, given: "[metric] *", check: {token-meta: {properties: [color], key: metric, equals-property: metric}}}
          - {id: contrast, given: "*", check: {contrast: {foreground: color, background: background}}}
          - {id: order, given: card, check: {order: {sequence: ["text[role=label]", "text[role=title]", chart, button]}}}
        """
    guard let tokenRoot = try? YAMLSource.parse(tokens, file: "tokens.yaml"),
        let set = try? TokenSetLoader.resolve(tokenRoot, defaultName: "fuzz"),
        let ruleRoot = try? YAMLSource.parse(rules, file: "rules.yaml"),
        let parsed = try? RuleSetReader.read(ruleRoot, file: "rules.yaml")
    else { return nil }
    return try? LintSystem(name: "fuzz", tokens: set, rules: parsed)
}()

/// libFuzzer target: any bytes as a screen spec, read (every error reported, never a crash) and linted with every
/// check, suppression comments applied. A screen read without an error must give none of its input errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let system else { fatalError("the fuzz system does not load") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let read = try? ScreenReader.read(bytes: bytes, file: "fuzz.yaml", system: { _ in system }) else { return 0 }
    if read.screen != nil, !read.errors.isEmpty { fatalError("a screen read with errors") }
    if read.screen == nil, read.errors.isEmpty { fatalError("no screen and no error") }
    guard let screen = read.screen else { return 0 }
    _ = Suppressions.parse(bytes: bytes, file: "fuzz.yaml").apply(to: system.lint(screen))
    return 0
}

/// Builds the system before fuzzing starts, so its one-time allocations are not counted as a leak of the first
/// input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzLintInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = system
    // One lint, so every lazily built cache (regular expressions, selectors) exists before the first input.
    if let system, let screen = try? ScreenReader.read("screen: S\nchildren:\n  - button: {label: Go, value: a.}\n", file: "warm.yaml", tokens: system.tokens) {
        _ = system.lint(screen)
    }
    return 0
}
