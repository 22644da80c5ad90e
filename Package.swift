// swift-tools-version:6.0
import Foundation
import PackageDescription

// One stage per module, each depending only on the stages before it:
// YAML -> tokens -> compiler / lint -> report -> the `hairline` executable.
let package = Package(
    name: "Hairline",
    products: [
        .executable(name: "hairline", targets: ["hairline"]),
        .plugin(name: "HairlineTokensPlugin", targets: ["HairlineTokensPlugin"]),
        .plugin(name: "HairlineCommandPlugin", targets: ["HairlineCommandPlugin"]),
    ],
    dependencies: [],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "HairlineDiagnostics"),
        .target(name: "HairlineYAML", dependencies: ["CYAML", "HairlineDiagnostics"]),
        .target(name: "HairlineTokens", dependencies: ["HairlineYAML", "HairlineDiagnostics"]),
        .target(name: "HairlineCompiler", dependencies: ["HairlineTokens", "HairlineDiagnostics"]),
        .target(name: "HairlineLint", dependencies: ["HairlineTokens", "HairlineYAML", "HairlineDiagnostics"]),
        .target(name: "HairlineReport", dependencies: ["HairlineDiagnostics"]),
        // Swift source read as screens, through the toolchain's own parser.
        .target(name: "HairlineSwift", dependencies: ["HairlineDiagnostics", "HairlineYAML", "HairlineTokens", "HairlineLint"]),
        // The pipelines every front end shares: compile, lint with fixes, diff uses, coverage; config, systems, documents.
        .target(
            name: "HairlineEngine",
            dependencies: ["HairlineYAML", "HairlineTokens", "HairlineCompiler", "HairlineLint", "HairlineSwift", "HairlineReport", "HairlineDiagnostics"]),
        // `hairline lsp`: the engine behind the Language Server Protocol, with Foundation only.
        .target(
            name: "HairlineLanguageServer",
            dependencies: ["HairlineDiagnostics", "HairlineYAML", "HairlineTokens", "HairlineLint", "HairlineEngine"]),
        .executableTarget(
            name: "hairline",
            dependencies: [
                "HairlineYAML", "HairlineTokens", "HairlineCompiler", "HairlineLint", "HairlineReport", "HairlineEngine",
                "HairlineLanguageServer",
            ]
        ),
        // SwiftPM plugins: token Swift generated at build time, and `swift package hairline`.
        .plugin(name: "HairlineTokensPlugin", capability: .buildTool(), dependencies: ["hairline"]),
        .plugin(
            name: "HairlineCommandPlugin",
            capability: .command(
                intent: .custom(verb: "hairline", description: "Run hairline (default: lint) in the package's folder")),
            dependencies: ["hairline"]),
        // The benchmark: generated inputs, the bare libyaml floor (so it imports CYAML itself), the built `hairline`
        // binary and the library in-process, timed side by side. `swift run -c release hairline-bench`.
        .executableTarget(name: "hairline-bench", dependencies: ["CYAML", "HairlineDiagnostics", "HairlineEngine"]),
        .testTarget(
            name: "HairlineTests",
            dependencies: [
                "HairlineYAML", "HairlineTokens", "HairlineCompiler", "HairlineLint", "HairlineReport",
                "HairlineDiagnostics", "HairlineEngine", "HairlineLanguageServer", "HairlineSwift", "hairline",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)

// libFuzzer targets (Fuzz/run.sh): only when HAIRLINE_FUZZ is set, since they have no `main` of their own and
// link only with `--sanitize=fuzzer`.
if ProcessInfo.processInfo.environment["HAIRLINE_FUZZ"] != nil {
    let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .executableTarget(name: "fuzz-yaml", dependencies: ["HairlineYAML"], path: "Fuzz/Sources/fuzz-yaml", swiftSettings: fuzzFlags),
        .executableTarget(
            name: "fuzz-tokens", dependencies: ["HairlineYAML", "HairlineTokens", "HairlineCompiler"],
            path: "Fuzz/Sources/fuzz-tokens", swiftSettings: fuzzFlags),
        .executableTarget(
            name: "fuzz-lint", dependencies: ["HairlineYAML", "HairlineTokens", "HairlineLint"], path: "Fuzz/Sources/fuzz-lint",
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "fuzz-selectors", dependencies: ["HairlineYAML", "HairlineTokens", "HairlineLint"], path: "Fuzz/Sources/fuzz-selectors",
            swiftSettings: fuzzFlags),
        .executableTarget(
            name: "fuzz-rules", dependencies: ["HairlineDiagnostics", "HairlineYAML", "HairlineTokens", "HairlineLint"],
            path: "Fuzz/Sources/fuzz-rules", swiftSettings: fuzzFlags),
    ]
}
