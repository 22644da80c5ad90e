import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML
import Testing

/// The lint pipeline as a library: a config, token set, rule set and screens given in memory (nothing of them
/// on the disk), linted as `hairline lint` lints files.
@Suite("Lint engine")
struct LintEngineTests {
    /// A folder that does not exist: every document below lives only in memory.
    static let folder = URL(fileURLWithPath: "/nonexistent-hairline-project")

    static let config = """
        systems:
          app:
            tokens: tokens.yaml
            rules: [rules.yaml]
            screens: ["screens/*.yaml"]
        """
    static let tokens = """
        spacing:
          $type: dimension
          small: 8
          large: 16
        """
    static let rules = """
        rules:
          - id: app-spacing
            summary: Spacing comes from the scale
            given: "*"
            check:
              allowed: {properties: [padding, gap], values: "{spacing}"}
        """
    static let screen = """
        screen: Home
        children:
          - card:
              padding: 12
              gap: 8
        """

    static func documents(tokens: String = tokens, screen: String = screen) -> Documents {
        Documents([
            folder.appendingPathComponent(".hairline.yml").path: Array(config.utf8),
            folder.appendingPathComponent("tokens.yaml").path: Array(tokens.utf8),
            folder.appendingPathComponent("rules.yaml").path: Array(rules.utf8),
            folder.appendingPathComponent("screens/home.yaml").path: Array(screen.utf8),
        ])
    }

    static func engine(_ documents: Documents) throws -> LintEngine {
        let config = try #require(try ConfigFile.load(explicit: nil, from: folder, documents: documents))
        return LintEngine(config: config, documents: documents, workingDirectory: folder)
    }

    static func findings(_ result: LintEngine.Result) -> [String] {
        result.findings.map { "\($0.mark.line):\($0.mark.column) \($0.code)" }
    }

    @Test func lintsDocumentsHeldInMemory() throws {
        let documents = Self.documents()
        let engine = try Self.engine(documents)
        let result = engine.lint(document: "screens/home.yaml")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        #expect(Self.findings(result) == ["4:16 app-spacing"])
        #expect(result.files == ["screens/home.yaml"])
        #expect(result.lineTexts.values.contains("      padding: 12"))
        #expect(result.rules.map(\.id) == ["app-spacing"])
    }

    @Test func anUnsavedEditOfTheTokenSetChangesTheScreensFindings() throws {
        var documents = Self.documents()
        #expect(Self.findings(try Self.engine(documents).lint(document: "screens/home.yaml")) == ["4:16 app-spacing"])
        // The token set gains 12, unsaved: the screen's padding is now on the scale, and its gap of 8 is off it.
        documents.set(Self.folder.appendingPathComponent("tokens.yaml").path, bytes: Array("spacing:\n  $type: dimension\n  medium: 12\n".utf8))
        #expect(Self.findings(try Self.engine(documents).lint(document: "screens/home.yaml")) == ["5:12 app-spacing"])
    }

    @Test func anUnsavedEditOfTheScreenIsWhatIsLinted() throws {
        var documents = Self.documents()
        documents.set(Self.folder.appendingPathComponent("screens/home.yaml").path, bytes: Array("screen: Home\nchildren:\n  - card: {padding: 16}\n".utf8))
        let result = try Self.engine(documents).lint(document: "screens/home.yaml")
        #expect(result.findings.isEmpty && result.inputErrors.isEmpty, "\(result.findings) \(result.inputErrors)")
    }

    @Test func anEditThatBreaksTheTokenSetIsAnInputErrorAtItsPlace() throws {
        var documents = Self.documents()
        documents.set(Self.folder.appendingPathComponent("tokens.yaml").path, bytes: Array("spacing:\n  $type: dimension\n  small: \"{spacing.nothing}\"\n".utf8))
        let result = try Self.engine(documents).lint(document: "screens/home.yaml")
        #expect(result.findings.isEmpty)
        let error = try #require(result.inputErrors.first)
        #expect(error.mark.file == "tokens.yaml")
        #expect(error.mark.line == 3)
    }

    @Test func aBrokenConfigIsAnInputErrorAtItsPlace() throws {
        var documents = Self.documents()
        documents.set(Self.folder.appendingPathComponent(".hairline.yml").path, bytes: Array("systemz: {}\n".utf8))
        #expect(throws: DiagnosticError.self) { try ConfigFile.load(explicit: nil, from: Self.folder, documents: documents) }
        do throws(DiagnosticError) {
            _ = try ConfigFile.load(explicit: nil, from: Self.folder, documents: documents)
        } catch {
            #expect(error.diagnostics.map(\.mark.line) == [1])
            #expect(error.diagnostics.map(\.code) == ["config"])
        }
    }

    @Test func aFileThatIsNotAScreenIsAnErrorOnlyWhenNamed() throws {
        var documents = Self.documents()
        documents.set(Self.folder.appendingPathComponent("screens/notes.yaml").path, bytes: Array("title: notes\n".utf8))
        let engine = try Self.engine(documents)
        #expect(engine.lint(document: "screens/notes.yaml").inputErrors.map(\.code) == ["screen-structure"])
        #expect(engine.lint([.init(path: "screens/notes.yaml", explicit: false)]).inputErrors.isEmpty)
    }

