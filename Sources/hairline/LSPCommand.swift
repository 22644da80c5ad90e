import Foundation
import HairlineLanguageServer

/// `hairline lsp`: the Language Server Protocol server on standard input and output (CONTRACT 6.4).
enum LSPCommand {
    static let spec = CommandSpec(
        name: "lsp",
        summary: "Serve the Language Server Protocol on standard input and output, for editors.",
        usage: "",
        positionals: 0...0,
        options: [],
        discussion: """
            Publishes the findings of open screen specs as they are typed, and the errors of token sets, rule sets \
            and .hairline.yml; hovers, completes and goes to token references and rule ids; offers fixes and \
            suppressions as code actions. The config is found from the editor's workspace folder. Standard error \
            carries logs only. Set-up for each editor: docs/editors.md.
            """
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        // A client that goes away mid-write ends the reader, not the process.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO, version: Hairline.version) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        return server.run() == 0 ? .success : .findings
    }
}
