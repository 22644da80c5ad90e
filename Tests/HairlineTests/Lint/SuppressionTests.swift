import HairlineDiagnostics
import Testing

@testable import HairlineLint

@Suite("Suppression comments")
struct SuppressionTests {
    static func finding(_ rule: String, _ line: Int) -> Diagnostic {
        Diagnostic(severity: .error, code: rule, message: "m", mark: Mark(file: "s.yaml", line: line, column: 3))
    }

    static func apply(_ text: String, _ findings: [Diagnostic]) -> [String] {
        Suppressions.parse(text, file: "s.yaml").apply(to: findings).map { "\($0.mark.line):\($0.mark.column) \($0.code)" }
    }

    @Test func disableNextLine() {
        let text = "a: 1\n# hairline:disable-next-line r1, r2 -- legacy screen\nb: 2\nc: 3\n"
        #expect(Self.apply(text, [Self.finding("r1", 3), Self.finding("r2", 3), Self.finding("r1", 4), Self.finding("r3", 3)])
            == ["3:3 r3", "4:3 r1"])
    }

    @Test func disableLineAtTheEndOfALine() {
        let text = "a: 1\npadding: 10  # hairline:disable-line r1\n"
        #expect(Self.apply(text, [Self.finding("r1", 2), Self.finding("r2", 2)]) == ["2:3 r2"])
    }

    @Test func disableAndEnableRanges() {
        let text = "# hairline:disable r1\na: 1\nb: 2\n# hairline:enable r1\nc: 3\n"
        #expect(Self.apply(text, [Self.finding("r1", 2), Self.finding("r1", 3), Self.finding("r1", 5)]) == ["5:3 r1"])
    }

    @Test func allSuppressesEveryRule() {
        let text = "# hairline:disable-next-line all\nx: 1\n"
        #expect(Self.apply(text, [Self.finding("r1", 2), Self.finding("r9", 2)]) == [])
    }

    @Test func aSuppressionThatSuppressesNothingIsAWarning() {
        let text = "a: 1\n# hairline:disable-next-line r1, r2\nb: 2\n"
        let result = Suppressions.parse(text, file: "s.yaml").apply(to: [Self.finding("r1", 3)])
        #expect(result.map(\.code) == ["unused-suppression"])
        #expect(result.first?.severity == .warning)
        #expect(result.first?.mark == Mark(file: "s.yaml", line: 2, column: 1))
        #expect(result.first?.message.contains("disable-next-line r2") == true)
    }

    @Test func aHashInsideAQuotedScalarIsNotAComment() {
        let text = "label: \"# hairline:disable-line r1\"\nvalue: 'it''s # hairline:disable-line r1'\ncolor: a#b\n"
        #expect(Suppressions.parse(text, file: "s.yaml").isEmpty)
        #expect(Self.apply(text, [Self.finding("r1", 1), Self.finding("r1", 2)]) == ["1:3 r1", "2:3 r1"])
    }

    @Test func commentColumnsCountCodePoints() {
        let text = "title: \"Ünïcödé\"  # hairline:disable-line r1\n"
        let result = Suppressions.parse(text, file: "s.yaml").apply(to: [])
        #expect(result.first?.mark.column == 19)
    }
}
