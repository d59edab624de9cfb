import Foundation
import Upstreams

/// Reads the DuckDuckGo answers in `Fixtures/DuckDuckGo/`.
package enum DuckDuckGoFixtures {
    /// The bytes of `Fixtures/DuckDuckGo/<name>`.
    package static func data(_ name: String) throws -> Data {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/DuckDuckGo")
        else { throw NewsAPIFixtures.Missing(name: "../DuckDuckGo/\(name)") }
        return try Data(contentsOf: url)
    }

    /// The fixture decoded as a saved answer.
    package static func answer(_ name: String, query: String = "rust") throws -> DuckDuckGoAnswer {
        try DuckDuckGoAnswer.decode(data: data(name), query: query)
    }

    /// A real answer of the shared folder, decoded (the test needs ``Testing/Trait/needsSharedData``).
    package static func answer(_ capture: SharedData.Capture, query: String = "rust") throws -> DuckDuckGoAnswer {
        try DuckDuckGoAnswer.decode(data: SharedData.capture(capture), query: query)
    }
}
