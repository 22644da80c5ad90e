import Foundation
import HairlineTokens

// Before any other thread starts, so that every thread inherits the signals it blocks: an interruption removes
// the temporaries open (InterruptCleanup).
InterruptCleanup.start()
// The command exits when its job is done: what its work releases is kept until then (BackgroundRelease), and
// its allocator is set up for that (ProcessMemory).
BackgroundRelease.keepUntilExit()
ProcessMemory.tuneForOneJob()
let console = Console()
let code = Hairline.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
