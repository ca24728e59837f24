import Foundation

let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
