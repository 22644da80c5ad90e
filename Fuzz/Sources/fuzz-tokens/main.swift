import HairlineCompiler
import HairlineTokens
import HairlineYAML

/// libFuzzer target: any bytes as a token set, resolved, then through every emitter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let root = try? YAMLSource.parse(bytes: bytes, file: "fuzz.yaml"),
        let set = try? TokenSetLoader.resolve(root, defaultName: "fuzz")
    else { return 0 }
    _ = ResolvedJSONEmitter.emit(set)
    _ = DTCGEmitter.emit(set)
    _ = try? SwiftEmitter.emit(set)
    return 0
}
