import HairlineTokens

/// A colour as a screen may write it: `#hex`, or one of CSS's basic colour names (`white`, `black`, …), which a
/// designer types as readily ("white text on the teal button").
extension RGBA {
    /// CSS's sixteen basic colour names and `orange`, by name in lower case, as hex.
    static let cssNames: [String: String] = [
        "black": "#000000", "silver": "#C0C0C0", "gray": "#808080", "grey": "#808080", "white": "#FFFFFF",
        "maroon": "#800000", "red": "#FF0000", "purple": "#800080", "fuchsia": "#FF00FF", "green": "#008000",
        "lime": "#00FF00", "olive": "#808000", "yellow": "#FFFF00", "navy": "#000080", "blue": "#0000FF",
        "teal": "#008080", "aqua": "#00FFFF", "orange": "#FFA500",
    ]

    /// The hex a written colour stands for: itself, or a CSS name's; nil for anything else.
    static func hex(written text: String) -> String? {
        text.hasPrefix("#") ? text : cssNames[text.lowercased()]
    }

    /// The colour a screen's text stands for, if it is one.
    init?(written text: String) {
        guard let hex = Self.hex(written: text) else { return nil }
        self.init(hex: hex)
    }
}
