import HairlineDiagnostics
import HairlineTokens
import Testing

@Suite("Text buffer")
struct TextBufferTests {
    /// Integers are written as Swift's own `description` writes them, at the edges too.
    @Test(arguments: [0, 7, 9, 10, 99, 100, 255, 999, 1000, -1, -10, -999, 1_234_567, Int.max, Int.min])
    func integersMatchDescription(_ value: Int) {
        var out = TextBuffer()
        out.write(value)
        #expect(out.text == String(value))
    }

    /// Growing past the first capacity keeps every byte, in order, whatever mix of writes made them.
    @Test func growthKeepsEveryByte() {
        var out = TextBuffer(capacity: 1)
        var expected = ""
        for index in 0..<2_000 {
            out.write("é")
            out.write(String(repeating: "x", count: index % 40))
            out.write(byte: UInt8(ascii: " "), count: index % 5)
            out.write(index)
            out.write(Substring("😀;"))
            expected += "é" + String(repeating: "x", count: index % 40) + String(repeating: " ", count: index % 5) + "\(index)😀;"
        }
        #expect(out.text == expected)
    }

    /// Every integer of up to three digits, each written straight in, reads as its `description`.
    @Test func everyShortIntegerMatchesDescription() {
        var out = TextBuffer()
        var expected = ""
        for value in 0...1_000 {
            out.write(value)
            out.write(" ")
            expected += "\(value) "
        }
        #expect(out.text == expected)
    }

    /// Literals are written by their bytes, whatever their length.
    @Test func literalsOfAnyLength() {
        var out = TextBuffer()
        out.write("é")
        out.write("(")
        out.write("")
        out.write("ab")
        #expect(out.text == "é(ab")
    }

    @Test func emptyBufferIsEmptyText() {
        #expect(TextBuffer().text.isEmpty)
    }

    /// A buffer without a stream that fills goes on in new storage, what it holds kept as a part and never
    /// copied: parts in order, none larger than the largest growth unless one write was, every byte once.
    @Test func growingWithoutAStreamKeepsParts() {
        var out = TextBuffer(capacity: 4)
        var expected: [UInt8] = []
        let line = Array("0123456789abcdef, é\n".utf8)
        for _ in 0..<200_000 {
            line.withUnsafeBufferPointer { out.write($0) }
            expected += line
        }
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        block.withUnsafeBufferPointer { out.write($0) }
        expected += block
        out.write("end")
        expected += Array("end".utf8)
        var sizes: [Int] = []
        var joined: [UInt8] = []
        out.parts { part in
            sizes.append(part.count)
            joined += part
        }
        #expect(joined == expected)
        #expect(out.totalCount == expected.count)
        // 4.2 MB in lines, then 3 MB at once: the lines in parts of at most 1 MB, the block in one of its own.
        #expect(sizes.count > 5)
        #expect(sizes.filter { $0 > 1 << 20 } == [3 << 20])
    }
}

@Suite("RGBA channels")
struct RGBABytesTests {
    /// OKLCH, against the published values of the sRGB primaries (CSS Color 4: red is oklch(62.796% 0.25768 29.234)); a grey has no chroma.
    @Test(arguments: [
        ("#FF0000", 0.62796, 0.25768, 29.234), ("#00FF00", 0.86644, 0.29483, 142.495), ("#0000FF", 0.45201, 0.31321, 264.052),
        ("#FFFFFF", 1.0, 0.0, 0.0), ("#808080", 0.59987, 0.0, 0.0),
    ])
    func oklch(_ hex: String, _ lightness: Double, _ chroma: Double, _ hue: Double) throws {
        let colour = try #require(RGBA(hex: hex)).oklch
        #expect(abs(colour.lightness - lightness) < 0.001, "\(colour)")
        #expect(abs(colour.chroma - chroma) < 0.001, "\(colour)")
        #expect(abs(colour.hue - hue) < 0.5, "\(colour)")
    }

