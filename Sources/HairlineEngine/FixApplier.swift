import HairlineDiagnostics

/// Applies findings' fixes to a file's bytes: each fix's edits replace only the bytes of its node, so comments,
/// quoting, key order, indentation and line endings stay. Fixes are taken in output order; one whose edits overlap
/// an earlier one's is not applied (the first wins), and is reported so.
public struct FixApplier: Sendable {
    /// Which fixes to apply.
    public enum Scope: Sendable {
        /// Safe fixes only.
        case safe
        /// Safe and unsafe fixes.
        case unsafe

        func admits(_ safety: Fix.Safety) -> Bool {
            self == .unsafe || safety == .safe
        }
    }

    /// What applying the fixes to one file gave.
    public struct Outcome: Sendable {
        /// The file's bytes with the fixes applied.
        public let bytes: [UInt8]
        /// The findings whose fixes were applied.
        public let applied: [Diagnostic]
        /// The findings whose fixes overlapped one applied before, and were not applied.
        public let overlapping: [Diagnostic]

        /// Whether any byte changed.
        public var changed: Bool { !applied.isEmpty }
    }

    public let scope: Scope

    /// An applier of the fixes a scope admits.
    public init(scope: Scope) {
        self.scope = scope
    }

    /// Whether a finding has a fix this applier applies.
    public func applies(to finding: Diagnostic) -> Bool {
        guard let fix = finding.fix, !fix.edits.isEmpty else { return false }
        return scope.admits(fix.safety)
    }

    /// The bytes of one file with the fixes of its findings applied.
    public func apply(_ findings: [Diagnostic], to source: [UInt8]) -> Outcome {
        var taken: [Range<Int>] = []
        var applied: [Diagnostic] = []
        var overlapping: [Diagnostic] = []
        var edits: [Fix.Edit] = []
        for finding in findings.sorted(by: Diagnostic.outputOrder) where applies(to: finding) {
            let fixEdits = finding.fix?.edits ?? []
            // An edit outside the file (the file changed since it was linted) is never applied.
            guard fixEdits.allSatisfy({ $0.bytes.upperBound <= source.count }) else { continue }
            if fixEdits.contains(where: { edit in taken.contains { $0.overlaps(edit.bytes) || $0 == edit.bytes } }) {
                overlapping.append(finding)
                continue
            }
            taken += fixEdits.map(\.bytes)
            edits += fixEdits
            applied.append(finding)
        }
        var bytes = source
        // The last first, so that each edit's offsets still hold when it is made.
        for edit in edits.sorted(by: { $0.bytes.lowerBound > $1.bytes.lowerBound }) {
            bytes.replaceSubrange(edit.bytes, with: Array(edit.text.utf8))
        }
        return Outcome(bytes: bytes, applied: applied, overlapping: overlapping)
    }
}
