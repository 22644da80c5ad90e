/// UTF-8 text built up by appending bytes: what the emitters and the reports write large outputs into.
///
/// Appending to a `String` checks its capacity, its flags and its breadcrumbs on every call; appending here is a
/// bounds check and a copy.
/// The buffer owns its storage, so it cannot be copied.
///
/// What was written on every core (`write(_:parallelMinimum:bytesPerItem:_:)`) stays in the parts it was
/// written in, after what was written before it, and is never joined; so does what filled a buffer without a
/// stream before it grew (`grow`). `parts` hands each over in order, to be written out where it is (`bytes` and
/// `text` join them, for small outputs and tests).
public struct TextBuffer: ~Copyable {
    // Inlinable, with its storage: the emitters in another module call these for every few bytes they write.
    /// The part being written, the last.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// The parts before it, in order.
    private var finished: [TextPart] = []
    /// Where each finished part is handed on as it is finished, if anywhere.
    private var stream: TextStream?

    /// An empty buffer with room for `capacity` bytes.
    @inlinable public init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    /// An empty buffer with room for `capacity` bytes, whose parts are handed on to `stream` as they are finished.
    public init(capacity: Int, stream: TextStream?) {
        self.init(capacity: capacity)
        self.stream = stream
    }

    deinit { start.deallocate() }

    /// The text written so far.
    public var text: String {
        String(unsafeUninitializedCapacity: totalCount) { target in
            var written = 0
            parts { part in
                _ = UnsafeMutableBufferPointer(rebasing: target[written...]).initialize(fromContentsOf: part)
                written += part.count
            }
            return written
        }
    }

    /// The bytes written so far: one copy, with no check that they are UTF-8 (a `String` checks every byte).
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(totalCount)
        parts { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// How many bytes were written.
    public var totalCount: Int {
        finished.reduce(count) { $0 + $1.buffer.totalCount }
    }

    /// Hands each part of what was written to `body`, in order; the bytes are good only in the call.
    public func parts<Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        try parts(from: 0, body)
    }

    /// Hands each part from the `first`-th on to `body`, in order (the one being written is the last).
    public func parts<Failure: Error>(from first: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        for part in finished.dropFirst(first) { try part.buffer.parts(body) }
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties the buffer, keeping the storage of the part being written.
    public mutating func removeAll() {
        finished.removeAll()
        count = 0
    }

    /// Appends bytes of UTF-8.
    @inlinable @inline(__always) public mutating func write(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress, !utf8.isEmpty else { return }
        reserve(utf8.count)
        (start + count).initialize(from: source, count: utf8.count)
        count += utf8.count
    }

    /// Makes room for `more` bytes.
    @inlinable mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        grow(more)
    }

    /// Makes room for `more` bytes when the storage is full. A buffer that hands its parts to a stream doubles
    /// its storage, copying what it holds (its finished parts are the stream's places). Any other finishes what
    /// it holds as a part, never copied, and goes on in new storage, twice as large up to `largestGrowth`. So a
    /// buffer can be made with a low estimate of what it will hold, and the parts of a large text written on
    /// every core leave little room reserved and never written.
    @usableFromInline mutating func grow(_ more: Int) {
        let grown = stream == nil ? max(min(capacity * 2, Self.largestGrowth), more) : max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        if stream == nil {
            if count > 0 { finished.append(finishPart()) }
        } else {
            moved.moveInitialize(from: start, count: count)
        }
        start.deallocate()
        start = moved
        capacity = grown
    }

    /// The most new storage a buffer without a stream takes at once, unless more is written at once.
    @usableFromInline static let largestGrowth = 1 << 20

    /// What was written into the storage, as a part of its own, the storage left empty (and small).
    private mutating func finishPart() -> TextPart {
        let part = TextPart(capacity: 16)
        swap(&part.buffer.start, &self.start)
        swap(&part.buffer.count, &self.count)
        swap(&part.buffer.capacity, &self.capacity)
        return part
    }

    /// Appends a literal: its bytes reached directly where it holds them (a literal in code does), without the
    /// closure `withUTF8Buffer` takes, which kept this from being inlined.
    @inlinable @inline(__always) public mutating func write(_ literal: StaticString) {
        if literal.hasPointerRepresentation {
            write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        } else {
            literal.withUTF8Buffer { write($0) }
        }
    }

    /// Appends a string's UTF-8 bytes. Disfavoured, so that a literal takes the `StaticString` way, which
    /// reaches its bytes without a check of the string's form (an emitter writes several literals a token).
    @_disfavoredOverload
    @inlinable public mutating func write(_ string: String) {
        string.withContiguousUTF8 { write($0) }
    }

    /// Appends a substring's UTF-8 bytes.
    @_disfavoredOverload
    @inlinable public mutating func write(_ string: Substring) {
        var string = string
        string.withUTF8 { write($0) }
    }

