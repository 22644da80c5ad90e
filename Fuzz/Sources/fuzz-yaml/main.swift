import HairlineYAML

/// libFuzzer target: any bytes through the YAML layer. A crash, a hang or a runaway allocation is a finding;
/// a YAMLError is the expected answer to bad input. Any document `EventReader` reads through, the tree parser
/// must parse, to as many nodes as the reader gave events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let node = try? YAMLSource.parse(bytes: bytes, file: "fuzz.yaml")
    _ = node?.kindDescription
    if let events = eventCount(bytes) {
        guard let node else { fatalError("EventReader read a document the tree parser refuses") }
        if events != nodeCount(node) { fatalError("EventReader gave \(events) nodes, the tree has \(nodeCount(node))") }
    }
    return 0
}

/// The scalars and collections `EventReader` reads, or nil when it stops before the document ends.
func eventCount(_ bytes: [UInt8]) -> Int? {
    guard var reader = EventReader(bytes: bytes, file: "fuzz.yaml") else { return nil }
    var count = 0
    while true {
        switch reader.next() {
        case .scalar, .sequenceStart, .mappingStart: count += 1
        case .end: break
        case .documentEnd: return count
        case .stopped: return nil
        }
    }
}

func nodeCount(_ node: Node) -> Int {
    switch node.content {
    case .scalar: 1
    case .sequence(let items): 1 + items.reduce(0) { $0 + nodeCount($1) }
    case .mapping(let pairs): 1 + pairs.reduce(0) { $0 + nodeCount($1.key) + nodeCount($1.value) }
    }
}
