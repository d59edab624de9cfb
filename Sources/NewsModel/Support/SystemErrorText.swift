import Foundation

/// One wording for the system's file errors across commands: `permission denied`, `no such file`,
/// `read-only file system`… (never Foundation's "The operation could not be completed." sentences).
package enum SystemErrorText {
    /// The reason for a POSIX error number, in lower case.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case ENOENT, ENOTDIR: "no such file"
        case EROFS: "read-only file system"
        case ENOSPC: "no space left on the device"
        case EISDIR: "is a folder, not a file"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// The reason behind a Foundation file error, through its POSIX code where it has one.
    package static func reason(of error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(errno: Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
            case .fileWriteVolumeReadOnly: return "read-only file system"
            case .fileWriteOutOfSpace: return "no space left on the device"
            default: break
            }
        }
        // Never Foundation's own sentence ("The operation could not be completed. (NSCocoaErrorDomain …)").
        return "the file system refused it (error \(error.code))"
    }
}
