/// A mark: a place in a source file: the file's path as the user gave it, a 1-based line and a 1-based column
/// counted in Unicode code points (as libyaml counts them).
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path, as given on the command line or relative to the working directory.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in Unicode code points.
    public let column: Int

    /// Creates a mark.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The start of a file: line 1, column 1.
    public static func start(of file: String) -> Mark {
        Mark(file: file, line: 1, column: 1)
    }

    /// `path:line:col`, the form compilers and Xcode print.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
