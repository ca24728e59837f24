import Foundation

let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(Console.finalStatus(status).rawValue)
