import Foundation

/// The `# expect` marks of a file: each marked line with the rule ids it names (`# expect: a, b`), or an empty
/// id for a bare `# expect`.
enum ExpectMarks {
    static func parse(_ text: String) -> [String] {
        var marks: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "# expect") else { continue }
            let rest = line[range.upperBound...]
            let ids = rest.hasPrefix(":") ? rest.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [""]
            for id in ids { marks.append("\(index + 1) \(id)") }
        }
        return marks.sorted()
    }
}
