import Foundation
import TestSupport
import Testing

/// The packaged unit reloads as `serve` expects: `systemctl reload newsfeed` sends SIGHUP.
@Suite struct PackagedUnitReloadTests {
    @Test func theServiceUnitReloadsWithSIGHUP() throws {
        let unit = try String(
            contentsOf: RepositoryPaths.root.appending(path: "packaging/deb/systemd/newsfeed.service"), encoding: .utf8)
        let lines = unit.split(separator: "\n")
        #expect(lines.contains("ExecReload=/bin/kill -HUP $MAINPID"))
        #expect(lines.contains { $0.hasPrefix("ExecStart=/usr/bin/newsfeed serve --refresh ") })
    }
}
