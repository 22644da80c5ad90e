import Foundation
import HairlineTokens

// The command exits when its job is done: what its work releases is kept until then (BackgroundRelease), and
// its allocator is set up for that (ProcessMemory).
BackgroundRelease.keepUntilExit()
ProcessMemory.tuneForOneJob()
let console = Console()
let code = Hairline.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
