import HairlineCompiler
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// libFuzzer target: any bytes as a token set, read and resolved (every error reported, never a crash), then
/// through every emitter. A set that loads must compile the same twice: output is deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A path in a folder that does not exist: a resolver's sources are never read.
    guard let set = try? TokenSetLoader.load(bytes: bytes, path: "/nonexistent/fuzz.yaml") else { return 0 }
    let json = ResolvedJSONEmitter.emit(set)
    _ = DTCGEmitter.emit(set)
    let swift = try? SwiftEmitter.emit(set)
    guard let again = try? TokenSetLoader.load(bytes: bytes, path: "/nonexistent/fuzz.yaml") else { fatalError("a set loaded once, not twice") }
    if ResolvedJSONEmitter.emit(again) != json || (try? SwiftEmitter.emit(again)) != swift { fatalError("the same set compiled differently") }
    return 0
}
