// swift-tools-version:6.0
import PackageDescription

// An app package that uses Hairline's plugins: DesignTokens gets its Swift generated from app.tokens.yaml at
// build time, and `swift package hairline` lints the screens this package's .hairline.yml maps.
let package = Package(
    name: "PluginPackage",
    dependencies: [.package(name: "Hairline", path: "../..")],
    targets: [
        .target(
            name: "DesignTokens",
            plugins: [.plugin(name: "HairlineTokensPlugin", package: "Hairline")]),
        .executableTarget(name: "TokenDemo", dependencies: ["DesignTokens"]),
    ]
)
