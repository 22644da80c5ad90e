import Foundation
import HairlineCompiler
import Testing

/// The HTML token sheet: self-contained, every section present, and rendered by headless Chromium to a PNG that is
/// not blank, with no error while loading (installed by .ci/run; skipped, visibly, where it is missing).
@Suite("HTML token sheet")
struct TokenSheetTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func theSheetIsSelfContainedAndComplete() throws {
        let html = HTMLSheetEmitter.emit(try SwiftEmitterTests.fixture("Tokens/blackbelt.yaml"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http:") && !html.contains("https:"), "no external resource")
        for section in ["colours", "dimensions", "type", "gradients", "other"] { #expect(html.contains("<section id=\"\(section)\">")) }
        #expect(html.contains("<a href=\"rules.html\">the rules of this system</a>"))
        // Contrast only for the pairs the set declares: the chart hue on the light surface, 2.54:1, flagged; the ink on
        // the canvas and on the surface; nothing for a colour declared on nothing.
        #expect(html.contains("#32ADE6</code><br><small>on <code>color.surface</code> 2.54:1 <small class=\"bad\">fails</small>"))
        #expect(html.contains("#111114</code><br><small>on <code>color.canvas</code> 17.4:1 <small class=\"ok\">AA</small></small><br><small>on <code>color.surface</code> 18.84:1"))
        #expect(html.contains("#F3F6FB</code></td>"), "the canvas is on nothing: no badge")
        #expect(html.components(separatedBy: "<tr class=\"group\"><th colspan=\"3\">color</th></tr>").count == 2, "a group's colours stay together")
        #expect(html.contains("The quick brown fox jumps over the lazy dog 0123456789"))
        #expect(html == HTMLSheetEmitter.emit(try SwiftEmitterTests.fixture("Tokens/blackbelt.yaml")), "deterministic")
    }

    @Test(.enabled(if: chromium != nil, "SKIPPED: Chromium is not installed (apt-get install chromium); .ci/run installs it"))
    func blackBeltRendersInHeadlessChromium() throws {
        let folder = try TemporaryFolder()
        let compile = try Binary.run(["compile", "Tokens/blackbelt.yaml", "--html", folder.url.appendingPathComponent("sheet.html").path])
        #expect(compile.status == 0)
        try folder.write("blank.html", "<!DOCTYPE html><html><body></body></html>")
        func render(_ page: String) throws -> (png: Data, log: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.chromium!)
            let png = folder.url.appendingPathComponent("\(page).png")
            process.arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,1600",
                "--enable-logging=stderr", "--v=0", "--screenshot=\(png.path)", folder.url.appendingPathComponent("\(page).html").absoluteString,
            ]
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return ((try? Data(contentsOf: png)) ?? Data(), log)
        }
        let sheet = try render("sheet")
        let blank = try render("blank")
        #expect(sheet.png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG was written: \(sheet.log.suffix(500))")
        #expect(sheet.png.count > blank.png.count * 10, "the sheet is not blank (\(sheet.png.count) bytes against \(blank.png.count) for a blank page)")
        // Chromium logs page errors (a failed load, a console error) as CONSOLE or ERR_ lines.
        #expect(!sheet.log.contains("CONSOLE"), "\(sheet.log)")
        #expect(!sheet.log.contains("ERR_FILE_NOT_FOUND") && !sheet.log.contains("net::ERR"), "\(sheet.log)")
    }
}
