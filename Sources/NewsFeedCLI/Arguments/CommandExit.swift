import FeedServe
import NewsModel

/// Ends a command early with an exit code, after its message has been printed.
///
/// Commands throw it from the shared steps (parsing, help, loading the config) so
/// each command reads as its happy path.
package struct CommandExit: Error {
    package var code: ExitCode
}

extension ArgumentParser {
    /// Parses the context's arguments; prints a usage error (exit 64) or the help
    /// text (exit 0) and ends the command when that is all there is to do.
    package func parse(_ context: CommandContext, help: String) throws(CommandExit) -> ParsedArguments {
        let parsed: ParsedArguments
        do {
            parsed = try parse(context.arguments)
        } catch {
            throw context.exit(.usage, error.message)
        }
        if parsed.wantsHelp {
            context.standardOutput.line(help)
            throw CommandExit(code: .ok)
        }
        return parsed
    }
}

extension CommandContext {
    /// Prints `message` on stderr and returns the exit to throw.
    package func exit(_ code: ExitCode, _ message: String) -> CommandExit {
        standardError.line(message)
        return CommandExit(code: code)
    }

    /// Loads the config named by `--config` (default `./newsfeed.json`); exit 78 when it is unusable.
    func loadConfig(_ parsed: ParsedArguments) throws(CommandExit) -> NewsFeedConfig {
        do {
            return try ConfigLoader.load(
                path: parsed.value("--config") ?? ConfigLoader.defaultFileName, workingDirectory: workingDirectory)
        } catch {
            throw exit(.configuration, error.description)
        }
    }

    /// `--host` (default 127.0.0.1) resolved to the address to bind; exit 64 when it is no address of this machine.
    func listenHost(_ parsed: ParsedArguments, command: String) throws(CommandExit) -> ListenHost {
        do {
            return try ListenHost.resolve(parsed.value("--host") ?? "127.0.0.1")
        } catch {
            throw exit(.usage, "newsfeed \(command): \(error.description)")
        }
    }

    /// `--port` (default 8080; 0 picks a free port), checked by its option rule.
    package func port(_ parsed: ParsedArguments) -> Int { parsed.wholeNumber("--port") ?? 8080 }
}
