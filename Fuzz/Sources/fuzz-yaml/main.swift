import HairlineYAML

/// libFuzzer target: any bytes through the YAML layer. A crash, a hang or a runaway allocation is a finding;
/// a YAMLError is the expected answer to bad input. Every node of a document that parses has a range inside the
/// file's bytes, found from libyaml's end marks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let node = try? YAMLSource.parse(bytes: bytes, file: "fuzz.yaml") else { return 0 }
    let ranges = NodeRanges(bytes: bytes)
    check(node, ranges, count: bytes.count)
    return 0
}

/// Every node's range starts at or before its end, both within the file.
func check(_ node: Node, _ ranges: NodeRanges, count: Int) {
    let range = ranges.range(at: node.mark)
    if range.start.offset > range.end.offset || range.end.offset > count { fatalError("range \(range) of \(node.mark) is outside the file") }
    switch node.content {
    case .scalar: break
    case .sequence(let items): for item in items { check(item, ranges, count: count) }
    case .mapping(let pairs):
        for pair in pairs {
            check(pair.key, ranges, count: count)
            check(pair.value, ranges, count: count)
        }
    }
}
