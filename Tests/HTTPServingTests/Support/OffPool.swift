import Foundation

/// Runs blocking socket work on a thread of its own, so it never occupies the cooperative
/// pool that the server's async handlers need.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do {
                continuation.resume(returning: try work())
            } catch {
                continuation.resume(throwing: error)
            }
        }
        thread.start()
    }
}