    /// The long and the short hex forms give the same channels, alpha 255 when not written.
    @Test(arguments: [
        ("#1A2B3C", 0x1A, 0x2B, 0x3C, 255), ("#1a2b3c80", 0x1A, 0x2B, 0x3C, 0x80), ("#ABC", 0xAA, 0xBB, 0xCC, 255),
        ("#abcd", 0xAA, 0xBB, 0xCC, 0xDD), ("#000000", 0, 0, 0, 255), ("#FFFFFF00", 255, 255, 255, 0),
    ])
    func channels(_ hex: String, _ red: Int, _ green: Int, _ blue: Int, _ alpha: Int) throws {
        let bytes = try #require(RGBA.bytes(hex: hex))
        #expect([bytes.red, bytes.green, bytes.blue, bytes.alpha] == [red, green, blue, alpha])
        // The channels agree with the colour the same text parses to.
        let rgba = try #require(RGBA(hex: hex))
        #expect([rgba.red, rgba.green, rgba.blue, rgba.alpha].map(RGBA.byte) == [red, green, blue, alpha])
    }

    @Test(arguments: ["", "#", "123456", "#12345", "#1234567", "#GGGGGG", "#12 456", "#1G2B3C", "#12345G", "#1G3", "#123G", "#1234567G"])
    func notAColour(_ hex: String) {
        #expect(RGBA.bytes(hex: hex) == nil)
        #expect(RGBA(hex: hex) == nil)
    }
}

@Suite("Text buffer written on every core")
struct ParallelTextBufferTests {
    static func write(_ range: Range<Int>, to out: inout TextBuffer) {
        for index in range {
            out.write(index)
            out.write(index % 3 == 0 ? "é\n" : ",")
        }
    }

    /// A round of writes: a head, then `count` items written on every core with `bytesPerItem` of room each,
    /// into `out`; the same in one pass into `expected`.
    static func writeRound(_ round: Int, count: Int, bytesPerItem: Int, to out: inout TextBuffer, expected: inout TextBuffer) {
        out.write("(\(round)é")
        expected.write("(\(round)é")
        out.write(count, parallelMinimum: 1, bytesPerItem: bytesPerItem) { write($0, to: &$1) }
        write(0..<count, to: &expected)
    }

    /// Cut into ranges written on every core and joined, the bytes are those of one pass, for any count.
    @Test(arguments: [0, 1, 2, 3, 7, 1_000, 10_001])
    func partsJoinToTheBytesOfOnePass(_ count: Int) {
        var one = TextBuffer()
        one.write("[")
        one.write(count, parallelMinimum: .max, bytesPerItem: 4) { Self.write($0, to: &$1) }
        var every = TextBuffer()
        every.write("[")
        every.write(count, parallelMinimum: 1, bytesPerItem: 1) { Self.write($0, to: &$1) }
        var expected = TextBuffer()
        expected.write("[")
        Self.write(0..<count, to: &expected)
        #expect(one.bytes == expected.bytes)
        #expect(every.bytes == expected.bytes)
    }

    /// Written on every core more than once, with writes before, between and after, the parts are kept apart
    /// in order: each part once, their bytes those of one pass, as bytes, as text and as a finished text.
    @Test(arguments: [0, 1, 3, 1_000])
    func partsStayApartInOrder(_ count: Int) {
        // Room for what is written between the rounds: the buffer does not grow into parts of its own.
        var every = TextBuffer(capacity: 64)
        var expected = TextBuffer()
        for round in 0..<3 {
            // Room for every item (at most eight bytes): no part grows into parts of its own.
            Self.writeRound(round, count: count, bytesPerItem: 8, to: &every, expected: &expected)
            every.write(round)
            expected.write(round)
        }
        var parts: [[UInt8]] = []
        every.parts { parts.append(Array($0)) }
        // A head before each round's parts, each round's parts (four a core, two cores at least), and the last
        // writes; or one part, when there are too few items to cut.
        let cut = min(count, 4 * max(2, Parallel.cores))
        #expect(parts.count == (cut < 2 ? 1 : 4 + 3 * cut))
        #expect(parts.joined().elementsEqual(expected.bytes))
        #expect(every.totalCount == expected.bytes.count)
        #expect(every.bytes == expected.bytes)
        #expect(every.text == expected.text)
        let finished = FinishedText(every)
        #expect(finished.bytes == expected.bytes)
        var again: [UInt8] = []
        finished.parts { again += $0 }
        #expect(again == expected.bytes)
        #expect(FinishedText(expected.bytes).bytes == expected.bytes)
    }
}
