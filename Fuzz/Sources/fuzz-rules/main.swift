import HairlineDiagnostics
import HairlineLint
import HairlineTokens
import HairlineYAML

/// A token set and a screen that rules can name and check.
let fixtures: (tokens: TokenSet, screen: Screen)? = {
    let tokens = """
        $modes: [light, dark]
        spacing: {$type: dimension, scale: {half: 4, base: 8, double: 16}}
        radius: {$type: dimension, card: 16}
        color: {$type: color, ink: {light: "#111114", dark: "#F5F5F7"}, canvas: "#FFFFFF"}
        """
    guard let root = try? YAMLSource.parse(tokens, file: "tokens.yaml"), let set = try? TokenSetLoader.resolve(root, defaultName: "fuzz"),
        let screen = try? ScreenReader.read(
            """
            screen: Fuzz
            children:
              - card: {padding: 15, radius: "{radius.card}", children: [{text: {role: title, value: hello., color: "{color.ink}"}}]}
              - chart: {window: 7d}
              - button: {style: filled, label: Go, height: 40}
              - button: {style: filled, label: Stop}
            """, file: "screen.yaml", tokens: set)
    else { return nil }
    return (set, screen)
}()

/// libFuzzer target: any bytes as a rule file. Reading it ends in rules or errors at positions, never a crash;
/// rules that read are bound to a token set (or refused with errors) and run on a screen, each finding inside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let fixtures else { fatalError("the fuzz fixtures do not load") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let root = try? YAMLSource.parse(bytes: bytes, file: "rules.yaml") else { return 0 }
    let rules: [Rule]
    do throws(DiagnosticError) {
        rules = try RuleSetReader.read(root, file: "rules.yaml")
    } catch {
        if error.diagnostics.isEmpty { fatalError("a rule file refused without an error") }
        return 0
    }
    guard let system = try? LintSystem(name: "fuzz", tokens: fixtures.tokens, rules: rules) else { return 0 }
    for finding in system.lint(fixtures.screen) where finding.mark.file != "screen.yaml" && finding.mark.file != "tokens.yaml" {
        fatalError("a finding in \(finding.mark.file), which is neither the screen nor the tokens")
    }
    _ = system.lintTokens()
    return 0
}
