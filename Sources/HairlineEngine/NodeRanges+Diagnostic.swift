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
        if var fix = diagnostic.fix, fix.removesProperty, fix.edits.isEmpty {
            fix.edits = removal(ofKeyAt: range).map { [$0] } ?? []
            diagnostic.fix = fix.edits.isEmpty ? nil : fix
        } else if var fix = diagnostic.fix, fix.edits.isEmpty {
            let text = ScalarText.replacing(self.text.bytes[range.start.offset..<range.end.offset], with: fix.value)
            fix.edits = text.map { [Fix.Edit(range: range, text: $0)] } ?? []
            diagnostic.fix = fix.edits.isEmpty ? nil : fix
        }
    }

    /// The edit that removes a key and its value: in block style the whole line (where the pair has its line to
    /// itself), in flow style the pair and the comma beside it. Nil where neither holds (a value on lines of its
    /// own, a key after a list item's `- `): such a fix is not offered.
    func removal(ofKeyAt key: SourceRange) -> Fix.Edit? {
        let bytes = text.bytes
        guard let value = range(ofNodeAfter: key.start), value.start.line == key.start.line, value.end.line == key.end.line else { return nil }
        let line = text.lineBytes(key.start.line)
        let before = bytes[line.lowerBound..<key.start.offset]
        var after = value.end.offset
        while after < line.upperBound, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        let restOfLine = after == line.upperBound || bytes[after] == 0x0A || bytes[after] == 0x0D || bytes[after] == UInt8(ascii: "#")
        if before.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), restOfLine {
            // The line, and its line break.
            var end = line.upperBound
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            end = min(end + 1, bytes.count)
            return Fix.Edit(range: SourceRange(start: text.position(offset: line.lowerBound), end: text.position(offset: end)), text: "")
        }
        var start = key.start.offset
        while start > line.lowerBound, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        if after < line.upperBound, bytes[after] == UInt8(ascii: ",") {
            // `{a: 1, key: v, b: 2}`: the pair, its comma and the spaces after it.
            var end = after + 1
            while end < line.upperBound, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            return Fix.Edit(range: SourceRange(start: key.start, end: text.position(offset: end)), text: "")
        }
        if start > line.lowerBound, bytes[start - 1] == UInt8(ascii: ",") {
            // `{a: 1, key: v}`: the comma before it and the pair.
            return Fix.Edit(range: SourceRange(start: text.position(offset: start - 1), end: value.end), text: "")
        }
        if start > line.lowerBound, bytes[start - 1] == UInt8(ascii: "{") {
            // `{key: v}`: the pair alone.
            return Fix.Edit(range: SourceRange(start: key.start, end: value.end), text: "")
        }
        return nil
    }
}