    @Test func anExplicitSystemLintsWithoutAConfig() throws {
        let documents = Self.documents()
        let system = LintEngine.ExplicitSystem(
            tokens: Self.folder.appendingPathComponent("tokens.yaml").path, rules: [Self.folder.appendingPathComponent("rules.yaml").path])
        let engine = LintEngine(config: nil, explicitSystem: system, documents: documents, workingDirectory: Self.folder)
        #expect(Self.findings(engine.lint(document: Self.folder.appendingPathComponent("screens/home.yaml").path)) == ["4:16 app-spacing"])
    }

    @Test func theRulesOfTheConfigAreReadOnceEach() throws {
        let documents = Self.documents()
        let config = try #require(try ConfigFile.load(explicit: nil, from: Self.folder, documents: documents))
        let paths = ConfigFile.rulePaths(of: config, from: Self.folder)
        #expect(paths == ["rules.yaml"])
        #expect(try ConfigFile.rules(in: paths + paths, from: Self.folder, documents: documents).map(\.id) == ["app-spacing"])
    }

    @Test func aSystemKeyAfterAReferenceIsTheSystemTheScreenIsLintedIn() throws {
        var documents = Self.documents()
        let config = Self.config + "\n  alt:\n    tokens: alt.yaml\n    rules: [rules.yaml]\n"
        documents.set(Self.folder.appendingPathComponent(".hairline.yml").path, bytes: Array(config.utf8))
        documents.set(Self.folder.appendingPathComponent("alt.yaml").path, bytes: Array("spacing:\n  $type: dimension\n  medium: 12\n".utf8))
        // The globs give the screen to `app`, whose set has no spacing.medium; the key, read last, says `alt`.
        let screen = "screen: Home\nchildren:\n  - card: {padding: \"{spacing.medium}\", gap: 8}\nsystem: alt\n"
        documents.set(Self.folder.appendingPathComponent("screens/home.yaml").path, bytes: Array(screen.utf8))
        let result = try Self.engine(documents).lint(document: "screens/home.yaml")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        #expect(Self.findings(result) == ["3:46 app-spacing"])
    }
}

/// What a document is and where a place in it stands, asked of the engine (what the language server asks first).
@Suite("Document roles")
struct DocumentRoleTests {
    @Test func theEngineSaysWhatADocumentIsAndWhereAPlaceStands() throws {
        let screen = "screen: Home\nchildren:\n  - card:\n      padding: 12\n      \n  - text: {value: Hi, role: x}\n"
        let engine = try LintEngineTests.engine(LintEngineTests.documents(screen: screen))
        let folder = LintEngineTests.folder
        let path = folder.appendingPathComponent("screens/home.yaml").path
        #expect(engine.role(of: path) == .screen)
        #expect(engine.role(of: folder.appendingPathComponent("rules.yaml").path) == .ruleSet)
        #expect(engine.role(of: folder.appendingPathComponent("tokens.yaml").path) == .tokenSet)
        #expect(engine.role(of: folder.appendingPathComponent(".hairline.yml").path) == .config)
        // A blank line inside the card's mapping, a value of the card's, a place in the text's flow mapping, and the
        // root's own key.
        #expect(engine.elementKind(atLine: 5, column: 7, inScreen: path) == "card")
        #expect(engine.elementKind(atLine: 4, column: 16, inScreen: path) == "card")
        #expect(engine.elementKind(atLine: 6, column: 20, inScreen: path) == "text")
        #expect(engine.elementKind(atLine: 2, column: 3, inScreen: path) == "screen")
        #expect(engine.systemName(ofScreen: path) == (true, "app"))
        // Half-typed text: the engine does not guess.
        let typing = try LintEngineTests.engine(LintEngineTests.documents(screen: "screen: Home\nchildren:\n  - card: {padding: 8,\n"))
        #expect(typing.role(of: path) == nil)
        #expect(typing.elementKind(atLine: 3, column: 25, inScreen: path) == nil)
        #expect(typing.systemName(ofScreen: path) == (false, nil))
    }
}

/// Token uses come from the screen as the linter reads it: coverage, `hairline diff` and the token sheet count the
/// same places.
@Suite("Token uses")
struct TokenUseTests {
    static let screen = """
        screen: Home # the old "{spacing.huge}" is gone
        children:
          - card: &card
              padding: "{spacing.small}"
              gap: "{spacing.gone}"
              title: "8 or {spacing.large}"
          - card: *card
          - card: {padding: "{spacing.large}"}
        """

    @Test func usesAreTheReferencesTheReaderMeets() throws {
        let documents = LintEngineTests.documents(screen: Self.screen)
        let engine = try LintEngineTests.engine(documents)
        let path = LintEngineTests.folder.appendingPathComponent("screens/home.yaml").path
        let screens = [LintEngine.ScreenInput(path: path, explicit: true)]
        let uses = engine.tokenUses(in: screens)
        // The comment and the reference inside a longer string are none; an alias's references are met again
        // (as the linter checks them again), at the anchored node.
        #expect(uses.map { "\($0.path)@\($0.mark.line):\($0.mark.column)" } == [
            "spacing.small@4:16", "spacing.gone@5:12", "spacing.small@4:16", "spacing.gone@5:12", "spacing.large@8:21",
        ])
        let coverage = engine.coverage(of: screens)
        let counted = Dictionary(grouping: uses.filter { $0.path != "spacing.gone" }, by: \.path).mapValues(\.count)
        #expect(coverage.systems.first?.uses == counted)
        #expect(engine.uses(of: ["spacing.gone"], screens: [path], tokenSet: "tokens.yaml").count == 2)
    }
}
