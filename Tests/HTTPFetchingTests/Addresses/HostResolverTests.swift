import HTTPFetching
import Testing

@Suite struct HostResolverTests {
    @Test func literalsResolveToThemselves() async throws {
        let resolver = HostResolver()
        #expect(try await resolver.addresses(of: "192.0.2.7") == [.v4(0xc000_0207)])
        #expect(try await resolver.addresses(of: "[::1]") == [.v6(high: 0, low: 1)])
    }

    @Test func localhostResolvesToLoopbackOffThePool() async throws {
        let resolver = HostResolver()
        let addresses = try await resolver.addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0 == .v4(0x7f00_0001) || $0 == .v6(high: 0, low: 1) })
    }

    @Test func concurrentLookupsOfOneNameAgree() async throws {
        let resolver = HostResolver(parallelLookups: 2)
        let answers = try await withThrowingTaskGroup(of: [IPAddress].self) { group in
            for _ in 0..<20 {
                group.addTask { try await resolver.addresses(of: "LOCALHOST") }
            }
            return try await group.reduce(into: [[IPAddress]]()) { $0.append($1) }
        }
        #expect(Set(answers).count == 1)
    }

    @Test func cancelledLookupReturnsPromptly() async {
        let resolver = HostResolver()
        let task = Task { () -> Result<[IPAddress], FetchError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(FetchError) {
                return .success(try await resolver.addresses(of: "localhost"))
            } catch {
                return .failure(error)
            }
        }
        // Either the answer was already there or the wait gave up; it never hangs.
        let result = await task.value
        if case .failure(let error) = result { #expect(error == .cancelled) }
    }
}
