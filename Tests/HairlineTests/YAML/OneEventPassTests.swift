import Foundation
import Testing

/// Every file is read by one event pass over libyaml (`EventCursor`): the model, the ranges findings carry and
/// the duplicate-key and alias checks all come from it. No other source calls libyaml's parser (the bench times
/// libyaml alone as its floor).
@Suite("One event pass")
struct OneEventPassTests {
    @Test func noLibyamlParserCallOutsideTheEventCursor() throws {
        let sources = Binary.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var callers: [String] = []
        var files = 0
        for case let url as URL in walker where url.pathExtension == "swift" {
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains("yaml_parser_parse(") || text.contains("yaml_parser_load(") {
                callers.append(String(url.path.dropFirst(sources.path.count + 1)))
            }
        }
        #expect(files > 50)
        #expect(callers.sorted() == ["HairlineYAML/EventCursor.swift", "hairline-bench/main.swift"], "\(callers)")
    }
}
