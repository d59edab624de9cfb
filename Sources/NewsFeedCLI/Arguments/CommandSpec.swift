/// One command, declared once: its parser (options, their help and rules), its usage forms and
/// its prose. `newsfeed help CMD`, the usage lines and the man page are all generated from it.
///
/// A new command is one ``CommandSpec`` in ``CommandTable/all``; a new flag is one
/// ``ArgumentParser/Option`` in its command's table.
package struct CommandSpec: Sendable {
    /// One usage line: `newsfeed <command> <arguments> <required options> [<optional options>]`.
    package struct Form: Sendable {
        /// The command's words, e.g. `build` or `bookmark add`.
        package var command: String
        /// The positional arguments as shown, e.g. `FILE|-` or `[COMMAND]`.
        package var arguments: String
        /// Options shown without brackets, e.g. convert's `--country`.
        package var required: [String]
        /// Options shown in brackets.
        package var optional: [String]

        package init(command: String, arguments: String = "", required: [String] = [], optional: [String]) {
            self.command = command
            self.arguments = arguments
            self.required = required
            self.optional = optional
        }
    }

    /// An environment variable a command reads.
    package struct Variable: Sendable {
        package var name: String
        package var help: String
    }

    /// The word after `newsfeed`.
    package var name: String
    /// One line for the overview's command list.
    package var summary: String
    /// Options, positionals and exclusions; for a command with actions (bookmark), unused.
    package var parser: ArgumentParser
    /// The usage lines, in order.
    package var forms: [Form]
    /// What the command does: paragraphs of prose, each line wrapped, paragraphs split by a blank line.
    package var about: String
    /// Prose after the options (exit status, notes); empty for none.
    package var details: String
    package var environment: [Variable]
    /// Sub-commands with their own parsers (`bookmark add`, `list`, `remove`); empty for most commands.
    package var actions: [CommandSpec]
    /// What runs the command; nil for `help`, which the dispatcher answers itself.
    package var run: (@Sendable (CommandContext) async throws(CommandExit) -> ExitCode)?

    package init(
        name: String, summary: String, arguments: String = "", parser: ArgumentParser, forms: [Form]? = nil,
        about: String, details: String = "", environment: [Variable] = [], actions: [CommandSpec] = [],
        run: (@Sendable (CommandContext) async throws(CommandExit) -> ExitCode)? = nil
    ) {
        self.name = name
        self.summary = summary
        self.parser = parser
        self.forms =
            forms ?? actions.flatMap(\.forms).nilIfEmpty
            ?? [Form(command: parser.command, arguments: arguments, optional: parser.options.map(\.name))]
        self.about = about
        self.details = details
        self.environment = environment
        self.actions = actions
        self.run = run
    }

    /// Every option the command or its actions accept, each once, in the order first declared.
    package var options: [ArgumentParser.Option] {
        var seen: Set<String> = []
        return ([parser] + actions.map(\.parser)).flatMap(\.options).filter { seen.insert($0.name).inserted }
    }

    /// The option named `name`, for usage lines.
    func option(_ name: String) -> ArgumentParser.Option? { options.first { $0.name == name } }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
