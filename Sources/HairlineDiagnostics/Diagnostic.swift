/// One finding or input error: what is wrong, where, and how serious it is.
///
/// Findings carry the id of the rule that made them; input errors carry a code such as `yaml-syntax`.
/// Both render the same way: `path:line:col: error: message [code]`.
public struct Diagnostic: Sendable, Hashable {
    /// A secondary mark that explains the diagnostic, such as the first occurrence of a duplicate key.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public let message: String
        /// Where it points, if anywhere.
        public let mark: Mark?

        /// Creates a note.
        public init(_ message: String, at mark: Mark?) {
            self.message = Diagnostic.capped(message)
            self.mark = mark
        }
    }

    // Stored in this order, the one-byte fields last, so that no field is padded (152 bytes, not 168).
    /// The rule id for a finding, or the error code for an input error.
    public var code: String
    /// The message, in one line.
    public var message: String
    /// The repair the finding offers, if any.
    public var fix: Fix?
    /// Notes that point at related places.
    public var notes: [Note]
    /// Where in the screen's structure a finding is: its element's path and its property (`screen/card#rhythm/padding`),
    /// which edits elsewhere in the file do not move. Baselines and SARIF fingerprints key findings by it.
    public var anchor: String?
    /// Where the problem is.
    public var mark: Mark
    /// The span of the node the mark points at, when the file's text was at hand: its end, byte offsets and
    /// UTF-16 columns. Text output prints the mark only.
    public var range: SourceRange?
    /// How serious the diagnostic is.
    public var severity: Severity
    /// Whether this is an input error (a file that cannot be read or understood) rather than a rule's finding.
    public var isInputError: Bool
    /// The modes the finding holds in, where it holds in some only (a contrast that fails in dark mode alone): a
    /// preview marks it on those modes' drawings. Nil: every mode.
    public var modes: [String]?

    /// Creates a diagnostic.
    public init(
        severity: Severity, code: String, message: String, mark: Mark,
        notes: [Note] = [], isInputError: Bool = false, range: SourceRange? = nil, fix: Fix? = nil
    ) {
        self.range = range
        self.fix = fix
        self.severity = severity
        self.code = code
        self.message = Self.capped(message)
        self.mark = mark
        self.notes = notes
        self.isInputError = isInputError
    }

    /// The most characters a message holds: one that quotes a long value (a megabyte of scalar) is cut in the
    /// middle, so no output line grows with the input; the mark says where the value is.
    public static let maxMessageLength = 1_000

    /// A message cut to `maxMessageLength` characters where it is longer, saying how much was left out.
    static func capped(_ message: String) -> String {
        guard message.utf8.count > maxMessageLength, message.count > maxMessageLength else { return message }
        let kept = maxMessageLength / 2
        let omitted = message.count - 2 * kept
        return "\(message.prefix(kept))… (\(omitted) characters left out) …\(message.suffix(kept))"
    }

    /// An input error: a file that cannot be read, parsed or understood.
    public static func inputError(
        _ code: String, _ message: String, at mark: Mark, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(severity: .error, code: code, message: message, mark: mark, notes: notes, isInputError: true)
    }

    /// The stable output order: file, line, column, then code.
    public static func outputOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.mark != rhs.mark { return lhs.mark < rhs.mark }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }

    /// Sorts diagnostics into the output order, unless they are in it already (each screen's are: one screen's,
    /// or screens linted in order, need no sort).
    public static func putInOutputOrder(_ diagnostics: inout [Diagnostic]) {
        // Read in place, marks first: comparing two diagnostics whole copies both.
        let inOrder = diagnostics.withUnsafeBufferPointer { buffer in
            buffer.indices.dropFirst().allSatisfy { index in
                let (earlier, later) = (buffer[index - 1].mark, buffer[index].mark)
                return earlier != later ? earlier < later : !outputOrder(buffer[index], buffer[index - 1])
            }
        }
        if !inOrder { diagnostics.sort(by: outputOrder) }
    }
}

/// An error that a library stage throws, made of one or more diagnostics.
public struct DiagnosticError: Error, Sendable {
    /// The diagnostics, at least one.
    public let diagnostics: [Diagnostic]

    /// Wraps diagnostics as an error.
    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a DiagnosticError needs at least one diagnostic")
        self.diagnostics = diagnostics
    }

    /// Wraps one diagnostic as an error.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }
}
