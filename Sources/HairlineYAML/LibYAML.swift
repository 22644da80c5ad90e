internal import CYAML
import HairlineDiagnostics

// What libyaml hands over, in Hairline's types: one conversion each for the tree parser and the event reader.

extension ScalarStyle {
    /// The style libyaml reports.
    init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}

extension EventReader.Place {
    /// A libyaml mark (0-based) as a 1-based line and column, moved down `lineOffset` lines when the bytes
    /// libyaml read start that far into the file.
    init(_ mark: yaml_mark_t, lineOffset: Int = 0) {
        self.init(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }
}

extension Mark {
    /// A libyaml mark as a Hairline mark in a file (see `EventReader.Place.init(_:lineOffset:)`).
    init(_ mark: yaml_mark_t, in file: FileID, lineOffset: Int = 0) {
        self.init(EventReader.Place(mark, lineOffset: lineOffset), in: file)
    }

    /// A place in a file as a mark.
    public init(_ place: EventReader.Place, in file: FileID) {
        self.init(file, line: place.line, column: place.column)
    }
}

extension String {
    /// A scalar event's text: its bytes, not NUL-terminated (a scalar may hold a NUL).
    init(libyaml value: UnsafeMutablePointer<yaml_char_t>?, length: Int) {
        self.init(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
    }
}

extension Scalar {
    /// A scalar event's scalar, its value resolved by the core schema: from its bytes alone where they show it
    /// is a string (most names: `t0`, `spacing`), with no look at the text made of them.
    public init(_ raw: EventReader.RawScalar) {
        self.init(bytes: raw.bytes, style: raw.style)
    }

    /// A scalar from its bytes and style, as `init(_:)` makes it.
    init(bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle) {
        let text = String(decoding: bytes, as: UTF8.self)
        if style == .plain, !CoreSchema.isCertainlyString(plain: bytes) {
            self.init(text: text, style: style)
        } else {
            self.init(string: text, style: style)
        }
    }
}
