import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory, whose pages can be handed back once read.
///
/// `convert` of a publisher's feed reads the file once, in order: pages handed back (``releasePages(upTo:)``) no
/// longer count towards the peak memory, and are mapped again from the page cache if read again. Handing pages back
/// never changes what is read: the mapping is private and read-only, so a page read again is the same file bytes.
package final class MappedInput: @unchecked Sendable {
    // Unchecked: the pointer is written once, in `init`, and the mapping is read-only.
    private let address: UnsafeMutableRawPointer
    private let count: Int

    /// The file at `path` mapped; nil when it cannot be (empty, not a regular file, no mmap).
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        // The mapping keeps the file; the descriptor is not needed past `mmap`.
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            return nil
        }
        let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        address = mapped
        count = Int(status.st_size)
    }

    deinit {
        munmap(address, count)
    }

    /// The bytes, without a copy; the mapping lives as long as any `Data` made from it.
    package var data: Data {
        Data(bytesNoCopy: address, count: count, deallocator: .custom { [self] _, _ in _ = self })
    }

    /// Drops the whole pages of the first `length` bytes from memory; they are read again from the page cache if
    /// needed.
    package func releasePages(upTo length: Int) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(length, count)
        let wholePages = end - end % pageSize
        guard wholePages > 0 else { return }
        _ = madvise(address, wholePages, Int32(MADV_DONTNEED))
    }
}
