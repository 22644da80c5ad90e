import Foundation

/// Where the executable prints: standard output and standard error, and whether each is a terminal.
struct Console: Sendable {
    var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether colour may be used on standard error: a terminal, and `NO_COLOR` unset.
    var colourOnStderr: Bool { stderrIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Whether colour may be used on standard output.
    /// The width of the terminal standard output is, if it is one: COLUMNS where set, else the terminal's own.
    var terminalWidth: Int? {
        guard stdoutIsTerminal else { return nil }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 20 ? Int(size.ws_col) : nil
    }

    var colourOnStdout: Bool { stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    func out(_ text: String) {
        Array(terminated(text).utf8).withUnsafeBufferPointer { Self.write($0, to: STDOUT_FILENO) }
    }

    /// Writes bytes to standard output as they are, no line break added (a fixed file's text).
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { Self.write($0, to: STDOUT_FILENO) }
    }

    /// Writes bytes to standard output as they are: a piece of a report.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        Self.write(bytes, to: STDOUT_FILENO)
    }

    func err(_ text: String) {
        Array(terminated(text).utf8).withUnsafeBufferPointer { Self.write($0, to: STDERR_FILENO) }
    }

    /// Writes all the bytes. Standard output that cannot take them (a full disk) ends the run with exit 2 and says
    /// why on standard error; a reader that went away (a closed pipe) ends it quietly, as other tools do.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let code = errno
                if descriptor == STDOUT_FILENO, code != EPIPE {
                    let message = Array("hairline: cannot write standard output: \(String(cString: strerror(code)))\n".utf8)
                    _ = message.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
                }
                exit(descriptor == STDOUT_FILENO && code != EPIPE ? ExitCode.inputError.rawValue : ExitCode.findings.rawValue)
            }
            offset += written
        }
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
