import Foundation
import Testing

/// `hairline lsp` under a client no one here wrote: Neovim's built-in LSP client, headless, running
/// Fixtures/Editors/neovim-lsp.lua (diagnostics, hover, completion, a quick fix applied by Neovim). `.ci/run`
/// installs Neovim; where it is missing the test is skipped and says so.
@Suite("Neovim")
struct NeovimTests {
    static let hasNeovim = (try? Subprocess.run("nvim", ["--version"]).status) == 0

    @Test(.enabled(if: hasNeovim, "Neovim is not installed (Debian: apt-get install neovim); .ci/run installs it"))
    func neovimsClientGetsDiagnosticsHoverCompletionAndAFix() throws {
        let folder = try CLILintTests.project(
            ["screens/a.yaml": LanguageServerTests.screen.replacingOccurrences(of: "padding: 6", with: "padding: 7")],
            config: LanguageServerTests.config, tokens: LanguageServerTests.tokens, rules: LanguageServerTests.rules)
        let script = Binary.packageRoot.appendingPathComponent("Tests/HairlineTests/Fixtures/Editors/neovim-lsp.lua").path
        // The set-up a user copies from docs/editors.md, as written.
        let setup = try #require(Self.documentedSetUp(), "docs/editors.md has no '-- hairline: Neovim 0.7 and later' block")
        try folder.write("setup.lua", setup)
        let path = Binary.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Subprocess.run(
            "timeout",
            [
                "120", "env", "PATH=\(path)", "SETUP=\(folder.url.appendingPathComponent("setup.lua").path)", "PROJECT=\(folder.url.path)",
                "nvim", "--headless", "--clean", "-n", "-c", "luafile \(script)",
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok"), "\(result.output)")
        // The fix was Neovim's to make in its buffer: the file on the disk is unchanged.
        #expect(try String(contentsOf: folder.url.appendingPathComponent("screens/a.yaml"), encoding: .utf8).contains("padding: 7"))
    }

    /// The Lua block of docs/editors.md that starts `-- hairline: Neovim 0.7 and later`.
    static func documentedSetUp() -> String? {
        guard let page = try? String(contentsOf: Binary.packageRoot.appendingPathComponent("docs/editors.md"), encoding: .utf8),
            let start = page.range(of: "```lua\n-- hairline: Neovim 0.7 and later\n"),
            let end = page.range(of: "```", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }
}
