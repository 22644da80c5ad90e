import Foundation

/// Where the executable prints: standard output and standard error, and whether each is a terminal.
struct Console: Sendable {
    var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether colour may be used on standard error: a terminal, and `NO_COLOR` unset.
    var colourOnStderr: Bool { stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Whether colour may be used on standard output.
    var colourOnStdout: Bool { stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(terminated(text).utf8))
    }

    /// Writes bytes to standard output as they are, no line break added (a fixed file's text).
    func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data(terminated(text).utf8))
    }

    private func terminated(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }
}

/// The exit codes every command uses.
enum ExitCode: Int32 {
    /// Clean.
    case success = 0
    /// Findings at or above the threshold, or outputs out of date.
    case findings = 1
    /// A usage or input error.
    case inputError = 2
}
