import Foundation
import HairlineCompiler
import HairlineTokens
import Testing

/// `compile --xcassets` (CONTRACT 6.5): every catalog from the four systems and the public sets validates against
/// the asset-catalog schemas in docs/schemas (written from Apple's Asset Catalog Format Reference), each colour
/// set's appearances hold the resolved values within 1/255, and the folder is written as every output is: whole,
/// unchanged files left alone, nothing of the user's replaced.
@Suite("Asset catalogs")
struct AssetCatalogTests {
    static let sets = TokenDiffTests.sets + [
        "Tests/Fixtures/External/tokens/github-primer/github-primer.resolver.json",
        "Tests/Fixtures/External/tokens/microsoft-fluent/microsoft-fluent.resolver.json",
    ]

    /// A colour set's entries: the appearance (`dark`, `high` contrast) and the 8-bit channels.
    static func entries(_ text: String) throws -> [(dark: Bool, high: Bool, channels: [Double])] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try (object["colors"] as? [[String: Any]] ?? []).map { entry in
            let appearances = entry["appearances"] as? [[String: String]] ?? []
            let components = try #require((entry["color"] as? [String: Any])?["components"] as? [String: String])
            let channels = ["red", "green", "blue", "alpha"].map { Double(components[$0] ?? "") ?? -1 }
            return (appearances.contains { $0["value"] == "dark" }, appearances.contains { $0["value"] == "high" }, channels)
        }
    }

    @Test(arguments: sets)
    func colourSetsHoldTheResolvedValues(_ path: String) throws {
        let set = try TokenDiffTests.load(path)
        let files = XCAssetsEmitter.emit(set)
        let appearances = XCAssetsEmitter.appearances(of: set)
        let colours = set.tokens.filter { $0.type == .color && $0.values.allSatisfy { $0.string.flatMap(RGBA.init(hex:)) != nil } }
        try #require(!colours.isEmpty)
        var checked = 0
        for token in colours {
            let name = (token.group.map { XCAssetsEmitter.fileName($0) + "/" }.joined()) + XCAssetsEmitter.fileName(token.name) + ".colorset/Contents.json"
            let file = try #require(files.first { $0.path == name }, "no colour set \(name)")
            let entries = try Self.entries(file.text)
            #expect(entries.count == appearances.count)
            for (mode, appearance) in appearances {
                let want = RGBA(hex: token.values[min(mode, token.values.count - 1)].string!)!
                let entry = try #require(entries.first { $0.dark == appearance.dark && $0.high == appearance.highContrast })
                for (got, expected) in zip(entry.channels, [want.red, want.green, want.blue, want.alpha]) {
                    #expect(Swift.abs(got - expected) <= 1.0 / 255, "\(token.path) mode \(mode): \(got) against \(expected)")
                }
                checked += 1
            }
        }
        #expect(checked >= colours.count)
    }

    @Test(.enabled(if: Python.has("jsonschema"), "SKIPPED: Python's jsonschema is not installed (pip install jsonschema)"))
    func everyCatalogValidatesAgainstTheSchemas() throws {
        let folder = try TemporaryFolder()
        var manifest: [[String]] = []
        let schemas = Binary.packageRoot.appendingPathComponent("docs/schemas")
        for (index, path) in Self.sets.enumerated() {
            for (number, file) in XCAssetsEmitter.emit(try TokenDiffTests.load(path)).enumerated() {
                let written = try folder.write("\(index)-\(number).json", file.text)
                let schema = file.path.contains(".colorset/") ? "xcassets-colorset" : "xcassets-folder"
                manifest.append(["\(path): \(file.path)", written.path, schemas.appendingPathComponent("\(schema).schema.json").path])
            }
        }
        // And what the schemas must refuse: a component out of range, an unknown appearance, no info.
        let refused = [
            ("{\"colors\": [{\"idiom\": \"universal\", \"color\": {\"color-space\": \"srgb\", \"components\": {\"red\": \"1.5\", \"green\": \"0\", \"blue\": \"0\", \"alpha\": \"1\"}}}], \"info\": {\"author\": \"x\", \"version\": 1}}", "xcassets-colorset"),
            ("{\"colors\": [{\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dim\"}]}], \"info\": {\"author\": \"x\", \"version\": 1}}", "xcassets-colorset"),
            ("{\"properties\": {\"provides-namespace\": true}}", "xcassets-folder"),
        ]
        for (index, (json, schema)) in refused.enumerated() {
            let written = try folder.write("refused-\(index).json", json)
            manifest.append(["REFUSE \(index)", written.path, schemas.appendingPathComponent("\(schema).schema.json").path])
        }
        try #require(manifest.count > 100)
        let manifestFile = folder.url.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
        let script = """
            import json, sys, jsonschema
            failures = []
            for name, data, schema in json.load(open(sys.argv[1])):
                errors = list(jsonschema.Draft7Validator(json.load(open(schema))).iter_errors(json.load(open(data))))
                if name.startswith("REFUSE"):
                    if not errors: failures.append(f"{name}: accepted")
                else:
                    failures += [f"{name}: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3]]
            print("\\n".join(failures) if failures else "all as expected")
            """
        let result = try Python.run(script, arguments: [manifestFile.path])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "all as expected", "\(result.output)")
    }

    @Test func modesNameTheirAppearancesOrAreMappedByTheCaller() throws {
        let text = """
            $name: Contrast
            $modes: [light, dark, lightHighContrast, darkHighContrast]
            color:
              $type: color
              ink: {light: "#111111", dark: "#EEEEEE", lightHighContrast: "#000000", darkHighContrast: "#FFFFFF"}

            """
        let set = try TokenSetLoader.load(bytes: Array(text.utf8), path: "/contrast.yaml")
        let entries = try Self.entries(try #require(XCAssetsEmitter.emit(set).first { $0.path == "color/ink.colorset/Contents.json" }).text)
        #expect(entries.map { "\($0.dark)/\($0.high)/\($0.channels[0])" } == ["false/false/0.067", "true/false/0.933", "false/true/0.0", "true/true/1.0"])
        // Brand themes say no appearance: the first stands for every appearance, unless mapped.
        let brands = try TokenSetLoader.load(
            bytes: Array("$modes: [ocean, forest]\ncolor:\n  $type: color\n  ink: {ocean: \"#000080\", forest: \"#006400\"}\n".utf8), path: "/brands.yaml")
        let plain = try Self.entries(XCAssetsEmitter.emit(brands).first { $0.path.hasSuffix("ink.colorset/Contents.json") }!.text)
        #expect(plain.map(\.dark) == [false])
        let mapped = try Self.entries(
            XCAssetsEmitter.emit(brands, appearances: ["forest": XCAssetsEmitter.Appearance.names["dark"]!]).first { $0.path.hasSuffix("ink.colorset/Contents.json") }!.text)
        #expect(mapped.map(\.dark) == [true])
    }

    /// A colour written in display-p3 keeps its own components in the catalog (its sRGB conversion loses what lies
    /// outside sRGB); an alias of it too; a colour written otherwise is sRGB.
    @Test func displayP3ColoursKeepTheirColourSpace() throws {
        let text = """
            $modes: [light, dark]
            color:
              $type: color
              vivid:
                $value: {colorSpace: display-p3, components: [1, 0, 0.2]}
                $extensions: {mode: {dark: {colorSpace: display-p3, components: [0.9, 0.1, 0.3], alpha: 0.5}}}
              alias: "{color.vivid}"
              plain: "#112233"

            """
        let set = try TokenSetLoader.load(bytes: Array(text.utf8), path: "/p3.yaml")
        let files = XCAssetsEmitter.emit(set)
        for name in ["vivid", "alias"] {
            let json = try #require(files.first { $0.path == "color/\(name).colorset/Contents.json" }).text
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let colours = try #require(object["colors"] as? [[String: Any]]).map { $0["color"] as? [String: Any] }
            #expect(colours.map { $0?["color-space"] as? String } == ["display-p3", "display-p3"], "\(name)")
            let components = colours.map { $0?["components"] as? [String: String] }
            #expect(components[0] == ["red": "1.000", "green": "0.000", "blue": "0.200", "alpha": "1.000"], "\(name)")
            #expect(components[1] == ["red": "0.900", "green": "0.100", "blue": "0.300", "alpha": "0.500"], "\(name)")
        }
        let plain = try #require(files.first { $0.path == "color/plain.colorset/Contents.json" }).text
        #expect(plain.contains("\"color-space\" : \"srgb\""))
        #expect(!plain.contains("display-p3"))
    }

    @Test func theCatalogIsWrittenWholeLeftAloneWhenUnchangedAndNeverOverAUsersFiles() throws {
        let folder = try CLILintTests.project([:], tokens: CLIDiffTests.tokens)
        let catalog = folder.url.appendingPathComponent("Colors.xcassets")
        let first = try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let ink = catalog.appendingPathComponent("color/ink.colorset/Contents.json")
        #expect(FileManager.default.fileExists(atPath: ink.path))
        let stamp = try FileManager.default.attributesOfItem(atPath: ink.path)[.modificationDate] as? Date
        // Unchanged: left alone; --check agrees.
        Thread.sleep(forTimeInterval: 0.02)
        _ = try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets"], in: folder.url)
        #expect(try FileManager.default.attributesOfItem(atPath: ink.path)[.modificationDate] as? Date == stamp)
        #expect(try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets", "--check"], in: folder.url).status == 0)
        // A changed colour: --check says stale, a compile replaces the catalog, a removed token's set is gone.
        try folder.write("tokens.yaml", CLIDiffTests.tokens.replacingOccurrences(of: "  paper: \"#FFFFFF\"\n", with: "").replacingOccurrences(of: "#111111", with: "#222222"))
        let stale = try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets", "--check"], in: folder.url)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Colors.xcassets: error: missing or out of date with tokens.yaml"))
        #expect(try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets"], in: folder.url).status == 0)
        #expect(try String(contentsOf: ink, encoding: .utf8).contains("\"red\" : \"0.133\""))
        #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent("color/paper.colorset").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).allSatisfy { !$0.contains(".hairline-") }, "no staging folder is left")
        // A user's image set in the catalog: refused, nothing replaced.
        try folder.write("Colors.xcassets/AppIcon.appiconset/Contents.json", "{}")
        try folder.write("tokens.yaml", CLIDiffTests.tokens)
        let refused = try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors.xcassets"], in: folder.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it holds AppIcon.appiconset/Contents.json, which hairline does not write"))
        #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("AppIcon.appiconset/Contents.json").path))
        // A folder not named .xcassets, or an appearance for no mode: usage errors.
        #expect(try Binary.run(["compile", "tokens.yaml", "--xcassets", "Colors"], in: folder.url).status == 2)
        let mode = try Binary.run(["compile", "tokens.yaml", "--xcassets", "New.xcassets", "--appearance", "night=dark"], in: folder.url)
        #expect(mode.status == 2)
        #expect(mode.stderr.contains("--appearance names night, which is not a mode of tokens.yaml"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("New.xcassets").path))
    }
}
