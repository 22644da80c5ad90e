import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML

/// `hairline init`: scaffolds a config, a starter token set and a starter rule set (Black Belt's grid rules) and
/// one example screen, refusing to overwrite anything that exists.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "Scaffold .hairline.yml, a starter token set, rule set and example screen.",
        usage: "[--name NAME]",
        positionals: 0...0,
        options: [.value("--name", "NAME", "The design system's name (default: app).")],
        discussion: "Writes nothing if any of the files exists already. With a .hairline.yml already there, adds the system to its systems: and writes the other files beside the systems it has."
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let displayName = arguments.value("--name") ?? "app"
        // The name as written is the system's display name; its slug names the files, the system and the rules.
        let name = slug(displayName)
        guard !name.isEmpty, name.utf8.count <= maxSlugBytes, !displayName.unicodeScalars.contains(where: ControlCharacters.contains) else {
            let shown = String(String.UnicodeScalarView(displayName.unicodeScalars.map { ControlCharacters.contains($0) ? "?" : $0 }))
            console.err(
                UsageError(
                    message: "--name takes a name with a letter or a digit, on one line, without control characters, that makes a file name of at most \(maxSlugBytes) bytes; got '\(shown.prefix(120))'",
                    command: spec.name
                ).rendered)
            return .inputError
        }
        let addsToConfig = FileManager.default.fileExists(atPath: LintConfig.fileName)
        let configText: String
        switch configWithSystem(name) {
        case .success(let text): configText = text
        case .failure(let error):
            DiagnosticPrinter(console: console).printInputErrors(error.diagnostics)
            return .inputError
        }
        let files: [(String, String)] = [
            (LintConfig.fileName, configText),
            ("Tokens/\(name).yaml", tokens(name, displayName: displayName)),
            ("Rules/\(name).yaml", rules(name, displayName: displayName)),
            ("Examples/\(name)/home.yaml", screen(name)),
        ]
        let existing = files.dropFirst().map(\.0).filter { FileManager.default.fileExists(atPath: $0) }
        guard existing.isEmpty else {
            DiagnosticPrinter(console: console).printInputErrors(
                existing.map { .inputError("io", "\($0) exists; hairline init writes nothing over an existing file", at: .start(of: $0)) })
            return .inputError
        }
        // All or nothing: every file is written to its temporary first, and only once all are is any renamed in;
        // a failure removes the temporaries and the folders made for them, so a second `init` finds nothing.
        var createdFolders: [String] = []
        var prepared: [(path: String, temporary: AtomicFile.Prepared)] = []
        for (path, text) in files {
            do throws(AtomicFile.WriteError) {
                var folder = (path as NSString).deletingLastPathComponent
                var missing: [String] = []
                while !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                    missing.insert(folder, at: 0)
                    folder = (folder as NSString).deletingLastPathComponent
                }
                for folder in missing {
                    guard mkdir(folder, 0o755) == 0 else { throw AtomicFile.WriteError(path: folder, reason: String(cString: strerror(errno))) }
                    createdFolders.append(folder)
                }
                prepared.append((path, try AtomicFile.prepare(Array(text.utf8), for: path)))
            } catch {
                for (_, temporary) in prepared { AtomicFile.discard(temporary.path) }
                for folder in createdFolders.reversed() { rmdir(folder) }
                DiagnosticPrinter(console: console).printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
                return .inputError
            }
        }
        for (path, temporary) in prepared {
            do throws(AtomicFile.WriteError) {
                try AtomicFile.commit(temporary, to: path)
            } catch {
                DiagnosticPrinter(console: console).printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
                return .inputError
            }
            console.out("\(addsToConfig && path == LintConfig.fileName ? "added the system to" : "created") \(path)")
        }
        console.out("next: hairline lint")
        return .success
    }

    /// The longest slug: its files' names stay well within a file system's 255 bytes.
    static let maxSlugBytes = 100

    /// A display name as a file and system name: letters and digits in lower case, every other run a `-`
    /// (`Acme Design` → `acme-design`).
    static func slug(_ displayName: String) -> String {
        var out = ""
        for character in displayName.lowercased() {
            if character.isLetter || character.isNumber || character == "_" {
                out.append(character)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The config to write: a new one, or the existing `.hairline.yml` with the system added as the last entry of its
    /// block `systems:` mapping, every other byte kept. The result is read back, and must hold the systems it held
    /// and the new one; a config that cannot be read, already has the system, or whose `systems:` is not a block
    /// mapping at the start of a line is an error that says what to do, and nothing is written.
    static func configWithSystem(_ name: String) -> Result<String, DiagnosticError> {
        let path = LintConfig.fileName
        guard FileManager.default.fileExists(atPath: path) else { return .success(config(name)) }
        // Read once: the text that is added to is the text that was checked.
        guard let bytes = FileManager.default.contents(atPath: path), let text = String(bytes: bytes, encoding: .utf8) else {
            return .failure(DiagnosticError(.inputError("io", "cannot read \(path)", at: .start(of: path))))
        }
        let existing: LintConfig
        do throws(DiagnosticError) {
            existing = try LintConfig.load(path: path, documents: Documents([path: Array(bytes)]))
        } catch {
            return .failure(error)
        }
        if let system = existing.systems.first(where: { $0.name == name }) {
            return .failure(DiagnosticError(.inputError("io", "\(path) has a system '\(name)' already; choose another --name", at: system.mark)))
        }
        let entry = config(name).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        let added = insertingSystem(entry, into: text)
        let readBack = added.flatMap { try? LintConfig.load(path: path, documents: Documents([path: Array($0.utf8)])) }
        guard let added, let readBack, readBack.systems.map(\.name) == existing.systems.map(\.name) + [name] else {
            return .failure(
                DiagnosticError(
                    .inputError(
                        "io", "cannot add the system to \(path): its 'systems:' is not a block mapping at the start of a line; add these lines to it by hand:\n\(entry)",
                        at: .start(of: path))))
        }
        return .success(added)
    }

    /// `text` with `entry` (lines indented by two) after the last line of the block mapping under a `systems:` line,
    /// indented as that mapping's first key; nil without such a line.
    static func insertingSystem(_ entry: String, into text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isKey(_ line: String) -> Bool { line.hasPrefix("systems:") && line.dropFirst(8).allSatisfy { $0 == " " } }
        guard let start = lines.firstIndex(where: isKey) else { return nil }
        var last = start
        var indent: Int?
        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index]
            let content = line.drop(while: { $0 == " " })
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let depth = line.count - content.count
            guard depth > 0 else { break }
            if indent == nil { indent = depth }
            last = index
        }
        let shift = String(repeating: " ", count: max((indent ?? 2) - 2, 0))
        let indented = entry.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : shift + $0 }
        lines.insert(contentsOf: indented.last == "" ? indented.dropLast() : indented[...], at: last + 1)
        return lines.joined(separator: "\n")
    }

    static func config(_ name: String) -> String {
        """
        # Hairline: the design systems of this repository. `hairline help lint` says how the config is read.
        systems:
          \(name):
            tokens: Tokens/\(name).yaml
            rules: [Rules/\(name).yaml]
            screens: ["Examples/\(name)/**/*.yaml"]

        """
    }

    static func tokens(_ name: String, displayName: String) -> String {
        """
        # The \(displayName) design tokens. `hairline compile` writes them as Swift and JSON; the format is Hairline's
        # docs/tokens.md.
        $name: \(quoted(displayName))
        $modes: [light, dark]

        spacing:
          $type: dimension
          $description: "Base 8, half step 4."
          scale: {half: 4, base: 8, double: 16, triple: 24, quadruple: 32}
          screenInset: "{spacing.scale.double}"
          cardPadding: "{spacing.scale.double}"

        radius:
          $type: dimension
          card: 16
          tile: 12
          control: capsule

        color:
          $type: color
          canvas: {light: "#F3F6FB", dark: "#0B1020"}
          surface: {light: "#FFFFFF", dark: "#151B2B"}
          ink: {light: "#111114", dark: "#F5F5F7"}
          accent:
            $value: {light: "#0066CC", dark: "#2B93FF"}
            $extensions: {hairline: {usage: control}}

        """
    }

    static func rules(_ name: String, displayName: String) -> String {
        """
        # The \(displayName) rules: the grid rules of the Black Belt system, as a start. `hairline rules` lists them
        # with their reasons; the rule format is Hairline's docs/rules.md, and `hairline rules --verify` checks them.
        system: \(quoted(displayName))
        # The components screens may use, and their properties: a kind or property not listed here (a typo such as
        # `pading`) is a finding. Add each component your design system draws.
        components:
          section:
            properties: {title: string, padding: dimension, gap: dimension}
          card:
            properties: {title: string, padding: dimension, gap: dimension, radius: dimension, background: color}
          row:
            properties: {padding: dimension, gap: dimension}
          tile:
            properties: {padding: dimension, radius: dimension, background: color}
          text:
            properties: {role: {values: [title, headline, body, caption, label]}, value: string, color: color}
            required: [value]
          image:
            properties: {name: string, radius: dimension}
          chart:
            properties: {type: {values: [bars, line, area]}, height: dimension, window: string, source: string}
            required: [window, source]
          button:
            properties: {style: {values: [filled, bordered, link]}, label: string, radius: dimension}
            required: [style, label]
        rules:
          - id: \(name)-spacing-scale
            summary: Spacing is on the 8-point scale
            why: "Base 8, half step 4. Allowed spacing: 4 · 8 · 16 · 24 · 32."
            given: "*"
            check:
              allowed:
                properties: [padding, gap]
                values: "{spacing.scale}"
                except:
                  - {given: "*", property: padding, values: [0]}
                  - {given: "*", property: gap, values: [0]}
          - id: \(name)-radius-scale
            summary: Radii come from the radius tokens
            why: "Cards 16, tiles 12, controls are capsules."
            given: "*"
            check:
              allowed: {properties: [radius], values: "{radius}"}
          - id: \(name)-one-filled-button
            summary: One filled button per screen
            why: "Two filled buttons on one screen: never ship."
            given: screen
            check:
              max-count: {of: "button[style=filled]", max: 1}
          - id: \(name)-chart-window-source
            summary: Every chart states its window and source
            why: "A chart without its window and source: never ship."
            given: chart
            check:
              required: [window, source]

        """
    }

    static func screen(_ name: String) -> String {
        """
        # An example screen: `hairline lint` checks it, `hairline preview` draws it. The format is Hairline's docs/screens.md.
        screen: Home
        system: \(name)
        padding: "{spacing.screenInset}"
        children:
          - card:
              padding: "{spacing.cardPadding}"
              gap: 8
              radius: "{radius.card}"
              children:
                - text: {role: title, value: Welcome}
                - chart: {type: bars, height: 132, window: Last 12 weeks, source: Journal}
                - button: {style: filled, label: Get Started}

        """
    }
}
