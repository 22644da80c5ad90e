/// A mark: a place in a source file: the file's path as the user gave it, a 1-based line and a 1-based column
/// counted in Unicode code points (as libyaml counts them).
///
/// The file is held as a `FileID`, so a mark is three plain numbers: a screen or a token set keeps one for every
/// key and value, and a mark copied on any core touches no shared string.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, by number.
    public let fileID: FileID
    private let storedLine: UInt32
    private let storedColumn: UInt32

    /// Creates a mark.
    public init(file: String, line: Int, column: Int) {
        self.init(FileID(file), line: line, column: column)
    }

    /// Creates a mark in a file already numbered: what a reader that makes a mark for every event uses.
    public init(_ file: FileID, line: Int, column: Int) {
        fileID = file
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// The start of a file: line 1, column 1.
    public static func start(of file: String) -> Mark {
        Mark(file: file, line: 1, column: 1)
    }

    /// The file's path, as given on the command line or relative to the working directory.
    public var file: String { fileID.path }
    /// The 1-based line.
    public var line: Int { Int(storedLine) }
    /// The 1-based column, in Unicode code points.
    public var column: Int { Int(storedColumn) }

    /// `path:line:col`, the form compilers and Xcode print.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        guard lhs.fileID == rhs.fileID else { return lhs.file < rhs.file }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
