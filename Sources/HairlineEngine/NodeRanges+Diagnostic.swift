import HairlineDiagnostics
import HairlineYAML

extension NodeRanges {
    /// A diagnostic in this file with the range of the node it points at, and its fix's edit: the node's bytes
    /// rewritten in their own style. A fix for a node that cannot be rewritten in place is dropped, and so is one
    /// for a node inside an anchor, which its aliases share (a note says so).
    public func ranged(_ diagnostic: Diagnostic) -> Diagnostic {
        var ranged = diagnostic
        range(&ranged)
        return ranged
    }

    /// Gives a diagnostic in this file its range and its fix's edit, in place.
    public func range(_ diagnostic: inout Diagnostic) {
        let range = range(at: diagnostic.mark)
        diagnostic.range = range
        if diagnostic.fix != nil, isShared(line: diagnostic.mark.line, column: diagnostic.mark.column) {
            diagnostic.fix = nil
            diagnostic.notes.append(.init("not fixed: the value is an anchor's, shared by its aliases; change it there by hand", at: nil))
            return
        }
        if var fix = diagnostic.fix, fix.edits.isEmpty {
            let text = ScalarText.replacing(self.text.bytes[range.start.offset..<range.end.offset], with: fix.value)
            fix.edits = text.map { [Fix.Edit(range: range, text: $0)] } ?? []
            diagnostic.fix = fix.edits.isEmpty ? nil : fix
        }
    }
}
