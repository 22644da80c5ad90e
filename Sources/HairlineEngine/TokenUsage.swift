import HairlineDiagnostics
import Foundation

/// Where a file names tokens: every `{path}` reference in its text, outside comments, with its place. Read from
/// the bytes, not the YAML, so that a file that does not parse is still searched, and quoting does not matter.
public enum TokenUsage {
    /// One reference.
    public struct Reference: Sendable, Hashable {
        public let path: String
        public let mark: Mark
    }

    /// The references of a file's bytes, in order.
    public static func references(in bytes: [UInt8], file: String) -> [Reference] {
        var references: [Reference] = []
        let text = SourceText(bytes)
        for line in 1...max(1, text.lineCount) {
            let span = text.lineBytes(line)
            var index = span.lowerBound
            var column = 1
            var quote: UInt8?
            while index < span.upperBound {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#"), index == span.lowerBound || bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") {
                    break  // a comment runs to the end of the line
                }
                if byte == UInt8(ascii: "{") {
                    var end = index + 1
                    while end < span.upperBound, isPathByte(bytes[end]) { end += 1 }
                    if end < span.upperBound, end > index + 1, bytes[end] == UInt8(ascii: "}") {
                        references.append(Reference(path: String(decoding: bytes[(index + 1)..<end], as: UTF8.self), mark: Mark(file: file, line: line, column: column)))
                    }
                }
                // Columns count code points, as marks do.
                if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
        }
        return references
    }

    /// A byte a token path may hold: letters, digits, `.`, `_`, `-`, `$`, and any byte of a non-ASCII letter.
    public static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"), 0x80...:
            return true
        default:
            return false
        }
    }
}

extension LintEngine {
    /// Every place in the screens that names one of `tokens` (the tokens a change to a token set removes, renames
    /// or retypes): in the named screens, else in the screens of the config's systems whose token set is
    /// `tokenSet` (of every system when none is). Read through the engine's documents, so confined like every read.
    public func uses(of tokens: Set<String>, screens: [String], tokenSet: String) -> [TokenUsage.Reference] {
        guard !tokens.isEmpty else { return [] }
        var files: [String]
        if !screens.isEmpty {
            files = self.screens(in: screens).map(\.path)
        } else if let config {
            let target = URL(fileURLWithPath: tokenSet, relativeTo: workingDirectory).standardizedFileURL.path
            let systems = Set(config.systems.filter { system in system.tokens.map { config.url(of: $0).path == target } ?? false }.map(\.name))
            let inConfig = RelativePaths(to: config.folder)
            files = configuredScreens().map(\.path).filter { path in
                systems.isEmpty || config.system(forScreen: inConfig.relative(absolute(path))).map { systems.contains($0.name) } ?? false
            }
        } else {
            files = []
        }
        return files.flatMap { file -> [TokenUsage.Reference] in
            guard let bytes = try? documents.readBytes(path: absolute(file), displayPath: file) else { return [] }
            return TokenUsage.references(in: bytes, file: file).filter { tokens.contains($0.path) }
        }
    }
}
