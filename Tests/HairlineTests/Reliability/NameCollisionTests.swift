import Foundation
import Testing

/// Every name written to a file system is checked for collisions, case-insensitively, before anything is written:
/// two colours once became one colour set (one lost, exit 0), and two screens one preview page, chosen by timing.
@Suite("Names that collide on the disk")
struct NameCollisionTests {
    @Test func twoColoursForOneColourSetAreRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "color:\n  $type: color\n  a/b: \"#000000\"\n  a-b: \"#FFFFFF\"\n  Accent: \"#111111\"\n  accent: \"#222222\"\n  ink: \"#333333\"\n")
        let result = try Binary.run(["compile", "t.yaml", "--xcassets", "Colors.xcassets", "--json", "t.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("t.yaml:3:3: error: 'color.a/b' and 'color.a-b' both become 'color/a-b.colorset' in the asset catalog; rename one [xcassets-name-collision]"), "\(result.stderr)")
        #expect(result.stderr.contains("'color.accent' and 'color.Accent' both become 'color/accent.colorset' and 'color/Accent.colorset', one name on a case-insensitive disk"))
        #expect(try folder.contents() == ["t.yaml"])
        // Groups that differ only in case are one folder too.
        try folder.write("g.yaml", "Brand:\n  $type: color\n  ink: \"#000000\"\nbrand:\n  $type: color\n  paper: \"#FFFFFF\"\n")
        let groups = try Binary.run(["compile", "g.yaml", "--xcassets", "Colors.xcassets"], in: folder.url)
        #expect(groups.status == 2)
        #expect(groups.stderr.contains("[xcassets-name-collision]"), "\(groups.stderr)")
    }

    @Test(arguments: [["a-b/x.yaml", "a/b-x.yaml"], ["x.yml", "x.yaml"], ["Home.yaml", "home.yaml"]])
    func twoScreensForOnePreviewPageAreRefused(_ names: [String]) throws {
        let folder = try CLILintTests.project([:])
        for name in names { try folder.write("screens/" + name, "screen: S\n") }
        let result = try Binary.run(["preview", "screens", "--tokens", "tokens.yaml", "--rules", "rules.yaml", "--out", "pages"], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("would both be drawn to pages/"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pages").path))
    }
}
