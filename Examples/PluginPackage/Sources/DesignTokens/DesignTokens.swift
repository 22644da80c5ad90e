/// The app's design tokens: `App` (spacing, radius, colours), generated from app.tokens.yaml at build time.
public enum DesignTokens {
    /// The card padding, read from the generated tokens.
    public static var cardPadding: Double { App.Spacing.cardPadding }
}
