import Foundation

SignalCleanup.install()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
