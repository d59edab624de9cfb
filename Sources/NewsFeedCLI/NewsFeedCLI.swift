import Foundation
import NewsModel

/// The command-line interface: dispatches `newsfeed <command>` to a command and
/// returns its exit code. The executable only builds a ``CommandContext`` and calls this.
public enum NewsFeedCLI {
    public static func run(_ context: CommandContext) async -> Int32 {
        let status = await dispatch(context)
        // A reader that went away (EPIPE) ends the command quietly with its own status; any other
        // failure to write stdout (a full disk, an I/O error) means lost output: a one-line error
        // and exit 1 (docs/commands.md, "Output to a closed pipe").
        if case .error(let code) = context.standardOutput.descriptor?.failure {
            context.standardError.line(
                "newsfeed: cannot write to standard output: \(SystemErrorText.reason(errno: code))")
            return status == ExitCode.ok.rawValue ? ExitCode.failure.rawValue : status
        }
        return status
    }

    private static func dispatch(_ context: CommandContext) async -> Int32 {
        var arguments = context.arguments
        guard let first = arguments.first else {
            context.standardOutput.line(CommandHelp.overview)
            return ExitCode.ok.rawValue
        }
        arguments.removeFirst()
        var commandContext = context
        commandContext.arguments = arguments
        // `--help`, `--version` and `help COMMAND` take nothing more: a stray word is a mistake, said, not ignored.
        let allowed = first == "help" ? 1 : 0
        if ["--help", "-h", "--version", "help"].contains(first), arguments.count > allowed {
            let extra = arguments[allowed]
            let kind = extra.hasPrefix("-") ? "option \(extra)" : "argument \"\(extra)\""
            return usage("newsfeed \(first): unexpected \(kind) (see `newsfeed --help`)", context)
        }
        switch first {
        case "--help", "-h":
            context.standardOutput.line(CommandHelp.overview)
            return ExitCode.ok.rawValue
        case "--version":
            context.standardOutput.line("newsfeed \(NewsFeedVersion.current) (\(LinkedLibraries.summary))")
            return ExitCode.ok.rawValue
        case "help":
            guard let topic = arguments.first else {
                context.standardOutput.line(CommandHelp.overview)
                return ExitCode.ok.rawValue
            }
            // `help --help` asks for the help of `help`, as `build --help` does for build.
            guard
                let text = ["--help", "-h"].contains(topic)
                    ? CommandHelp.text(for: "help") : CommandHelp.text(for: topic)
            else {
                return usage("newsfeed help: unknown command \"\(topic)\" (see `newsfeed --help`)", context)
            }
            context.standardOutput.line(text)
            return ExitCode.ok.rawValue
        case let name:
            if let run = CommandTable.spec(named: name)?.run {
                return await exitCode { () throws(CommandExit) in try await run(commandContext) }
            }
            if first.hasPrefix("-") {
                return usage("newsfeed: unknown option \(first) (see `newsfeed --help`)", context)
            }
            return usage("newsfeed: unknown command \"\(first)\" (see `newsfeed --help`)", context)
        }
    }

    private static func exitCode(_ command: () async throws(CommandExit) -> ExitCode) async -> Int32 {
        do {
            return try await command().rawValue
        } catch {
            return error.code.rawValue
        }
    }

    private static func usage(_ message: String, _ context: CommandContext) -> Int32 {
        context.standardError.line(message)
        return ExitCode.usage.rawValue
    }
}
