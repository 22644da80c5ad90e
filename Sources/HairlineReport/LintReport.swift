import HairlineDiagnostics

/// Everything a lint run hands its reporters: findings, input errors, the files linted, and the rules that ran.
public struct LintReport: Sendable {
    /// Findings, in output order (file, line, column, rule).
    public let findings: [Diagnostic]
    /// Input errors, in output order.
    public let inputErrors: [Diagnostic]
    /// Every screen file linted, sorted.
    public let files: [String]
    /// The rules of the systems the run used, by id order of their files.
    public let rules: [RuleInfo]
    /// The tool's version.
    public let toolVersion: String
    /// The absolute working directory, with a trailing slash; paths in findings are relative to it.
    public let workingDirectory: String
    /// The text of each finding's line, for fingerprints that survive edits elsewhere in a file.
    public let lineTexts: [Mark: String]

    public init(
        findings: [Diagnostic], inputErrors: [Diagnostic], files: [String], rules: [RuleInfo], toolVersion: String,
        workingDirectory: String, lineTexts: [Mark: String] = [:]
    ) {
        var (findings, inputErrors) = (findings, inputErrors)
        Diagnostic.putInOutputOrder(&findings)
        Diagnostic.putInOutputOrder(&inputErrors)
        self.findings = findings
        self.inputErrors = inputErrors
        self.files = files.sorted()
        self.rules = rules
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        self.lineTexts = lineTexts
    }

    /// "3 errors, 1 warning in 12 files", or "no findings in 12 files".
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String? {
            number == 0 ? nil : "\(number) \(word)\(number == 1 ? "" : "s")"
        }
        let counts = severityCounts
        let inputPart = inputErrors.isEmpty ? nil : "\(inputErrors.count) input error\(inputErrors.count == 1 ? "" : "s")"
        let parts = [inputPart, count(counts.errors, "error"), count(counts.warnings, "warning"), count(counts.infos, "note")].compactMap { $0 }
        // The files linted, and those that could not be (an input error's file is one the run read).
        let fileCount = Set(files + inputErrors.map(\.mark.file)).count
        return (parts.isEmpty ? "no findings" : parts.joined(separator: ", ")) + " in \(fileCount) file\(fileCount == 1 ? "" : "s")"
    }

    /// How many findings there are of each severity.
    public var severityCounts: (errors: Int, warnings: Int, infos: Int) {
        var counts = (errors: 0, warnings: 0, infos: 0)
        for finding in findings {
            switch finding.severity {
            case .error: counts.errors += 1
            case .warning: counts.warnings += 1
            case .info: counts.infos += 1
            }
        }
        return counts
    }

    /// Each file's findings and input errors, by index (an index past the findings is an input error's, see
    /// `diagnostic(_:)`), in output order: what the per-file formats group by, without copying a diagnostic.
    func indicesByFile() -> [String: [Int]] {
        var byFile: [FileID: [Int]] = [:]
        for index in 0..<(findings.count + inputErrors.count) { byFile[mark(index).fileID, default: []].append(index) }
        // Findings and input errors are each in output order already: a file that has both needs its sorted.
        let precedes = { (a: Int, b: Int) in
            let (first, second) = (mark(a), mark(b))
            return first != second ? first < second : Diagnostic.outputOrder(diagnostic(a), diagnostic(b))
        }
        var paths: [String: [Int]] = [:]
        for (file, var indices) in byFile {
            if !indices.indices.dropFirst().allSatisfy({ !precedes(indices[$0], indices[$0 - 1]) }) { indices.sort(by: precedes) }
            paths[file.path] = indices
        }
        return paths
    }

    /// Where a finding, or past the findings an input error, is.
    private func mark(_ index: Int) -> Mark {
        index < findings.count ? findings[index].mark : inputErrors[index - findings.count].mark
    }

    /// A finding, or past the findings an input error, by index.
    func diagnostic(_ index: Int) -> Diagnostic {
        index < findings.count ? findings[index] : inputErrors[index - findings.count]
    }

    /// A stable fingerprint of a finding: its file, rule, message and the text of its line (not its line number).
    public func fingerprint(_ finding: Diagnostic) -> String { fingerprintHash(finding).hex }

    func fingerprintHash(_ finding: Diagnostic) -> Fingerprint {
        var hash = Fingerprint()
        hash.add(finding.mark.file)
        hash.add(finding.code)
        hash.add(finding.message)
        hash.add(lineText: lineTexts[finding.mark] ?? "")
        return hash
    }
}

/// FNV-1a, 64 bits, over parts each ended by 0x1F: a small, stable, dependency-free hash for fingerprints.
public struct Fingerprint {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ part: String) {
        part.withContiguousUTF8 { add($0) }
    }

    /// A line's text without the spaces around it, as baselines compare it.
    mutating func add(lineText line: String) {
        guard let range = line.asciiSpaceTrimmedRange else { return add(line.trimmingSpaces) }
        var trimmed = line[range]
        trimmed.withUTF8 { add($0) }
    }

    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        hash ^= 0x1F
        hash = hash &* 0x0000_0100_0000_01B3
    }

    /// Sixteen lower-case hex digits.
    public var hex: String {
        var digits = TextBuffer(capacity: 16)
        write(into: &digits)
        return digits.text
    }

    func write(into bytes: inout TextBuffer) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xF
            bytes.write(byte: digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit)
        }
    }
}

import Foundation
