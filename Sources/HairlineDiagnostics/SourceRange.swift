/// A span of a file: where a node starts and the position just past its last character.
public struct SourceRange: Sendable, Hashable {
    /// A place in a file, counted three ways: as marks count (line and column in code points), as a byte offset
    /// from the file's first byte (what a fix replaces), and as a column in UTF-16 code units (what editors count).
    /// Lines and both columns are 1-based.
    public struct Position: Sendable, Hashable, Comparable {
        public let line: Int
        public let column: Int
        public let offset: Int
        public let utf16Column: Int

        /// Creates a position.
        public init(line: Int, column: Int, offset: Int, utf16Column: Int) {
            self.line = line
            self.column = column
            self.offset = offset
            self.utf16Column = utf16Column
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
