import Foundation
import Testing
import Upstreams

/// Reads the NewsAPI answers in `Fixtures/NewsAPI/`, small ones written for one rule each (the real answers
/// captured by others are read from the shared folder: ``SharedData/capture(_:)``).
package enum NewsAPIFixtures {
    package struct Missing: Error, CustomStringConvertible {
        package let name: String
        package var description: String { "fixture Fixtures/NewsAPI/\(name) is missing" }
    }

    /// The bytes of `Fixtures/NewsAPI/<name>`.
    package static func data(_ name: String) throws -> Data {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/NewsAPI")
        else { throw Missing(name: name) }
        return try Data(contentsOf: url)
    }

    /// The bytes of a real NewsAPI answer of the shared folder (the test needs ``Testing/Trait/needsSharedData``).
    package static func data(_ capture: SharedData.Capture) throws -> Data {
        try SharedData.capture(capture)
    }

    /// The fixture decoded as a file (no HTTP status).
    package static func response(_ name: String) throws -> NewsAPIResponse {
        try NewsAPIResponse.decode(data: data(name))
    }

    /// A real NewsAPI answer of the shared folder, decoded as a file (the test needs ``Testing/Trait/needsSharedData``).
    package static func response(_ capture: SharedData.Capture) throws -> NewsAPIResponse {
        try NewsAPIResponse.decode(data: SharedData.capture(capture))
    }
}

/// A fixed clock for tests: 2024-05-02T12:00:00Z.
package let testNow = Date(timeIntervalSince1970: 1_714_651_200)
