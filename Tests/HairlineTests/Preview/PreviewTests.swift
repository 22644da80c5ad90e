import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML
import Testing

/// Screen previews (CONTRACT 6.7): every finding a numbered marker on its element, the modes side by side with their
/// own colours, user strings escaped, valid HTML; drawn by headless Chromium, where each marker is found inside its
/// element's box.
@Suite("Previews")
struct PreviewTests {
    /// The repository's violation files, each with its findings and its screen read in its system.
    static func violations() throws -> [(screen: Screen, system: LintSystem, findings: [Diagnostic])] {
        let root = Binary.packageRoot
        let config = try ConfigFile.load(explicit: nil, from: root)
        let engine = LintEngine(config: config, workingDirectory: root)
        let inputs = ["blackbelt", "fitbit", "sculpt", "tideturn"].flatMap { engine.screens(in: ["Examples/\($0)/violations"]) }
        let result = engine.lint(inputs)
        let (screens, errors) = engine.readScreens(inputs)
        #expect(errors.isEmpty)
        let byFile = Dictionary(grouping: result.findings, by: \.mark.file)
        return screens.map { ($0.screen, $0.system, byFile[$0.screen.file] ?? []) }
    }

    @Test func everyFindingIsAMarkerOnItsElement() throws {
        let screens = try Self.violations()
        try #require(screens.count >= 20)
        for (screen, system, findings) in screens {
            let html = ScreenPreview().section(screen, tokens: system.tokens, findings: findings)
            // Every number appears on a marker in every panel, and in the list.
            let modes = max(1, system.tokens?.modes.count ?? 1)
            var marked: [Int] = []
            for match in html.matches(of: /data-marker="([0-9,]+)"/) { marked += match.1.split(separator: ",").compactMap { Int($0) } }
            #expect(marked.sorted() == (1...max(1, findings.count)).flatMap { Array(repeating: $0, count: modes) }.sorted().filter { _ in !findings.isEmpty },
                "\(screen.file)")
            for number in findings.indices { #expect(html.contains("<li id=\"s0f\(number + 1)\"")) }
            #expect(!html.contains("<script"))
        }
    }

    @Test func userStringsAreEscaped() throws {
        let screen = try ScreenReader.read(
            "screen: \"<b>S</b>\"\nchildren:\n  - text: {value: \"<script>alert(1)</script>\", role: \"x\\\" onmouseover=\\\"alert(1)\"}\n  - \"<img src=x>\": {}\n",
            file: "a<b>.yaml", tokens: nil)
        let finding = Diagnostic(severity: .error, code: "x<y", message: "bad <i>value</i>", mark: Mark(file: "a<b>.yaml", line: 3, column: 5))
        let html = ScreenPreview().section(screen, tokens: nil, findings: [finding])
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x>"))
        #expect(!html.contains("<b>S</b>"))
        #expect(!html.contains("<i>value</i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("k-_img_src_x_"), "an unknown kind's class name is letters, digits and _ only")
    }

