import HairlineCompiler
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// libFuzzer target: any bytes as a token set, resolved, then through every emitter; and loaded every way a
/// set is read. Whatever the plain reader or the reader on events reads, the tree reader must read to the same
/// set, and the same errors: a difference is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = outcome(bytes, way: .tree)
    for way in [TokenSetLoader.Way.plain, .events] {
        let fast = outcome(bytes, way: way)
        if fast != tree { fatalError("reading a token set \(way) and from the tree disagree:\n\(fast)\n\(tree)") }
    }
    guard let root = try? YAMLSource.parse(bytes: bytes, file: "fuzz.yaml"),
        let set = try? TokenSetLoader.resolve(root, defaultName: "fuzz")
    else { return 0 }
    _ = ResolvedJSONEmitter.emit(set)
    _ = DTCGEmitter.emit(set)
    _ = try? SwiftEmitter.emit(set)
    return 0
}

/// A set's resolved JSON and Swift (or the Swift's errors), or the set's errors, each error with its place.
func outcome(_ bytes: [UInt8], way: TokenSetLoader.Way) -> String {
    func lines(_ error: DiagnosticError) -> String {
        error.diagnostics.map { "\($0.mark) \($0.message) \($0.notes.map { "\($0.mark.map(String.init(describing:)) ?? "-") \($0.message)" })" }
            .joined(separator: "\n")
    }
    do throws(DiagnosticError) {
        // A path in a folder that does not exist: a resolver's sources are never read.
        let set = try TokenSetLoader.load(bytes: bytes, path: "/nonexistent/fuzz.yaml", way: way)
        do throws(DiagnosticError) {
            return ResolvedJSONEmitter.emit(set) + (try SwiftEmitter.emit(set))
        } catch {
            return ResolvedJSONEmitter.emit(set) + lines(error)
        }
    } catch {
        return lines(error)
    }
}
