import Foundation

SignalCleanup.install()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
SignalCleanup.exit(status.rawValue)
