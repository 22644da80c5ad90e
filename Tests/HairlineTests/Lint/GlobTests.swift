import Testing

@testable import HairlineLint

/// Globs over file paths and token paths; ASCII names are matched over bytes and the rest over characters,
/// and both must agree with what a glob means.
@Suite("Globs")
struct GlobTests {
    @Test func starQuestionMarkAndDoubleStar() {
        let screens = Glob("Examples/**/*.yaml", separator: "/")
        #expect(screens.matches("Examples/a.yaml"))
        #expect(screens.matches("Examples/fitbit/violations/a.yaml"))
        #expect(!screens.matches("Examples/a.yml"))
        #expect(!screens.matches("Other/a.yaml"))
        #expect(Glob("screen-??.yaml", separator: "/").matches("screen-07.yaml"))
        #expect(!Glob("screen-??.yaml", separator: "/").matches("screen-7.yaml"))
        #expect(Glob("**", separator: "/").matches(""))
        #expect(Glob("a/**", separator: "/").matches("a"))
        #expect(Glob("*a*b", separator: "/").matches("xxaxxab"))
        #expect(!Glob("*a*b", separator: "/").matches("xxaxxa"))
        let tokens = Glob("color.metric.*", separator: ".")
        #expect(tokens.matches("color.metric.steps"))
        #expect(!tokens.matches("color.metric.steps.light"))
    }

    @Test func charactersOutsideASCIIAreWholeCharacters() {
        // `?` is one character: a precomposed é (two bytes) and a decomposed one (e and a combining accent).
        #expect(Glob("caf?.yaml", separator: "/").matches("café.yaml"))
        #expect(Glob("caf?.yaml", separator: "/").matches("cafe\u{301}.yaml"))
        #expect(!Glob("caf?.yaml", separator: "/").matches("cafée.yaml"))
        #expect(Glob("é*", separator: "/").matches("été"))
        #expect(!Glob("e*", separator: "/").matches("été"))
        // CR LF is one character, so `?` takes both.
        #expect(Glob("a?b", separator: "/").matches("a\r\nb"))
    }
}
