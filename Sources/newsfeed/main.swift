import Foundation
import NewsFeedCLI

// First of all: a closed pipe is a write error (EPIPE) that TextOutput handles, never a signal death.
signal(SIGPIPE, SIG_IGN)
// The thin entry point: build the real context and hand over to the library.
package let exitCode = await NewsFeedCLI.run(CommandContext.process())
exit(exitCode)
