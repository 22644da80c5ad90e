import Testing

@testable import HairlineLint

/// The `pattern` check's cases, word by word: Title Case keeps short minor words in lower case after the first
/// word, sentence case capitalises each sentence's first word only; punctuation, numbers, spaces and letters
/// beyond ASCII are read as such.
@Suite("Text cases")
struct TextCaseTests {
    static let cases: [(text: String, textCase: PatternCheck.TextCase, allow: Set<String>, expected: Bool)] = [
        ("Open Train", .title, [], true),
        ("Open the Train", .title, [], true),
        ("The Open Train", .title, [], true),
        ("the Open Train", .title, [], false),
        ("Open train", .title, [], false),
        ("Open iOS Settings", .title, ["iOS"], true),
        ("Open iOS Settings", .title, [], false),
        ("\u{C9}lan Vital", .title, [], true),
        ("\u{E9}lan Vital", .title, [], false),
        ("Open \u{2014} Train", .title, [], true),
        ("Open 3 Trains", .title, [], true),
        ("  Open   Train  ", .title, [], true),
        ("\"Open\" (Train)", .title, [], true),
        ("", .title, [], true),
        ("Open the train. Then go.", .sentence, [], true),
        ("Open The train", .sentence, [], false),
        ("open the train", .sentence, [], false),
        ("Open the train. then go", .sentence, [], false),
        ("Ask iOS first", .sentence, ["iOS"], true),
        ("OPEN \u{C9}T\u{C9}", .upper, [], true),
        ("OPEn", .upper, [], false),
        ("open \u{E9}t\u{E9} 3", .lower, [], true),
        ("open \u{C9}t\u{E9}", .lower, [], false),
    ]

    @Test(arguments: cases.indices)
    func caseOfText(_ index: Int) {
        let (text, textCase, allow, expected) = Self.cases[index]
        #expect(PatternCheck.isInCase(text, textCase, allow: allow) == expected, "'\(text)' in \(textCase)")
    }
}
