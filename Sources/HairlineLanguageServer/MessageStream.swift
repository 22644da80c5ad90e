import Foundation

/// JSON-RPC messages framed as LSP frames them: `Content-Length: N` and a blank line, then N bytes of JSON.
public enum MessageFrame {
    /// What reading the next frame gave.
    public enum Read: Sendable, Equatable {
        /// A frame's body.
        case message([UInt8])
        /// A header block without a usable `Content-Length`: the bytes up to its blank line are skipped.
        case badHeader(String)
        /// The input ended.
        case end
    }

    /// A message framed for writing.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

/// Reads frames from a file descriptor, blocking; only the server's reader thread calls it.
public final class FrameReader: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The largest body taken: a larger one is skipped unread and answered as a bad message, never allocated. The
    /// command line reads files of up to 32 MiB; a message carries one, escaped, with room to spare.
    public static let maxBody = 64 << 20
    /// The longest header block: a longer one is skipped to its end, never buffered whole.
    public static let maxHeader = 8 << 10

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next frame.
    public func next() -> MessageFrame.Read {
        // The headers: lines up to an empty one.
        let headerEnd: Int
        switch find([13, 10, 13, 10], within: Self.maxHeader) {
        case .end: return .end
        case .tooLong:
            guard skipPast([13, 10, 13, 10]) else { return .end }
            return .badHeader("a message's headers are longer than \(Self.maxHeader) bytes; skipped")
        case .found(let offset): headerEnd = offset
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        start = headerEnd + 4
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            return .badHeader("a message's headers need a Content-Length; got '\(header.prefix(200))'")
        }
        guard length <= Self.maxBody else {
            // The body is skipped, so that it is never read as the next message's headers.
            guard skip(length) else { return .end }
            return .badHeader("a message of \(length) bytes is over the limit of \(Self.maxBody); skipped")
        }
        guard fill(length) else { return .end }
        let body = Array(buffer[start..<(start + length)])
        start += length
        return .message(body)
    }

    enum Found {
        case found(Int)
        case tooLong
        case end
    }

    /// The offset of `pattern` at or after `start`, reading more as needed, looked for in the first `limit` bytes.
    private func find(_ pattern: [UInt8], within limit: Int) -> Found {
        var from = start
        while true {
            if buffer.count - from >= pattern.count {
                let last = buffer.count - pattern.count
                var index = from
                while index <= last {
                    if buffer[index] == pattern[0], buffer[index..<(index + pattern.count)].elementsEqual(pattern) { return .found(index) }
                    index += 1
                }
                from = last + 1
            }
            if from - start > limit { return .tooLong }
            // Reading may drop the bytes before `start`: keep the place relative to it.
            let ahead = from - start
            guard readMore() else { return .end }
            from = start + ahead
        }
    }

    /// Drops bytes up to and past the next `pattern`, holding no more than a read's worth; false at the end of input.
    private func skipPast(_ pattern: [UInt8]) -> Bool {
        while true {
            switch find(pattern, within: Self.maxHeader) {
            case .found(let offset):
                start = offset + pattern.count
                return true
            case .tooLong: start = buffer.count - (pattern.count - 1)
            case .end: return false
            }
        }
    }

    /// Drops the next `count` bytes, holding no more than a read's worth; false at the end of input.
    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if buffer.count == start, !readMore() { return false }
            let taken = min(left, buffer.count - start)
            start += taken
            left -= taken
        }
        return true
    }

    /// Whether the buffer holds `count` bytes from `start`, reading as needed. (Reading may move `start`: the count
    /// is kept from it, not an end fixed before the read.)
    private func fill(_ count: Int) -> Bool {
        while buffer.count - start < count {
            guard readMore() else { return false }
        }
        return true
    }

    private func readMore() -> Bool {
        if ended { return false }
        // Drop what was taken, once it is most of the buffer.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
                return true
            }
            if count < 0, errno == EINTR { continue }
            ended = true
            return false
        }
    }
}

/// Writes frames to a file descriptor, one whole frame at a time whatever thread writes.
public final class FrameWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes one message; a closed output is ignored (the reader sees the client go).
    public func send(_ message: JSONValue) {
        let bytes = MessageFrame.frame(message.text)
        lock.withLock {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
