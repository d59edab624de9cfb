import NewsFeedKit

// Placeholder entry point replaced by the command-line interface.
print(NewsFeedVersion.current)
