import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory, whose pages can be handed back once read.
///
/// `convert` reads a big answer twice in order: once to check and index it, then article by
/// article while the feed is written. Held whole, an 8.5 MB answer counts fully towards the peak
/// memory; pages handed back (``releasePages()``) are mapped again from the page cache when read
/// again, so only the part being read stays resident. Handing pages back never changes what is
/// read: the mapping is private and read-only, so a page read again is the same file bytes.
package final class MappedInput: @unchecked Sendable {
    // Unchecked: the pointer is written once, in `init`, and the mapping is read-only.
    private let address: UnsafeMutableRawPointer
    private let count: Int
    /// The file, open for ``read(_:into:)``.
    private let descriptor: Int32

    /// The file at `path` mapped; nil when it cannot be (empty, not a regular file, no mmap).
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            close(descriptor)
            return nil
        }
        let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        address = mapped
        count = Int(status.st_size)
        self.descriptor = descriptor
    }

    deinit {
        munmap(address, count)
        close(descriptor)
    }

    /// The file's bytes in `range` (within the file), read into `buffer` (`pread`; it must have room for
    /// `range.count` bytes), not through the mapping: reading out of order through a mapping makes the kernel map
    /// the pages around each read as well, and they count towards the peak until handed back. Same bytes as the
    /// mapping's (the file is only read). A caller reading thousands of ranges needs no array for each.
    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) {
        guard !range.isEmpty, let start = buffer.baseAddress else { return }
        precondition(buffer.count >= range.count, "the buffer is too small for the range")
        var done = 0
        while done < range.count {
            let got = pread(descriptor, start + done, range.count - done, off_t(range.lowerBound + done))
            if got > 0 {
                done += got
            } else if got < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        // A file cut shorter since it was indexed reads as zero bytes there (the mapping would fault instead).
        (start + done).initializeMemory(as: UInt8.self, repeating: 0, count: range.count - done)
    }

    /// The bytes, without a copy; the mapping lives as long as any `Data` made from it.
    package var data: Data {
        Data(bytesNoCopy: address, count: count, deallocator: .custom { [self] _, _ in _ = self })
    }

    /// Drops the pages of the first `length` bytes (all of them by default) from memory; they are
    /// read again from the page cache if needed.
    func releasePages(upTo length: Int? = nil) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(length ?? count, count)
        let wholePages = length == nil ? count : end - end % pageSize
        guard wholePages > 0 else { return }
        _ = madvise(address, wholePages, Int32(MADV_DONTNEED))
    }
}
