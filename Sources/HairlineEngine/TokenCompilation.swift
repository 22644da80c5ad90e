import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// The compile pipeline (`hairline compile`, the build plugin, the bench): a token set loaded, its outputs
/// generated, and written all or none. An output that cannot be written, or a set that does not compile, leaves
/// every target as it was.
public struct TokenCompilation: Sendable {
    /// A generated file.
    public enum Output: String, Sendable, CaseIterable {
        case swift, json, dtcg, html
    }

    /// The token set: a YAML set, a DTCG resolver or a Theo file.
    public var input: String
    /// The files to write, in the order they are generated.
    public var outputs: [(output: Output, path: String)]
    public var swiftOptions = SwiftEmitter.Options()
    /// The asset catalog to write, a folder whose name ends `.xcassets`.
    public var catalog: String?
    /// The appearance each mode stands for in the catalog, where its name does not say.
    public var appearances: [String: XCAssetsEmitter.Appearance] = [:]
    /// Accept what real-world token files bend, with warnings.
    public var lenient = false
    /// Where the set and the files it names are read: confined to the project.
    public var documents: Documents = .disk
    /// How many screen places name each token, for the HTML sheet; nil to leave the counts out.
    public var uses: [String: Int]?

    public init(input: String, outputs: [(output: Output, path: String)]) {
        self.input = input
        self.outputs = outputs
    }

    /// What a compile did.
    public struct Outcome: Sendable {
        /// What the set bends (lenient reading), reported whether or not it compiles.
        public var warnings: [Diagnostic] = []
        /// Why nothing was written: the set, an option, or a file that could not be written.
        public var errors: [Diagnostic] = []
        /// When checking: the output files that are missing, and the outputs (the catalog too) that differ from
        /// what would be written.
        public var missing: [String] = []
        public var stale: [String] = []
    }

    /// Generates every output and writes them all (or, `checking`, compares each with the file on disk and writes
    /// nothing).
    public func run(checking: Bool = false) -> Outcome {
        var outcome = Outcome()
        let set: TokenSet
        var generated: [(path: String, text: FinishedText)] = []
        // Each output is written (and synced) to a temporary beside it as it is generated and on a thread of its
        // own once it is, while the next is generated; only when all are written are they renamed over their
        // targets. The temporaries are created once the set is loaded, before anything is generated: creating a
        // file while another in its directory is being synced waits for the sync.
        var created: [Result<AtomicFile.Temporary, AtomicFile.WriteError>] = []
        var writes: [(path: String, temporary: Pending<Result<AtomicFile.Prepared, AtomicFile.WriteError>>)] = []
        func discardWrites() {
            for case .success(let prepared) in writes.map(\.temporary.value) { AtomicFile.discard(prepared.path) }
        }
        do throws(DiagnosticError) {
            set = try TokenSetLoader.load(path: input, lenient: lenient, documents: documents)
            outcome.warnings = set.warnings
            if !checking {
                created = outputs.map { request in Result { () throws(AtomicFile.WriteError) in try AtomicFile.create(for: request.path) } }
            }
            // One output after another: the large ones (Swift, JSON) spread their own work over every core, and
            // write each finished part to their temporary's stream.
            for (index, (output, path)) in outputs.enumerated() {
                let text = try emit(output, set, stream: checking ? nil : try? created[index].get().stream)
                if checking {
                    generated.append((path, text))
                } else {
                    let temporary = created[index]
                    writes.append((path, Pending { temporary.flatMap { created in Result { () throws(AtomicFile.WriteError) in try AtomicFile.fill(created, with: text) } } }))
                }
            }
        } catch {
            discardWrites()
            for case .success(let temporary) in created.dropFirst(writes.count) { AtomicFile.discard(temporary) }
            outcome.errors = error.diagnostics
            return outcome
        }
        if let unknown = appearances.keys.sorted().first(where: { !set.modes.contains($0) }) {
            discardWrites()
            outcome.errors = [.inputError("usage", "--appearance names \(unknown), which is not a mode of \(input) (\(set.modes.joined(separator: ", ")))", at: .start(of: input))]
            return outcome
        }
        if catalog != nil, case let collisions = XCAssetsEmitter.collisions(in: set), !collisions.isEmpty {
            discardWrites()
            outcome.errors = collisions
            return outcome
        }
        let catalogFiles = catalog.map { _ in XCAssetsEmitter.emit(set, appearances: appearances) }
        if checking {
            for (path, text) in generated {
                guard let data = FileManager.default.contents(atPath: path) else {
                    outcome.missing.append(path)
                    continue
                }
                if data != Data(text.bytes) { outcome.stale.append(path) }
            }
            // A catalog that is missing, or holds other files, is stale as a whole.
            if let catalog, let files = catalogFiles,
                !AtomicFolder.holds((try? AtomicFolder.contents(of: catalog, isGenerated: Self.isCatalogFile)) ?? nil, exactly: files)
            {
                outcome.stale.append(catalog)
            }
            return outcome
        }
        // The catalog first: a catalog that cannot be written leaves every output as it was.
        if let catalog, let files = catalogFiles {
            do throws(AtomicFile.WriteError) {
                try AtomicFolder.replace(catalog, with: files, isGenerated: Self.isCatalogFile)
            } catch {
                discardWrites()
                outcome.errors = [Self.writeError(error)]
                return outcome
            }
        }
        // The first failure, in output order, is reported.
        let prepared = writes.map(\.temporary.value)
        var failure: AtomicFile.WriteError?
        for case .failure(let error) in prepared where failure == nil { failure = error }
        for (path, temporary) in zip(writes.map(\.path), prepared) {
            guard case .success(let temporary) = temporary else { continue }
            if failure != nil {
                AtomicFile.discard(temporary.path)
                continue
            }
            do throws(AtomicFile.WriteError) { try AtomicFile.commit(temporary, to: path) } catch { failure = error }
        }
        if let failure { outcome.errors = [Self.writeError(failure)] }
        return outcome
    }

    /// One output's UTF-8 bytes, in the parts a large one was written in on every core; those finished before the
    /// rest handed on to `stream`, if any, as they are finished.
    private func emit(_ output: Output, _ set: TokenSet, stream: TextStream?) throws(DiagnosticError) -> FinishedText {
        switch output {
        case .swift: try SwiftEmitter.emitText(set, options: swiftOptions, stream: stream)
        case .json: ResolvedJSONEmitter.emitText(set, stream: stream)
        case .dtcg: FinishedText(Array(DTCGEmitter.emit(set).utf8))
        case .html: FinishedText(Array(HTMLSheetEmitter.emit(set, uses: uses).utf8))
        }
    }

    /// A file an asset catalog of colours holds: a `Contents.json` in the catalog, a group folder or a colour set.
    public static func isCatalogFile(_ relative: String) -> Bool {
        let components = relative.split(separator: "/")
        return components.last == "Contents.json" && components.dropLast().allSatisfy { $0.hasSuffix(".colorset") || !$0.contains(".") }
    }

    private static func writeError(_ error: AtomicFile.WriteError) -> Diagnostic {
        .inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))
    }
}
