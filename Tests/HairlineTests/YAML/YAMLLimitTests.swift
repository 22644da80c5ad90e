import Foundation
import HairlineDiagnostics
import Testing

@testable import HairlineYAML

@Suite("YAML anchors, aliases and limits")
struct YAMLLimitTests {
    private func at(_ line: Int, _ column: Int) -> Mark {
        Mark(file: "t.yaml", line: line, column: column)
    }

    private func error(_ text: String, limits: YAMLLimits = .standard) -> YAMLError? {
        do {
            _ = try YAMLSource.parse(text, file: "t.yaml", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func aliasesShareTheAnchoredContentAtTheirOwnPlace() throws {
        let root = try YAMLSource.parse("base: &b {gap: 8, pad: 16}\ncard: *b\n", file: "t.yaml")
        #expect(root["card"]?["gap"]?.number == 8)
        #expect(root["card"]?["pad"]?.number == 16)
        #expect(root["card"]?.mark == at(2, 7))
    }

    @Test func laterAnchorShadowsEarlier() throws {
        let root = try YAMLSource.parse("a: &x 1\nb: &x 2\nc: *x\n", file: "t.yaml")
        #expect(root["c"]?.number == 2)
    }

    @Test func unknownAnchor() {
        #expect(error("a: 1\nb: *nowhere\n") == .unknownAnchor(name: "nowhere", at: at(2, 4)))
    }

    @Test func aliasToAnEnclosingNode() {
        #expect(error("a: &loop\n  b: *loop\n") == .recursiveAlias(name: "loop", at: at(2, 6), anchorAt: at(1, 4)))
        #expect(error("&s [1, *s]") == .recursiveAlias(name: "s", at: at(1, 8), anchorAt: at(1, 1)))
    }

    static func billionLaughs(levels: Int) -> String {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<levels {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(refs)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func billionLaughsIsRejectedAtTheAliasQuickly() throws {
        let start = Date()
        let found = error(Self.billionLaughs(levels: 10))
        guard case .aliasExpansion(let limit, let mark) = found else {
            Issue.record("expected an alias expansion error, got \(String(describing: found))")
            return
        }
        #expect(limit == YAMLLimits.standard.maxAliasExpansion)
        // Level 6 expands to 9^7 ≈ 4.8 million nodes: its aliases pass the budget. What is replayed before then
        // is bounded by the budget (about 0.6 million nodes, 1.7 s in a debug build here); the whole expansion,
        // 9^10 nodes, would never end.
        #expect(mark.line == 7)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aliasesCountAsExpandedEvenWhenShared() {
        let limits = YAMLLimits(maxFileBytes: 1 << 20, maxDepth: 512, maxAliasExpansion: 20)
        // Each *x stands for 4 nodes (the list and its three items): five of them is 20, six is 24.
        let five = "x: &x [1, 2, 3]\ny: [*x, *x, *x, *x, *x]\n"
        let six = "x: &x [1, 2, 3]\ny: [*x, *x, *x, *x, *x, *x]\n"
        #expect(error(five, limits: limits) == nil)
        #expect(error(six, limits: limits) == .aliasExpansion(limit: 20, at: at(2, 25)))
    }

    @Test func depthLimitAtTheEdge() {
        let limits = YAMLLimits(maxFileBytes: 1 << 20, maxDepth: 4, maxAliasExpansion: 100)
        #expect(error("[[[[1]]]]", limits: limits) == nil)
        #expect(error("[[[[[1]]]]]", limits: limits) == .tooDeep(limit: 4, at: at(1, 5)))
        #expect(error("a:\n  b:\n    c:\n      d:\n        e: 1\n", limits: limits)
            == .tooDeep(limit: 4, at: at(5, 9)))
    }

    @Test func hundredThousandNestedBracketsStopAtTheLimitQuickly() {
        let start = Date()
        let text = String(repeating: "[", count: 100_000)
        #expect(error(text) == .tooDeep(limit: 512, at: at(1, 513)))
        #expect(Date().timeIntervalSince(start) < 2)
    }
}
