import HairlineDiagnostics

/// Why a file could not be read as one YAML document. Each case knows where the problem is.
public enum YAMLError: Error, Sendable, Hashable {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The path names a directory where a file was expected.
    case isDirectory(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than the limit.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The file is UTF-16 or UTF-32 encoded.
    case wrongEncoding(encoding: String, at: Mark)
    /// The file has a byte sequence that is not UTF-8.
    case invalidUTF8(byte: UInt8, at: Mark)
    /// The file holds no document.
    case empty(at: Mark)
    /// The file holds more than one document.
    case multipleDocuments(at: Mark, first: Mark)
    /// libyaml's scanner or parser rejected the text.
    case syntax(problem: String, at: Mark, context: String?, contextAt: Mark?)
    /// Sequences and mappings nest deeper than the limit.
    case tooDeep(limit: Int, at: Mark)
    /// Aliases, counted as expanded, add more nodes than the limit.
    case aliasExpansion(limit: Int, at: Mark)
    /// An alias names an anchor that was never defined.
    case unknownAnchor(name: String, at: Mark)
    /// An alias names an anchor on a node that encloses the alias.
    case recursiveAlias(name: String, at: Mark, anchorAt: Mark)
    /// A mapping has the same key twice.
    case duplicateKey(key: String, at: Mark, first: Mark)
    /// A scalar with an explicit core tag (`!!int`, `!!float`, `!!bool`, `!!null`) does not parse as that tag.
    case invalidTaggedScalar(tag: String, text: String, at: Mark)
    /// A file names a file outside the project, which it may not read.
    case outsideProject(path: String, root: String, at: Mark)

    /// The error as a diagnostic at its position.
    public var diagnostic: Diagnostic {
        switch self {
        case .fileNotFound(let path):
            .inputError("io", "no such file: \(path)", at: .start(of: path))
        case .isDirectory(let path):
            .inputError("io", "\(path) is a directory; expected a file", at: .start(of: path))
        case .unreadable(let path, let reason):
            .inputError("io", "cannot read \(path): \(reason)", at: .start(of: path))
        case .fileTooLarge(let path, let bytes, let limit):
            .inputError("file-too-large", "file is \(bytes) bytes, over the limit of \(limit) bytes", at: .start(of: path))
        case .wrongEncoding(let encoding, let mark):
            .inputError("encoding", "file is \(encoding); save it as UTF-8", at: mark)
        case .invalidUTF8(let byte, let mark):
            .inputError(
                "encoding",
                "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); save the file as UTF-8",
                at: mark)
        case .empty(let mark):
            .inputError("empty-file", "file is empty; expected one YAML document", at: mark)
        case .multipleDocuments(let mark, let first):
            .inputError(
                "multiple-documents", "file holds more than one YAML document; put each in its own file", at: mark,
                notes: [.init("the first document starts here", at: first)])
        case .syntax(let problem, let mark, let context, let contextMark):
            .inputError(
                "yaml-syntax", problem, at: mark,
                notes: context.map { [.init($0, at: contextMark)] } ?? [])
        case .tooDeep(let limit, let mark):
            .inputError("yaml-depth", "nesting is deeper than \(limit) levels", at: mark)
        case .aliasExpansion(let limit, let mark):
            .inputError(
                "yaml-alias-expansion", "aliases expand to more than \(limit) nodes (is this an alias bomb?)",
                at: mark)
        case .unknownAnchor(let name, let mark):
            .inputError("yaml-unknown-anchor", "alias *\(name) refers to no anchor", at: mark)
        case .recursiveAlias(let name, let mark, let anchorMark):
            .inputError(
                "yaml-recursive-alias", "alias *\(name) refers to a node that contains it", at: mark,
                notes: [.init("anchor &\(name) is here", at: anchorMark)])
        case .duplicateKey(let key, let mark, let first):
            .inputError(
                "yaml-duplicate-key", "duplicate key '\(key)'", at: mark,
                notes: [.init("'\(key)' is first given here", at: first)])
        case .invalidTaggedScalar(let tag, let text, let mark):
            .inputError("yaml-tag", "'\(text)' is not a valid \(tag)", at: mark)
        case .outsideProject(let path, let root, let mark):
            .inputError(
                "outside-project",
                "\(path) is outside the project (\(root)); a file may name only files inside it. To read it, allow its folder with --allow-path DIR or 'allow: [DIR]' in .hairline.yml",
                at: mark)
        }
    }
}
