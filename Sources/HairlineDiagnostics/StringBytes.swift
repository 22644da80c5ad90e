import Foundation

extension String {
    /// Calls `body` with the string's UTF-8 bytes: a native or small string's where they are, with no copy of the
    /// string made to reach them; a bridged string's copied first. The bytes are good
    /// only in the call.
    @inlinable
    public func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}

extension String {
    /// The text without the spaces and tabs around it, as `trimmingCharacters(in: .whitespaces)` gives it: a line's
    /// text as fingerprints and baselines compare it. Text whose ends are ASCII, most lines, is trimmed byte by
    /// byte; other text by Foundation, which knows every space character.
    public var trimmingSpaces: String {
        guard let range = asciiSpaceTrimmedRange else { return trimmingCharacters(in: .whitespaces) }
        return range == startIndex..<endIndex ? self : String(self[range])
    }

    /// Where the text is without the spaces and tabs around it, when what is left begins and ends with ASCII (the
    /// only ASCII spaces are the space and the tab, so Foundation would stop there too); nil otherwise. Only the
    /// ends are read.
    public var asciiSpaceTrimmedRange: Range<Index>? {
        let bytes = utf8
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return startIndex..<startIndex }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        guard bytes[first] < 0x80, bytes[last] < 0x80 else { return nil }
        return first..<bytes.index(after: last)
    }
}
