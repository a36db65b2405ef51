import CropImageIO
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written in pieces (a streamed animation): the bytes go to a temporary file beside
/// the target, renamed into place by `commit`; a writer dropped without `commit` (an error on
/// the way) removes its temporary file, so no reader ever sees half a file.
package final class AtomicFile: ByteSink {
    package let path: String
    private let temp: String
    private var fd: Int32
    package private(set) var count = 0

    package init(_ path: String) throws(FileError) {
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try FileIO.makeDirectory(dir) }
        temp = FileIO.temporaryName(for: path)
        fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(errno))))") }
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(temp)
        }
    }

    package func write(_ bytes: [UInt8]) throws { try append(bytes) }

    /// Appends bytes (the typed form of `write`).
    package func append(_ bytes: [UInt8]) throws(FileError) {
        try put(bytes, at: count)
        count += bytes.count
    }

    package func overwrite(at offset: Int, _ bytes: [UInt8]) throws {
        guard offset >= 0, offset + bytes.count <= count else {
            throw FileError(path: path, message: "internal error: overwrite past the end")
        }
        try put(bytes, at: offset)
    }

    private func put(_ bytes: [UInt8], at offset: Int) throws(FileError) {
        guard fd >= 0 else { throw FileError(path: path, message: "is already closed") }
        var done = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while done < raw.count {
                let r = pwrite(fd, base + done, raw.count - done, off_t(offset + done))
                if r < 0 && errno == EINTR { continue }
                if r <= 0 {
                    failure = r < 0 ? errno : ENOSPC
                    return
                }
                done += r
            }
        }
        if failure != 0 { throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(failure))))") }
    }

    /// Closes the file and renames it into place.
    package func commit() throws(FileError) {
        guard fd >= 0 else { throw FileError(path: path, message: "is already closed") }
        let closed = close(fd)
        let code = errno
        fd = -1
        guard closed == 0 else {
            unlink(temp)
            throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(code))))")
        }
        if rename(temp, path) != 0 {
            unlink(temp)
            throw FileError(path: path, message: "cannot be renamed into place")
        }
    }
}
