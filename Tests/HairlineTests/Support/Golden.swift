import Foundation
import Testing

/// Golden files under Tests/HairlineTests/Fixtures/golden/: a test compares its output with the checked-in file;
/// `RECORD_GOLDEN=1 swift test` writes the files instead (then read the diff before committing).
enum Golden {
    static let folder = Binary.packageRoot.appendingPathComponent("Tests/HairlineTests/Fixtures/golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }
}

/// Runs Python 3 snippets, for test tooling that has no Swift equivalent (schema validation).
enum Python {
    static func run(_ script: String, arguments: [String] = []) throws -> Subprocess.Result {
        try Subprocess.run("python3", ["-c", script] + arguments)
    }

    /// Whether `import module` works.
    static func has(_ module: String) -> Bool {
        (try? run("import \(module)").status) == 0
    }
}

/// A checked-in list of known disagreements with a conformance suite: one `id<TAB>…<TAB>reason` line each, `#`
/// lines as comments.
enum KnownDifferences {
    /// Each id with the rest of its line's fields.
    static func read(_ url: URL) -> [String: [String]] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var known: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count >= 2 { known[fields[0]] = Array(fields.dropFirst()) }
        }
        return known
    }
}
