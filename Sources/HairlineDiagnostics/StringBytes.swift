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
