import Foundation
import Testing

/// A screen of each of the four systems, written as a YAML spec and as the SwiftUI a team would ship: the same rule
/// set gives the same findings on both (rule ids, and the kind of element each points at).
@Suite("Swift and YAML agree")
struct SwiftParityTests {
    struct Pair: Sendable, CustomStringConvertible {
        let system: String
        let yaml: String
        let swift: String
        var description: String { system }
    }

    static let pairs = [
        Pair(
            system: "blackbelt",
            yaml: """
                screen: Week
                children:
                  - card:
                      padding: 20
                      radius: 10
                      children:
                        - text: {value: This week, role: headline}
                        - text: {value: Sessions, role: subheadline}
                        - button: {label: Start, style: filled}
                        - button: {label: Log, style: filled}

                """,
            swift: """
                import SwiftUI

                struct WeekView: View {
                    var body: some View {
                        Card {
                            Text("This week").font(.headline)
                            Text("Sessions").font(.subheadline)
                            Button("Start") { start() }.buttonStyle(.borderedProminent)
                            Button("Log") { log() }.buttonStyle(.borderedProminent)
                        }
                        .padding(20)
                        .clipShape(RoundedRectangle(cornerRadius: 10))
                    }
                }

                """),
        Pair(
            system: "fitbit",
            yaml: """
                screen: Today
                children:
                  - stack:
                      gap: 10
                      padding: 16
                      children:
                        - tile: {padding: 8, radius: 12, background: "#FF0000"}
                        - button: {label: Sync, style: primary, radius: 4}

                """,
            swift: """
                import SwiftUI

                struct TodayView: View {
                    var body: some View {
                        Stack(gap: 10) {
                            Tile().padding(8).background(Color(red: 1, green: 0, blue: 0)).cornerRadius(12)
                            Button("Sync") { sync() }.buttonStyle(.borderedProminent).cornerRadius(4)
                        }
                        .padding(16)
                    }
                }

                """),
        Pair(
            system: "sculpt",
            yaml: """
                screen: Score
                children:
                  - hero:
                      band: onTrack
                      height: 640
                      children:
                        - text: {value: "712", role: score}
                  - card:
                      title: Log Meal
                      children:
                        - button: {label: Log Meal, style: filled}
                        - button: {label: Sync, style: filled}

                """,
            swift: """
                import SwiftUI

                struct ScoreView: View {
                    var body: some View {
                        Hero(band: .onTrack) {
                            Text("712").font(.score)
                        }
                        .frame(height: 640)
                        Card(title: "Log Meal") {
                            Button("Log Meal") {}.buttonStyle(.borderedProminent)
                            Button("Sync") {}.buttonStyle(.borderedProminent)
                        }
                    }
                }

                """),
        Pair(
            system: "tideturn",
            yaml: """
                screen: Station
                children:
                  - scroll:
                      padding: 16
                      spacing: 12
                      children:
                        - panel:
                            heading: Water
                            padding: 14
                            radius: 20
                            children:
                              - row: {label: Water temp, value: "21°"}

                """,
            swift: """
                import SwiftUI

                struct StationView: View {
                    var body: some View {
                        ScrollView {
                            SectionPanel("Water") {
                                PanelValueRow(label: "Water temp", value: "21°")
                            }
                            .padding(14)
                            .clipShape(.rect(cornerRadius: 20))
                        }
                        .padding(16)
                    }
                }

                """),
    ]

    @Test(arguments: pairs)
    func theSameScreenGetsTheSameFindings(_ pair: Pair) throws {
        let folder = try TemporaryFolder()
        try folder.write("screen.yaml", pair.yaml)
        try folder.write("Screen.swift", pair.swift)
        func findings(_ file: String) throws -> [String] {
            let result = try Binary.run(
                ["lint", "--tokens", "Tokens/\(pair.system).yaml", "--rules", "Rules/\(pair.system).yaml", "--format", "json",
                 folder.url.appendingPathComponent(file).path])
            #expect(result.status == 1, "\(file): \(result.stdout)\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            // The rule, and the kind of element its line holds (the first word that names a kind the pair uses).
            return try #require(object["findings"] as? [[String: Any]]).map { finding in
                let line = String(text[(finding["line"] as? Int ?? 1) - 1])
                let kind = Self.kinds.first { line.contains($0.yaml) || line.contains($0.swift) }?.yaml ?? "?"
                return "\(finding["rule"] ?? "") @ \(kind)"
            }.sorted()
        }
        let yaml = try findings("screen.yaml")
        let swift = try findings("Screen.swift")
        // A rule about code itself (Tideturn's "No literal in a view body") selects Swift screens only.
        let codeOnly = swift.filter { $0.hasPrefix("tt-no-literal-in-view-body ") }
        #expect(yaml == swift.filter { !codeOnly.contains($0) }, "\(pair.system)")
        #expect(yaml.count >= 3, "\(yaml)")
        #expect(codeOnly.isEmpty == (pair.system != "tideturn"), "\(swift)")
    }

    /// How each kind the pairs use is written in YAML and in Swift, to say which element a line holds. The value
    /// lines are read before the kind lines: a property's line names its element's kind in YAML only.
    static let kinds: [(yaml: String, swift: String)] = [
        ("text:", "Text("), ("button:", "Button("), ("tile:", "Tile("), ("row:", "PanelValueRow("),
        ("padding:", ".padding("), ("radius:", "adius"), ("height:", ".frame("), ("gap:", "gap:"), ("spacing:", "spacing:"),
        ("card:", "Card"), ("hero:", "Hero("), ("stack:", "Stack("), ("panel:", "SectionPanel("), ("scroll:", "ScrollView"),
    ]
}
