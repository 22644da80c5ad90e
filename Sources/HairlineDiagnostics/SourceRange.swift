/// A span of a file: where a node starts and the position just past its last character.
public struct SourceRange: Sendable, Hashable {
    /// A place in a file, counted three ways: as marks count (line and column in code points), as a byte offset
    /// from the file's first byte (what a fix replaces), and as a column in UTF-16 code units (what editors count).
    /// Lines and both columns are 1-based. Each is held in 32 bits, as a mark's are (the YAML layer's file size
    /// limit keeps them far below): every finding holds two positions, and its fix's edit two more.
    public struct Position: Sendable, Hashable, Comparable {
        private let storedLine: UInt32
        private let storedColumn: UInt32
        private let storedOffset: UInt32
        private let storedUTF16Column: UInt32

        public var line: Int { Int(storedLine) }
        public var column: Int { Int(storedColumn) }
        public var offset: Int { Int(storedOffset) }
        public var utf16Column: Int { Int(storedUTF16Column) }

        /// Creates a position.
        public init(line: Int, column: Int, offset: Int, utf16Column: Int) {
            storedLine = UInt32(clamping: line)
            storedColumn = UInt32(clamping: column)
            storedOffset = UInt32(clamping: offset)
            storedUTF16Column = UInt32(clamping: utf16Column)
        }

        public static func < (lhs: Position, rhs: Position) -> Bool { lhs.offset < rhs.offset }
    }

    /// Where the span starts.
    public let start: Position
    /// Just past where it ends; equal to `start` for an empty span.
    public let end: Position

    /// Creates a range.
    public init(start: Position, end: Position) {
        precondition(start <= end, "a range ends at or after its start")
        self.start = start
        self.end = end
    }
}
