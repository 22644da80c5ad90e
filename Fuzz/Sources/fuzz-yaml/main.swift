import HairlineYAML

/// libFuzzer target: any bytes through the YAML layer. A crash, a hang or a runaway allocation is a finding;
/// a YAMLError is the expected answer to bad input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let node = try? YAMLSource.parse(bytes: bytes, file: "fuzz.yaml") {
        _ = node.kindDescription
    }
    return 0
}
