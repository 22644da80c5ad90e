import Foundation

let console = Console()
let code = Hairline.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
