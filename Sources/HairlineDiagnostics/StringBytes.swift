extension String {
    /// Calls `body` with the string's UTF-8 bytes: a native or small string's where they are, with no copy of the
    /// string made to reach them (a `var` copy for `withUTF8` costs a retain, a release and a uniqueness check,
    /// for every path compared and every string written); a bridged string's copied first. The bytes are good
    /// only in the call.
    @inlinable
    public func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
