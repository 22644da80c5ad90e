import Foundation
import HairlineTokens

// The command exits when its job is done: what its work releases is kept until then (BackgroundRelease).
BackgroundRelease.keepUntilExit()
let console = Console()
let code = Hairline.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
