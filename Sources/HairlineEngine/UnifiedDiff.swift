/// A file's change as a unified diff (`--- a/path`, `+++ b/path`, `@@` hunks with three lines of context), as
/// `diff -u` and `git diff` print it.
public enum UnifiedDiff {
    /// The diff between two versions of a file; empty when they are the same.
    public static func make(from old: [UInt8], to new: [UInt8], path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let (before, after) = (lines(old), lines(new))
        // Fixes rewrite scalars in place, so the lines pair one to one; anything else is one hunk of the whole file.
        let changed: [Int]
        if before.count == after.count {
            changed = before.indices.filter { before[$0] != after[$0] }
        } else {
            changed = Array(0..<max(before.count, after.count))
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < changed.count {
            // A hunk: changed lines closer than twice the context run together.
            var last = index
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context { last += 1 }
            let start = max(0, changed[index] - context)
            let endBefore = min(before.count, changed[last] + context + 1)
            let endAfter = before.count == after.count ? endBefore : after.count
            out += "@@ -\(range(start, endBefore)) +\(range(start, endAfter)) @@\n"
            var line = start
            for position in changed[index...last] {
                while line < position {
                    out += " " + show(before[line])
                    line += 1
                }
                if position < before.count { out += "-" + show(before[position]) }
                line = position + 1
                if before.count == after.count, position < after.count { out += "+" + show(after[position]) }
            }
            if before.count != after.count {
                for added in after[start..<endAfter] { out += "+" + show(added) }
            }
            while line < endBefore {
                out += " " + show(before[line])
                line += 1
            }
            index = last + 1
        }
        return out
    }

    /// The lines of a file, each with its line break.
    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(bytes[start...offset])
            start = offset + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// A line as the diff prints it: with its line break (a CRLF kept whole, as `diff` keeps it), or with one and a
    /// note where the file ends without. The break is looked for in the bytes: in a `String`, CR LF is one character,
    /// which `hasSuffix("\n")` does not match.
    private static func show(_ line: ArraySlice<UInt8>) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.last == UInt8(ascii: "\n") ? text : text + "\n\\ No newline at end of file\n"
    }

    /// A hunk's range as `start,count` (1-based; `start-1,0` for an empty one).
    private static func range(_ start: Int, _ end: Int) -> String {
        end > start ? "\(start + 1),\(end - start)" : "\(start),0"
    }
}
