/// A file's bytes with where each line starts: turns a mark's line and column (code points) into a byte offset
/// and a UTF-16 column, and back from a byte offset. Lines end where libyaml ends them: LF, CR LF, CR, and the
/// breaks NEL, LS and PS; a UTF-8 byte order mark is not part of line 1's columns.
public struct SourceText: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The byte offset where each line starts, line 1 first.
    private let lineStarts: [Int]
    /// Whether each line is ASCII: its columns are its bytes, found without walking the line (a long line of many
    /// findings would be walked once for each).
    private let asciiLines: [Bool]
    /// Places every `checkpointSpacing` code points along each long line that is not ASCII, by line index: a walk
    /// to a column starts at the last one before it.
    private var checkpoints: [Int: [Checkpoint]] = [:]

    /// A place on a line: its byte offset, and its column in code points and in UTF-16 units.
    private struct Checkpoint {
        var offset: Int
        var points: Int
        var units: Int
    }

    /// How many code points apart a long line's checkpoints are.
    static let checkpointSpacing = 256

    /// Indexes a file's lines.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        var ascii: [Bool] = []
        var isASCII = true
        var offset = starts[0]
        while offset < bytes.count {
            let width = Self.breakWidth(bytes, at: offset)
            if width > 0 {
                offset += width
                starts.append(offset)
                ascii.append(isASCII)
                isASCII = true
            } else {
                if bytes[offset] >= 0x80 { isASCII = false }
                offset += 1
            }
        }
        ascii.append(isASCII)
        lineStarts = starts
        asciiLines = ascii
        for index in ascii.indices where !ascii[index] && lineBytes(index + 1).count > Self.checkpointSpacing {
            let span = lineBytes(index + 1)
            var place = Checkpoint(offset: span.lowerBound, points: 1, units: 1)
            var marks = [place]
            while place.offset < span.upperBound {
                step(&place, within: span)
                if (place.points - 1) % Self.checkpointSpacing == 0 { marks.append(place) }
            }
            checkpoints[index] = marks
        }
    }

    /// Steps over the code point at a place.
    private func step(_ place: inout Checkpoint, within span: Range<Int>) {
        let width = Self.scalarWidth(bytes[place.offset])
        place.offset = min(place.offset + width, span.upperBound)
        place.points += 1
        place.units += width == 4 ? 2 : 1
    }

    /// Where a walk along a line (by index) starts: the last of its checkpoints that `isBefore` holds for (which
    /// holds for a prefix of them), or the line's start.
    private func walkStart(line index: Int, _ isBefore: (Checkpoint) -> Bool) -> Checkpoint {
        guard let marks = checkpoints[index] else { return Checkpoint(offset: lineStarts[index], points: 1, units: 1) }
        var (low, high) = (0, marks.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if isBefore(marks[middle]) { low = middle } else { high = middle - 1 }
        }
        return marks[low]
    }

    /// How many lines the file has (a final line break starts an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// The width in bytes of the line break at `offset`, or 0 where none starts.
    static func breakWidth(_ bytes: [UInt8], at offset: Int) -> Int {
        switch bytes[offset] {
        case 0x0A: return 1
        case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80, bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 else { return 0 }
            return 3
        default: return 0
        }
    }

    /// The byte offsets a line's text spans, its break excluded; a line past the end is empty at the end.
    public func lineBytes(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        guard line < lineStarts.count else { return start..<bytes.count }
        let next = lineStarts[line]
        // The break is the last 1 to 3 bytes before the next line: the longest whose width, read where it starts, fits.
        for width in [3, 2, 1] where next - width >= start && Self.breakWidth(bytes, at: next - width) == width {
            return start..<(next - width)
        }
        return start..<next
    }

    /// A line's text, its break excluded.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[lineBytes(line)], as: UTF8.self)
    }

    /// The position at a line and a column in code points, clamped to the line's end.
    public func position(line: Int, column: Int) -> SourceRange.Position {
        let span = lineBytes(line)
        if line >= 1, line <= lineCount, asciiLines[line - 1] {
            let offset = min(span.lowerBound + max(column, 1) - 1, span.upperBound)
            let points = offset - span.lowerBound + 1
            return SourceRange.Position(line: line, column: points, offset: offset, utf16Column: points)
        }
        var place = line >= 1 && line <= lineCount
            ? walkStart(line: line - 1) { $0.points <= column } : Checkpoint(offset: span.lowerBound, points: 1, units: 1)
        while place.points < column, place.offset < span.upperBound { step(&place, within: span) }
        return SourceRange.Position(line: max(1, min(line, lineCount)), column: place.points, offset: place.offset, utf16Column: place.units)
    }

    /// The position at a byte offset (clamped to the file, back to the start of a code point, and back to the end
    /// of its line's text when it falls in a line break).
    public func position(offset: Int) -> SourceRange.Position {
        var target = max(0, min(offset, bytes.count))
        while target > 0, target < bytes.count, bytes[target] & 0xC0 == 0x80 { target -= 1 }
        // The last line that starts at or before the offset.
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let end = min(target, lineBytes(low + 1).upperBound)
        if asciiLines[low] {
            let points = end - lineStarts[low] + 1
            return SourceRange.Position(line: low + 1, column: points, offset: end, utf16Column: points)
        }
        let start = walkStart(line: low) { $0.offset <= end }
        var (here, points, units) = (start.offset, start.points, start.units)
        while here < end {
            let width = Self.scalarWidth(bytes[here])
            here += width
            points += 1
            units += width == 4 ? 2 : 1
        }
        return SourceRange.Position(line: low + 1, column: points, offset: min(here, end), utf16Column: units)
    }

    /// The bytes a UTF-8 sequence takes, from its first byte.
    private static func scalarWidth(_ first: UInt8) -> Int {
        switch first {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

extension SourceText {
    /// The position at a line and a column in UTF-16 code units (both 1-based), as editors count them; clamped to
    /// the line's end, and back to the start of a code point a column falls inside.
    public func position(line: Int, utf16Column: Int) -> SourceRange.Position {
        let span = lineBytes(line)
        let start = line >= 1 && line <= lineCount
            ? walkStart(line: line - 1) { $0.units <= utf16Column } : Checkpoint(offset: span.lowerBound, points: 1, units: 1)
        var (offset, points, units) = (start.offset, start.points, start.units)
        while offset < span.upperBound {
            let width = Self.scalarWidth(bytes[offset])
            let next = units + (width == 4 ? 2 : 1)
            guard next <= utf16Column else { break }
            offset = min(offset + width, span.upperBound)
            points += 1
            units = next
        }
        return SourceRange.Position(line: max(1, min(line, lineCount)), column: points, offset: offset, utf16Column: units)
    }
}
