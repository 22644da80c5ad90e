import Foundation
import HairlineEngine

// Before any other thread starts, so that every thread inherits the signals it blocks: an interruption removes
// the temporaries open (InterruptCleanup).
InterruptCleanup.start()
let console = Console()
let code = Hairline.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
