import Dispatch
import Foundation

extension CommandContext {
    /// The context of this process: its arguments, environment, terminal streams,
    /// a stop signal fired by SIGINT or SIGTERM, and reload requests `serve` takes SIGHUP for.
    public static func process() -> CommandContext {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if MallocArenas.limitsArenas(forCommand: arguments.first) { MallocArenas.limit() }
        let stop = StopSignal()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            // The handler holds its own source, which keeps it alive for the whole process.
            source.setEventHandler {
                withExtendedLifetime(source) { stop.fire(signal: signalNumber) }
            }
            source.resume()
        }
        signal(SIGPIPE, SIG_IGN)
        return CommandContext(
            arguments: arguments, environment: ProcessInfo.processInfo.environment,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            standardOutput: .standardOutput, standardError: .standardError,
            readStandardInput: { limit in
                guard let limit else { return FileHandle.standardInput.readDataToEndOfFile() }
                return (try? FileHandle.standardInput.read(upToCount: limit)) ?? Data()
            }, stopSignal: stop,
            reloadRequests: ReloadRequests(listensToSIGHUP: true))
    }
}