    /// Appends one byte.
    @inlinable @inline(__always) public mutating func write(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Appends `count` copies of a byte: indentation.
    @inlinable public mutating func write(byte: UInt8, count repeats: Int) {
        reserve(repeats)
        (start + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }

    /// Appends an integer in decimal. One of up to three digits (a colour's channels, most sizes) is written
    /// here, where it is called, each digit a division by a constant the compiler makes a multiplication.
    @inlinable @inline(__always) public mutating func write(_ value: Int) {
        if (0..<1000).contains(value) {
            reserve(3)
            if value >= 100 {
                start[count] = UInt8(truncatingIfNeeded: 48 + value / 100)
                count += 1
            }
            if value >= 10 {
                start[count] = UInt8(truncatingIfNeeded: 48 + value / 10 % 10)
                count += 1
            }
            start[count] = UInt8(truncatingIfNeeded: 48 + value % 10)
            count += 1
        } else if value < 0 {
            write(byte: UInt8(ascii: "-"))
            // `-Int.min` overflows; its magnitude is written as unsigned.
            write(magnitude: value.magnitude)
        } else {
            write(magnitude: UInt(value))
        }
    }

    @usableFromInline mutating func write(magnitude: UInt) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in  // UInt.max has 20
            var first = digits.count
            var rest = magnitude
            while rest > 0 {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            write(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
}

/// A buffer that a class holds, so that it can be made on one thread and read on another.
final class TextPart {
    var buffer: TextBuffer
    init(capacity: Int) { buffer = TextBuffer(capacity: capacity) }
}

/// A finished text, read only: handed to another thread to be written out part by part.
public final class FinishedText: @unchecked Sendable {
    private let buffer: TextBuffer

    public init(_ buffer: consuming TextBuffer) {
        self.buffer = buffer
    }

    /// A text of bytes, in one part.
    public convenience init(_ bytes: [UInt8]) {
        var buffer = TextBuffer(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { buffer.write($0) }
        self.init(buffer)
    }

    /// Its bytes, joined.
    public var bytes: [UInt8] { buffer.bytes }

    /// Hands each part of it to `body`, in order; the bytes are good only in the call.
    public func parts<Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        try buffer.parts(body)
    }

    /// Hands each part from the `first`-th on to `body`, in order: the parts a stream did not (`TextStream.finish`).
    public func parts<Failure: Error>(from first: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        try buffer.parts(from: first, body)
    }
}

extension TextBuffer {
    /// Writes items `0..<count` in order with `body`, which writes a range of them into a buffer. A large
    /// output (`count` of at least `parallelMinimum`) is cut into ranges written on every core, each into a
    /// buffer of its own (`bytesPerItem` reserved per item), kept in order: the same bytes as one call on the
    /// whole range. With a stream, each is handed on to it as it is finished, after what was written before.
    /// `body` runs on several threads at once: it may only read what they share.
    public mutating func write(
        _ count: Int, parallelMinimum: Int, bytesPerItem: Int, _ body: (Range<Int>, inout TextBuffer) -> Void
    ) {
        // Cut into more ranges than cores: streamed, they are finished about in order, and each is handed on
        // while the ones after it are written.
        let ranges = Parallel.ranges(count, parts: Parallel.parts(count, minimum: parallelMinimum))
        guard ranges.count > 1 else {
            body(0..<count, &self)
            return
        }
        // What was written so far is finished, as a part of its own, and the new parts follow it; what is
        // written next goes into a new part after them.
        let head = finishPart()
        let stream = self.stream
        let place = stream?.reserve(ranges.count + 1)
        if let stream, let place { stream.arrive(head, at: place) }
        let written = Parallel.map(ranges.count) { index in
            let part = TextPart(capacity: ranges[index].count * bytesPerItem)
            body(ranges[index], &part.buffer)
            if let stream, let place { stream.arrive(part, at: place + 1 + index) }
            return part
        }
        finished.append(head)
        finished += written
    }
}

extension TextBuffer {
    /// The text `body` writes into a new buffer.
    public static func text(_ body: (inout TextBuffer) -> Void) -> String {
        var out = TextBuffer()
        body(&out)
        return out.text
    }

    /// Appends a JSON array or object: `open`, each item written by `body`, `separator` between them, `close`. The
    /// one container writer of token values and the language server's messages, whose spellings differ (`", "` and
    /// `","`).
    public mutating func writeJSONList<Items: Sequence>(
        _ items: Items, open: String, close: String, separator: String, _ body: (Items.Element, inout TextBuffer) -> Void
    ) {
        write(open)
        var first = true
        for item in items {
            if !first { write(separator) }
            first = false
            body(item, &self)
        }
        write(close)
    }

    /// Appends a JSON string literal, escaped as RFC 8259 requires: the bytes of a multi-byte character are all
    /// 0x80 or above, so escaping works byte by byte, and most strings have nothing to escape and go in whole.
    /// Backspace and form feed are `\b` and `\f` where `namedControls` (as Foundation's `JSONSerialization` writes
    /// them, what the reports match), else `\u0008` and `\u000c`.
    public mutating func writeJSONString(_ value: String, namedControls: Bool = false) {
        value.withContiguousUTF8 { bytes in
            write(byte: UInt8(ascii: "\""))
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                write(bytes)
                write(byte: UInt8(ascii: "\""))
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): write("\\\"")
                case UInt8(ascii: "\\"): write("\\\\")
                case UInt8(ascii: "\n"): write("\\n")
                case UInt8(ascii: "\r"): write("\\r")
                case UInt8(ascii: "\t"): write("\\t")
                case 0x08 where namedControls: write("\\b")
                case 0x0C where namedControls: write("\\f")
                case ..<0x20:
                    write("\\u00")
                    write(byte: UInt8(ascii: "0") + byte >> 4)
                    let low = byte & 0xF
                    write(byte: low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") - 10 + low)
                default: write(byte: byte)
                }
            }
            write(byte: UInt8(ascii: "\""))
        }
    }
}
