import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileIO {
    /// Appends text to a file another program owns (created when absent), e.g. a CI job's
    /// summary page: appended, not replaced, since earlier steps wrote there too. The path gets
    /// the care of every output (`outputTarget`): a dangling link, a folder or a socket is
    /// refused (never replaced by a new file), a link to a file appends to that file, and a
    /// device or a pipe is written in place, a pipe that nothing reads being an error at once
    /// (never a wait).
    package static func append(_ path: String, _ text: String) throws(FileError) {
        let fd: Int32
        switch try outputTarget(path) {
        case .file(let target):
            fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        case .device:
            fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 && errno == ENXIO { throw FileError(path: path, message: "is a pipe that nothing reads") }
            if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        }
        guard fd >= 0 else { throw FileError(path: path, message: writeFailure(errno)) }
        var failure: Int32 = 0
        Array(text.utf8).withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let n = Foundation.write(fd, base + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = n < 0 ? errno : ENOSPC
                    return
                }
                done += n
            }
        }
        let closed = close(fd)
        if failure == 0 && closed != 0 { failure = errno }
        if failure != 0 { throw FileError(path: path, message: writeFailure(failure)) }
    }
}
