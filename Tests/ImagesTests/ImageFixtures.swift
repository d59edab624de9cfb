import Foundation

/// The images in `Fixtures/`, each named after what it shows (make-fixtures.py wrote them).
enum ImageFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return [UInt8](try Data(contentsOf: url))
    }
}
