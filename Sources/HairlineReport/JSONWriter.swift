import Foundation
import HairlineDiagnostics

/// Writes pretty-printed JSON straight into bytes, laid out byte for byte as Foundation's `JSONSerialization`
/// writes it with sorted keys: what a report writes for each of many findings, with no dictionary or `Any` made
/// for it. An object's members are written in the order of their keys (debug builds check it).
struct JSONWriter: ~Copyable {
    var bytes = TextBuffer()
    /// The indentation of the members or elements of the container being written.
    private(set) var indent: Int
    /// Whether the container being written has no member or element yet: the next needs no separator.
    private var isEmpty: Bool
    #if DEBUG
    private var lastKey: String?
    #endif

    init(indent: Int = 0, isEmpty: Bool = true) {
        self.indent = indent
        self.isEmpty = isEmpty
    }

    /// Writes into `bytes`, where what `body` writes is appended.
    static func writing(into bytes: inout TextBuffer, indent: Int, isEmpty: Bool, _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(indent: indent, isEmpty: isEmpty)
        swap(&writer.bytes, &bytes)
        body(&writer)
        swap(&writer.bytes, &bytes)
    }

    /// An object, its members written by `body`.
    @inline(__always)
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// An array, its elements written by `body`, each after `element()`.
    @inline(__always)
    mutating func array(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    @inline(__always)
    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) -> Void) {
        let wasEmpty = isEmpty
        #if DEBUG
        let outerKey = lastKey
        lastKey = nil
        #endif
        bytes.write(byte: open)
        bytes.write(byte: UInt8(ascii: "\n"))
        indent += 2
        isEmpty = true
        body(&self)
        indent -= 2
        bytes.write(byte: UInt8(ascii: "\n"))
        bytes.write(byte: UInt8(ascii: " "), count: indent)
        bytes.write(byte: close)
        isEmpty = wasEmpty
        #if DEBUG
        lastKey = outerKey
        #endif
    }

    /// Starts a member of an object: its key, after those of the members before it. Keys are the report's own
    /// names, written as they are.
    @inline(__always)
    mutating func key(_ key: StaticString) {
        #if DEBUG
        let text = key.description
        assert(!text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "a key to escape: \(text)")
        checkOrder(text)
        #endif
        element()
        bytes.write(byte: UInt8(ascii: "\""))
        bytes.write(key)
        bytes.write("\" : ")
    }

    /// Starts a member whose key is data (a dictionary's), escaped.
    mutating func key(named key: String) {
        #if DEBUG
        checkOrder(key)
        #endif
        element()
        bytes.writeJSONString(key, namedControls: true)
        bytes.write(" : ")
    }

    #if DEBUG
    private mutating func checkOrder(_ key: String) {
        assert(lastKey.map { $0 < key } ?? true, "JSON keys out of order: '\(key)' after '\(lastKey!)'")
        lastKey = key
    }
    #endif

    /// Starts an element of an array.
    @inline(__always)
    mutating func element() {
        if !isEmpty { bytes.write(",\n") }
        isEmpty = false
        bytes.write(byte: UInt8(ascii: " "), count: indent)
    }

    mutating func value(_ string: String) { bytes.writeJSONString(string, namedControls: true) }
    mutating func value(_ bool: Bool) { bytes.write(bool ? "true" : "false") }

    /// An integer's decimal digits, written without a string made for them.
    mutating func value(_ int: Int) { bytes.write(int) }

    /// A fingerprint's sixteen hex digits, as a string.
    mutating func value(_ hash: Fingerprint) {
        bytes.write(byte: UInt8(ascii: "\""))
        hash.write(into: &bytes)
        bytes.write(byte: UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func member(_ key: StaticString, _ string: String) {
        self.key(key)
        value(string)
    }

    @inline(__always)
    mutating func member(_ key: StaticString, _ int: Int) {
        self.key(key)
        value(int)
    }

    @inline(__always)
    mutating func member(_ key: StaticString, _ hash: Fingerprint) {
        self.key(key)
        value(hash)
    }

    /// A member whose value is an object, its members written by `body`.
    @inline(__always)
    mutating func object(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        object(body)
    }

    /// A member whose value is an array, its elements written by `body`.
    @inline(__always)
    mutating func array(_ key: StaticString, _ body: (inout JSONWriter) -> Void) {
        self.key(key)
        array(body)
    }
}

/// An array whose elements are written while the document is written, a batch at a time on every core, and handed
/// to the output as they are made: a report of many findings never holds them all as JSON.
struct JSONItems {
    let count: Int
    /// Writes the element at an index. Called on several threads at once: it may only read what the calls share.
    let element: (Int, inout JSONWriter) -> Void
}

/// Deterministic JSON documents: sorted keys, two-space indentation, slashes unescaped.
public enum JSONOutput {
    /// Pretty-printed JSON with sorted keys, byte for byte as Foundation's `JSONSerialization` writes it, written
    /// directly (performance.md: Foundation was the reports' cost). Anything but dictionaries, arrays, strings,
    /// booleans, integers and `JSONItems` is handed to Foundation.
    public static func serialize(_ object: Any) -> String {
        ReportOutput.collect { write(object, to: $0) }
    }

    /// Writes the document to `output`, its `JSONItems` element by element.
    static func write(_ object: Any, to output: ReportOutput) {
        var writer = JSONWriter()
        write(object, into: &writer, output)
        writer.bytes.write(byte: UInt8(ascii: "\n"))
        output.write(&writer.bytes)
    }

    private static func write(_ value: Any, into writer: inout JSONWriter, _ output: ReportOutput) {
        switch value {
        case let items as JSONItems:
            writer.array { writer in
                // What is written so far goes first.
                output.write(&writer.bytes)
                let indent = writer.indent
                output.writeEach(items.count) { index, bytes in
                    JSONWriter.writing(into: &bytes, indent: indent, isEmpty: index == 0) { writer in
                        writer.element()
                        items.element(index, &writer)
                    }
                }
            }
        case let string as String:
            writer.value(string)
        case let bool as Bool:
            writer.value(bool)
        case let int as Int:
            writer.value(int)
        case let dictionary as [String: Any]:
            writer.object { writer in
                for key in dictionary.keys.sorted() {
                    writer.key(named: key)
                    write(dictionary[key]!, into: &writer, output)
                }
            }
        case let array as [Any]:
            writer.array { writer in
                for item in array {
                    writer.element()
                    write(item, into: &writer, output)
                }
            }
        default:
            let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("null".utf8)
            data.withUnsafeBytes { writer.bytes.write($0.bindMemory(to: UInt8.self)) }
        }
    }
}