    @Test(.enabled(if: Python.has("html5lib"), "SKIPPED: Python's html5lib is not installed (pip install html5lib)"))
    func pagesAreValidHTML() throws {
        let folder = try TemporaryFolder()
        let screens = try Self.violations()
        for (index, (screen, system, findings)) in screens.enumerated() {
            try folder.write("\(index).html", ScreenPreview.page(title: screen.name, body: ScreenPreview().section(screen, tokens: system.tokens, findings: findings)))
        }
        let script = """
            import glob, sys, html5lib
            failures = []
            for path in sorted(glob.glob(sys.argv[1] + "/*.html")):
                parser = html5lib.HTMLParser(strict=True)
                try:
                    parser.parse(open(path, encoding="utf-8").read())
                except Exception as error:
                    failures.append(f"{path}: {error}")
            print("\\n".join(failures) if failures else "all valid")
            """
        let result = try Python.run(script, arguments: [folder.url.path])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "all valid", "\(result.output)")
    }

    @Test func whatTheLayoutCannotHonourIsNotedNotAnError() throws {
        let screen = try ScreenReader.read(
            "screen: S\nchildren:\n  - card: {padding: 2em, width: 900, children: [{text: {value: hi}}]}\n  - gizmo: {size: 3}\n", file: "s.yaml",
            tokens: nil)
        let html = ScreenPreview(width: 390).section(screen, tokens: nil, findings: [])
        #expect(html.contains("card padding 2em is not a length in points; not drawn"))
        #expect(html.contains("card width 900 is wider than the 390-point screen: drawn at 390"))
        #expect(html.contains("class=\"el k-gizmo unknown\""))
        #expect(html.contains("<span class=\"kind\">gizmo</span>"))
    }

    // MARK: Drawn by Chromium

    /// The page with a script of the test's own appended: it reads each marker's box and its element's, and each
    /// panel's screen colour, into the page, which Chromium dumps.
    static let probe = """
        <script>
        const out = [];
        for (const marker of document.querySelectorAll('.device .marker')) {
          const m = marker.getBoundingClientRect(), e = marker.parentElement.getBoundingClientRect();
          out.push(['marker', marker.closest('section').id, marker.dataset.marker, m.left - e.left, m.top - e.top, e.right - m.right, e.bottom - m.bottom, m.width, m.height].join(' '));
        }
        for (const panel of document.querySelectorAll('figure.panel')) {
          out.push(['panel', panel.closest('section').id, panel.dataset.mode, getComputedStyle(panel.querySelector('.device > .el')).backgroundColor.replace(/ /g, '')].join(' '));
        }
        const pre = document.createElement('pre'); pre.id = 'probe'; pre.textContent = out.join('\\n'); document.body.appendChild(pre);
        </script>
        """

    @Test(.enabled(if: TokenSheetTests.chromium != nil, "SKIPPED: Chromium is not installed (apt-get install chromium); .ci/run installs it"))
    func chromiumDrawsEachMarkerInsideItsElementAndTheModesApart() throws {
        let folder = try TemporaryFolder()
        let screens = try Self.violations()
        // Every screen on one page (one Chromium start), each section named by its index.
        let sections = screens.enumerated().map { index, entry in
            ScreenPreview().section(entry.screen, tokens: entry.system.tokens, findings: entry.findings, index: index)
        }
        let page = ScreenPreview.page(title: "violations", body: sections.joined())
        let file = try folder.write("all.html", page.replacingOccurrences(of: "</body>", with: Self.probe + "</body>"))
        let dom = try Self.chromiumDOM(file, window: "1200,2000")
        let probe = try #require(dom.firstMatch(of: /<pre id="probe">([^<]*)<\/pre>/)?.1, "no probe output")
        var checkedMarkers = 0
        var panels: [String: String] = [:]
        for line in probe.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            let screen = screens[Int(fields[1].dropFirst("screen-".count)) ?? 0].screen.file
            if fields[0] == "marker" {
                let gaps = fields[3...6].compactMap(Double.init)
                #expect(gaps.count == 4 && gaps.allSatisfy { $0 >= -0.5 }, "\(screen): marker \(fields[2]) is outside its element: \(line)")
                #expect((Double(fields[7]) ?? 0) > 0, "\(screen): marker \(fields[2]) is drawn")
                checkedMarkers += 1
            } else if fields[0] == "panel" {
                panels["\(fields[1]) \(fields[2])"] = fields[3]
            }
        }
        // Where the canvas differs between modes, so do the drawn screens.
        for (index, entry) in screens.enumerated() {
            guard let canvas = entry.system.tokens?["color.canvas"], canvas.differsByMode else { continue }
            let (light, dark) = (panels["screen-\(index) light"], panels["screen-\(index) dark"])
            #expect(light != nil && light != dark, "\(entry.screen.file): light and dark are drawn alike")
        }
        // Every finding's marker was found, in every panel.
        let expected = screens.map { entry in entry.findings.isEmpty ? 0 : Set(entry.findings.map { ScreenPreview.element(of: $0.mark, in: entry.screen) }).count * max(1, entry.system.tokens?.modes.count ?? 1) }.reduce(0, +)
        #expect(checkedMarkers == expected)
        #expect(checkedMarkers >= 40)
    }

    /// An element with a marker keeps its height: a 132 pt chart with a finding was drawn 22 px tall, the marker's
    /// room overriding the chart's. Measured by the element's drawn box in Chromium.
    @Test(.enabled(if: TokenSheetTests.chromium != nil, "SKIPPED: Chromium is not installed (apt-get install chromium); .ci/run installs it"))
    func aMarkedElementKeepsItsDrawnHeight() throws {
        let screen = try ScreenReader.read("screen: S\nchildren:\n  - chart: {type: bars, height: 132}\n  - chart: {type: bars, height: 132}\n", file: "s.yaml", tokens: nil)
        let finding = Diagnostic(severity: .error, code: "r", message: "no source", mark: screen.elements[1].kindMark)
        let page = ScreenPreview.page(title: "t", body: ScreenPreview().section(screen, tokens: nil, findings: [finding]))
        let probe = "<script>const out = [...document.querySelectorAll('.device .el.chart')].map(e => Math.round(e.getBoundingClientRect().height)); const pre = document.createElement('pre'); pre.id = 'probe'; pre.textContent = out.join(' '); document.body.appendChild(pre);</script>"
        let folder = try TemporaryFolder()
        let file = try folder.write("p.html", page.replacingOccurrences(of: "</body>", with: probe + "</body>"))
        let dom = try Self.chromiumDOM(file, window: "800,800")
        let heights = try #require(dom.firstMatch(of: /<pre id="probe">([^<]*)<\/pre>/)?.1).split(separator: " ").compactMap { Int($0) }
        // Two charts in each drawn mode; the marked one is as tall as the unmarked one.
        #expect(heights.count >= 2 && heights.allSatisfy { $0 >= 132 }, "\(heights)")
    }

    /// A finding that holds in one mode only (a contrast failing in dark mode) is marked on that mode's drawing
    /// alone; it was marked on the light screen too.
    @Test func aDarkOnlyFindingIsMarkedOnTheDarkDrawingAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "$modes: [light, dark]\ncolor:\n  $type: color\n  canvas: {light: \"#FFFFFF\", dark: \"#000000\"}\n  ink: {light: \"#111111\", dark: \"#222222\"}\n")
        try folder.write("r.yaml", "rules:\n  - {id: legible, given: text, check: {contrast: {foreground: color, background: background}}}\n")
        try folder.write("s.yaml", "screen: S\nchildren:\n  - text: {value: Dim at night, color: \"{color.ink}\"}\n")
        let result = try Binary.run(["preview", "s.yaml", "--tokens", "t.yaml", "--rules", "r.yaml", "--out", "pages"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.url.appendingPathComponent("pages/s.html"), encoding: .utf8)
        let panels = page.components(separatedBy: "<figure class=\"panel\"").dropFirst()
        let marked = panels.map { panel in (panel.contains("data-mode=\"dark\""), panel.components(separatedBy: "</figure>")[0].contains("class=\"marker\"")) }
        #expect(marked.count == 2)
        #expect(marked.allSatisfy { isDark, hasMarker in isDark == hasMarker }, "\(marked)")
    }

    /// The DOM headless Chromium leaves of a page once its scripts ran.
    static func chromiumDOM(_ file: URL, window: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TokenSheetTests.chromium!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(window)", "--dump-dom", file.absoluteString]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return dom
    }
}
