import Foundation

/// A real file system of a few hundred kilobytes (tmpfs) mounted on a folder, so a test meets the kernel's own
/// "no space left on the device" (ENOSPC) rather than a simulation of it. Mounting needs the right to mount
/// (root, as on the CI machines); ``isAvailable`` says whether this machine grants it.
package struct SmallFileSystem: Sendable {
    package let mountPoint: URL

    /// Whether a tmpfs can be mounted here: probed once with a real mount and unmount.
    package static let isAvailable: Bool = {
        let probe = TemporaryFolder("newsfeed-mount-probe").url.appending(path: "probe")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
            let mounted = try? SmallFileSystem(mountingOn: probe, kilobytes: 64)
        else { return false }
        mounted.unmount()
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` on `folder` (created if missing).
    package init(mountingOn folder: URL, kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let status = Self.run(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder.path])
        guard status == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        }
        mountPoint = folder
    }

    /// Fills every free byte with one file (`filler` at the top), so the next write of any size fails with ENOSPC.
    package func fill() {
        let descriptor = open(mountPoint.appending(path: "filler").path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x78, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0x78
        while write(descriptor, &byte, 1) > 0 {}
    }

    /// Frees the space ``fill()`` took.
    package func empty() {
        try? FileManager.default.removeItem(at: mountPoint.appending(path: "filler"))
    }

    /// Unmounts (lazily, so a file still open elsewhere cannot keep the mount around).
    package func unmount() {
        _ = Self.run("/bin/umount", ["-l", mountPoint.path])
    }

    private static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let quiet = open("/dev/null", O_WRONLY)
        defer { close(quiet) }
        let child = try? SpawnedProgram(
            URL(fileURLWithPath: program), arguments, environment: ProcessInfo.processInfo.environment,
            output: quiet, errors: quiet)
        return child?.waitForExit() ?? -1
    }
}
