import DesignTokens

// Prints a few generated tokens, so CI can check the plugin's output is compiled in and correct.
print("cardPadding \(DesignTokens.cardPadding)")
print("canvas.dark red \(App.Color.canvas.dark.red * 255)")
