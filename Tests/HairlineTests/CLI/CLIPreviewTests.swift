import Foundation
import Testing

/// `hairline preview` and `hairline lint --report html=FILE` as a user runs them.
@Suite("hairline preview")
struct CLIPreviewTests {
    @Test func previewWritesAPagePerScreen() throws {
        let folder = try CLILintTests.project([
            "screens/a.yaml": "screen: A\npadding: 6\nchildren:\n  - card: {title: x, padding: 8}\n",
            "screens/b.yaml": "screen: B\nchildren:\n  - card: {title: y}\n",
        ])
        let result = try Binary.run(["preview", "screens", "--out", "previews"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "2 previews written to previews\n")
        #expect(try folder.contents(of: "previews") == ["screens-a.html", "screens-b.html"])
        let page = try String(contentsOf: folder.url.appendingPathComponent("previews/screens-a.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<code>mini-spacing</code> <span class=\"severity\">error</span> padding 6 is off the scale"))
        #expect(page.contains("data-marker=\"1\""))
        #expect(!page.contains("<script"))
        // A usage error writes nothing.
        let wide = try Binary.run(["preview", "screens", "--out", "other", "--width", "9"], in: folder.url)
        #expect(wide.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("other").path))
        #expect(try Binary.run(["preview", "screens"], in: folder.url).status == 2)
    }

    /// Previewing again leaves a page whose file holds it already alone (same file, same modification time,
    /// nothing beside it), replaces a page whose screen changed, and writes a page for a new screen.
    @Test func previewingAgainRewritesOnlyThePagesThatChanged() throws {
        let folder = try CLILintTests.project([
            "screens/a.yaml": "screen: A\nchildren:\n  - card: {title: x, padding: 8}\n",
            "screens/b.yaml": "screen: B\nchildren:\n  - card: {title: y, children: [{text: {value: First words}}]}\n",
        ])
        let page = { (name: String) in folder.url.appendingPathComponent("previews/screens-\(name).html") }
        func attributes(_ name: String) throws -> (date: Date, inode: Int) {
            let found = try FileManager.default.attributesOfItem(atPath: page(name).path)
            return (found[.modificationDate] as! Date, (found[.systemFileNumber] as! NSNumber).intValue)
        }
        #expect(try Binary.run(["preview", "screens", "--out", "previews"], in: folder.url).status == 0)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in ["a", "b"] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: page(name).path) }
        let (a, b) = (try attributes("a"), try attributes("b"))
        let firstB = try Data(contentsOf: page("b"))
        try folder.write("screens/b.yaml", "screen: B\nchildren:\n  - card: {title: y, children: [{text: {value: Other words}}]}\n")
        try folder.write("screens/c.yaml", "screen: C\nchildren:\n  - card: {title: w}\n")
        #expect(try Binary.run(["preview", "screens", "--out", "previews"], in: folder.url).status == 0)
        #expect(try attributes("a").date == old && attributes("a").inode == a.inode)
        #expect(try attributes("b").date > old && attributes("b").inode != b.inode)
        #expect(try Data(contentsOf: page("b")) != firstB)
        #expect(try String(contentsOf: page("b"), encoding: .utf8).contains("Other words"))
        #expect(try folder.contents(of: "previews") == ["screens-a.html", "screens-b.html", "screens-c.html"])
    }

    @Test func aScreenThatCannotBeReadIsAnInputError() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\nchildren: [\n"])
        let result = try Binary.run(["preview", "screens/a.yaml", "--out", "previews"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("screens/a.yaml:3:1: error:"))
    }

    @Test func theHTMLReportDrawsTheScreensWithFindingsAndListsTheClean() throws {
        let folder = try CLILintTests.project([
            "screens/a.yaml": "screen: A\npadding: 6\nchildren:\n  - card: {title: x}\n",
            "screens/b.yaml": "screen: B\nchildren:\n  - card: {title: y}\n",
        ])
        let result = try Binary.run(["lint", "--report", "html=report.html"], in: folder.url)
        #expect(result.status == 1)
        let page = try String(contentsOf: folder.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<h1>Hairline: 1 finding in 2 screens</h1>"))
        #expect(page.contains("<p>1 error · 0 warning · 0 info</p>"))
        #expect(page.contains("<tr><td><code>mini-spacing</code></td><td>1</td></tr>"))
        #expect(page.components(separatedBy: "<section class=\"screen\"").count == 2, "only the screen with findings is drawn")
        #expect(page.contains("<details><summary>1 clean screen</summary><ul><li><code>screens/b.yaml</code></li></ul></details>"))
    }
}
