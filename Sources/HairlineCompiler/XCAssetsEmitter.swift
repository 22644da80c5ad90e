import HairlineDiagnostics
import HairlineTokens

/// An Xcode asset catalog of a token set's colours (CONTRACT 6.5): a `Contents.json` at the top and in every
/// folder, a folder per group (`provides-namespace`, so a colour is named by its path: `Color("color/chart/hue")`),
/// and a `.colorset` per colour token with one entry per appearance its modes stand for. Deterministic: the same set
/// gives the same bytes.
public enum XCAssetsEmitter {
    /// What a mode stands for on Apple platforms.
    public struct Appearance: Sendable, Hashable {
        /// Dark rather than light (`luminosity: dark`).
        public let dark: Bool
        /// Increased contrast (`contrast: high`).
        public let highContrast: Bool

        public init(dark: Bool, highContrast: Bool) {
            self.dark = dark
            self.highContrast = highContrast
        }

        /// The spellings `--appearance MODE=…` takes.
        public static let names: [String: Appearance] = [
            "light": Appearance(dark: false, highContrast: false), "dark": Appearance(dark: true, highContrast: false),
            "light-high-contrast": Appearance(dark: false, highContrast: true), "dark-high-contrast": Appearance(dark: true, highContrast: true),
        ]

        /// The appearance a mode's name says, if it says one: `light`, `dark`, and either with `contrast` in it
        /// (`darkHighContrast`, `light-hc` is not read as one); nil for other names (a brand theme).
        public static func named(_ mode: String) -> Appearance? {
            let name = mode.lowercased()
            let dark = name.contains("dark")
            guard dark || name.contains("light") else { return nil }
            return Appearance(dark: dark, highContrast: name.contains("contrast"))
        }
    }

    /// Each mode's appearance: `given` first, then what the mode's name says; a set whose modes say none has its
    /// first mode stand for every appearance.
    public static func appearances(of set: TokenSet, given: [String: Appearance] = [:]) -> [Int: Appearance] {
        var appearances: [Int: Appearance] = [:]
        for (index, mode) in set.modes.enumerated() {
            if let appearance = given[mode] ?? Appearance.named(mode), !appearances.values.contains(appearance) {
                appearances[index] = appearance
            }
        }
        if appearances.isEmpty { appearances[0] = Appearance(dark: false, highContrast: false) }
        return appearances
    }

    /// The catalog's files, by path inside the catalog, in a fixed order.
    public static func emit(_ set: TokenSet, appearances given: [String: Appearance] = [:]) -> [(path: String, text: String)] {
        let appearances = appearances(of: set, given: given).sorted { ($0.value.highContrast ? 1 : 0, $0.value.dark ? 1 : 0) < ($1.value.highContrast ? 1 : 0, $1.value.dark ? 1 : 0) }
        var files: [(path: String, text: String)] = [("Contents.json", folderContents(namespace: false))]
        var folders: Set<String> = []
        for token in set.tokens where token.type == .color {
            var folder = ""
            for segment in token.group {
                folder += fileName(segment) + "/"
                if folders.insert(folder).inserted { files.append((folder + "Contents.json", folderContents(namespace: true))) }
            }
            var entries: [String] = []
            for (mode, appearance) in appearances {
                // A colour written in display-p3 keeps its own components; others are sRGB.
                if !token.displayP3.isEmpty, let p3 = token.displayP3[min(mode, token.displayP3.count - 1)] {
                    entries.append(entry(space: "display-p3", p3, appearance))
                    continue
                }
                guard let colour = token.values[min(mode, token.values.count - 1)].string.flatMap(RGBA.init(hex:)) else { continue }
                entries.append(entry(space: "srgb", [colour.red, colour.green, colour.blue, colour.alpha], appearance))
            }
            guard !entries.isEmpty else { continue }
            files.append(
                (
                    folder + fileName(token.name) + ".colorset/Contents.json",
                    "{\n  \"colors\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n  \"info\" : {\n    \"author\" : \"hairline\",\n    \"version\" : 1\n  }\n}\n"
                ))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// A folder's `Contents.json`: the catalog's own, or a group's, which gives its colours a namespace.
    private static func folderContents(namespace: Bool) -> String {
        var text = "{\n  \"info\" : {\n    \"author\" : \"hairline\",\n    \"version\" : 1\n  }"
        if namespace { text += ",\n  \"properties\" : {\n    \"provides-namespace\" : true\n  }" }
        return text + "\n}\n"
    }

    /// One appearance's colour in its colour space (`srgb`, or `display-p3` for a colour written in it), with its
    /// components as Xcode writes them (three decimals, which keep every 8-bit channel exactly).
    private static func entry(space: String, _ channels: [Double], _ appearance: Appearance) -> String {
        var appearances: [String] = []
        if appearance.dark { appearances.append("{\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }") }
        if appearance.highContrast { appearances.append("{\n          \"appearance\" : \"contrast\",\n          \"value\" : \"high\"\n        }") }
        var text = "    {\n"
        if !appearances.isEmpty { text += "      \"appearances\" : [\n        " + appearances.joined(separator: ",\n        ") + "\n      ],\n" }
        let component = { (value: Double) -> String in
            let thousandths = Int((value * 1000).rounded())
            let fraction = String(thousandths % 1000)
            return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        text += """
                  "color" : {
                    "color-space" : "\(space)",
                    "components" : {
                      "alpha" : "\(component(channels[3]))",
                      "blue" : "\(component(channels[2]))",
                      "green" : "\(component(channels[1]))",
                      "red" : "\(component(channels[0]))"
                    }
                  },
                  "idiom" : "universal"
                }
            """
        return text
    }

    /// Colour tokens (or their groups) that would be written to one path: by the same name after `fileName` (`a/b`
    /// and `a-b`), or by names that differ only in case (`Accent` and `accent`), which a case-insensitive disk and
    /// Xcode take for one. Each is an error naming both tokens; checked before anything is written.
    public static func collisions(in set: TokenSet) -> [Diagnostic] {
        var taken: [String: (path: String, token: Token)] = [:]
        var errors: [Diagnostic] = []
        for token in set.tokens where token.type == .color {
            // A group's folder and a colour set are each one name on the disk; a group seen again is the same group
            // only when spelled the same.
            var folder = ""
            for segment in token.group {
                folder += fileName(segment) + "/"
                if let first = taken[folder.lowercased()], first.path != folder {
                    errors.append(clash(token, first.token, first.path, folder))
                }
                taken[folder.lowercased()] = taken[folder.lowercased()] ?? (folder, token)
            }
            let path = folder + fileName(token.name) + ".colorset"
            if let first = taken[path.lowercased()] {
                errors.append(clash(token, first.token, first.path, path))
            } else {
                taken[path.lowercased()] = (path, token)
            }
        }
        return errors
    }

    private static func clash(_ token: Token, _ first: Token, _ firstPath: String, _ path: String) -> Diagnostic {
        .inputError(
            "xcassets-name-collision",
            "'\(token.path)' and '\(first.path)' both become \(path == firstPath ? "'\(path)'" : "'\(path)' and '\(firstPath)', one name on a case-insensitive disk and in Xcode,") in the asset catalog; rename one",
            at: token.keyMark, notes: [.init("'\(first.path)' is here", at: first.keyMark)])
    }

    /// A group or token name as a file name: `/` and a leading `.` would make another path.
    public static func fileName(_ name: String) -> String {
        var name = name.replacingOccurrences(of: "/", with: "-")
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        return name.isEmpty ? "_" : name
    }
}
