import Foundation
import HairlineYAML
import Testing

/// The official YAML test suite (Tests/Fixtures/External/yaml-test-suite): every case either parses or is an error with
/// a position; valid single-document cases with `in.json` parse to that JSON under the core schema; error cases
/// are errors. Every disagreement must be listed, with its reason, in
/// Fixtures/yaml-test-suite-known-differences.tsv — an unlisted one fails, and so does a listed one that no
/// longer disagrees.
@Suite("YAML test suite")
struct YAMLTestSuiteTests {
    static let suite = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/yaml-test-suite").standardizedFileURL
    static let knownFile = Binary.packageRoot.appendingPathComponent("Tests/HairlineTests/Fixtures/yaml-test-suite-known-differences.tsv")

    enum Outcome: String {
        case pass
        case rejectedValid = "rejected-valid"
        case acceptedInvalid = "accepted-invalid"
        case jsonMismatch = "json-mismatch"
    }

    static func cases() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: suite.appendingPathComponent("\($0)/in.yaml").path) }.sorted()
    }

    /// A node as JSON-compatible Foundation values (mapping keys as their text).
    static func json(_ node: Node) -> Any {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return NSNull()
            case .bool(let bool): return bool
            case .int(let int): return int
            case .float(let float): return float.isFinite ? float : scalar.text
            case .string(let string): return string
            }
        case .sequence(let items): return items.map(json)
        case .mapping(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs { object[pair.key.scalar?.text ?? "\(json(pair.key))"] = json(pair.value) }
            return object
        }
    }

    static func canonical(_ value: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func outcome(of name: String) -> (Outcome, String) {
        let folder = suite.appendingPathComponent(name)
        let bytes = [UInt8]((try? Data(contentsOf: folder.appendingPathComponent("in.yaml"))) ?? Data())
        let isError = FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path)
        let parsed: Node
        do {
            parsed = try YAMLSource.parse(bytes: bytes, file: "in.yaml")
        } catch {
            // An error must have a position.
            let mark = error.diagnostic.mark
            precondition(mark.line >= 1 && mark.column >= 1)
            return isError ? (.pass, "") : (.rejectedValid, error.diagnostic.message)
        }
        if isError { return (.acceptedInvalid, "") }
        guard let expectedData = try? Data(contentsOf: folder.appendingPathComponent("in.json")),
            let expected = try? JSONSerialization.jsonObject(with: expectedData, options: .fragmentsAllowed)
        else { return (.pass, "") }
        let ours = canonical(json(parsed))
        let theirs = canonical(expected)
        return ours == theirs ? (.pass, "") : (.jsonMismatch, "\(ours ?? "?") vs \(theirs ?? "?")")
    }

    static func known() -> [String: (Outcome, String)] {
        KnownDifferences.read(knownFile).compactMapValues { fields in
            guard fields.count == 2, let outcome = Outcome(rawValue: fields[0]) else { return nil }
            return (outcome, fields[1])
        }
    }

    @Test func everyCaseParsesOrIsAnErrorAndEveryDisagreementIsListed() throws {
        let cases = Self.cases()
        #expect(cases.count > 400, "the vendored suite (Tests/Fixtures/External/yaml-test-suite) is missing cases")
        #expect(cases.count > 390)
        let known = Self.known()
        var passed = 0
        var unlisted: [String] = []
        var stale: [String] = []
        for name in cases {
            let (outcome, detail) = Self.outcome(of: name)
            if outcome == .pass {
                passed += 1
                if known[name] != nil { stale.append(name) }
            } else if known[name]?.0 != outcome {
                unlisted.append("\(name)\t\(outcome.rawValue)\t\(detail)")
            }
        }
        #expect(unlisted.isEmpty, "disagreements not in the known-differences file:\n\(unlisted.joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed as differences but now agreeing (remove them): \(stale)")
        print("YAML test suite: \(passed) of \(cases.count) cases agree (\(String(format: "%.1f", Double(passed) * 100 / Double(cases.count)))%)")
        #expect(passed + known.count == cases.count)
    }
}
