// swift-tools-version:6.0
import PackageDescription

// One stage per module, each depending only on the stages before it:
// YAML -> tokens -> compiler / lint -> report -> the `hairline` executable.
let package = Package(
    name: "Hairline",
    products: [
        .executable(name: "hairline", targets: ["hairline"]),
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
        .executableTarget(
            name: "hairline",
            dependencies: ["HairlineYAML", "HairlineTokens", "HairlineCompiler", "HairlineLint", "HairlineReport"]
        ),
        .testTarget(
            name: "HairlineTests",
            dependencies: [
                "HairlineYAML", "HairlineTokens", "HairlineCompiler", "HairlineLint", "HairlineReport",
                "HairlineDiagnostics", "hairline",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
