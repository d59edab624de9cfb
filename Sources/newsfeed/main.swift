import Foundation
import NewsFeedKit

// The thin entry point: build the real context and hand over to the library.
let exitCode = await NewsFeedCLI.run(CommandContext.process())
exit(exitCode)
