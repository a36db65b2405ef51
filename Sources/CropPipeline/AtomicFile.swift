import CropImageIO
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one writer of output files. A regular file (or a path that does not exist yet) is
/// written to a temporary file beside it and renamed into place by `commit`; a writer dropped
/// without `commit` (an error on the way) removes its temporary file, so no reader ever sees
/// half a file. A symbolic link to a file replaces the file it points to (the link stays); a
/// device (`/dev/null`, `/dev/full`, a terminal) or a pipe is written in place, never
/// replaced; a dangling link, a folder or a socket is refused before anything is written
/// (`FileIO.outputTarget`). Temporary files are registered with `CleanupOnSignal`, so an
/// interrupted command removes them.
package final class AtomicFile: ByteSink {
    /// The path as given (what errors name).
    package let path: String
    /// The file renamed onto at `commit` (the link's target for a link); nil for a device.
    private let destination: String?
    private let temp: String?
    private var slot: Int32?
    private var fd: Int32
    /// A device that cannot seek (a terminal): bytes are written in order only.
    private var sequential = false
    package private(set) var count = 0

    package init(_ path: String) throws(FileError) {
        self.path = path
        switch try FileIO.outputTarget(path) {
        case .device:
            destination = nil
            temp = nil
            // Non-blocking open: a pipe that nobody reads is an error at once, never a wait.
            fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                if code == ENXIO { throw FileError(path: path, message: "is a pipe that nothing reads") }
                throw FileError(path: path, message: FileIO.writeFailure(code))
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        case .file(let target):
            destination = target
            let dir = PathText.parent(target)
            if !dir.isEmpty { try FileIO.makeDirectory(dir) }
            let temp = FileIO.temporaryName(for: target)
            self.temp = temp
            (slot, fd) = CleanupOnSignal.changing {
                let slot = CleanupOnSignal.register(temp)
                return (slot, open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
            }
            guard fd >= 0 else {
                let code = errno
                CleanupOnSignal.unregister(slot)
                throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(code))))")
            }
        }
    }

    deinit {
        if fd >= 0 {
            close(fd)
            if let temp {
                unlink(temp)
                CleanupOnSignal.unregister(slot)
            }
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
        guard !sequential || offset == count else {
            throw FileError(
                path: path, message: "is a device that cannot seek; this output must be rewritten in place, give a file"
            )
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
                var r = sequential ? -1 : pwrite(fd, base + done, raw.count - done, off_t(offset + done))
                if !sequential && r < 0 && errno == ESPIPE && destination == nil && offset == count {
                    sequential = true
                }
                if sequential { r = Foundation.write(fd, base + done, raw.count - done) }
                if r < 0 && errno == EINTR { continue }
                if r <= 0 {
                    failure = r < 0 ? errno : ENOSPC
                    return
                }
                done += r
            }
        }
        if failure != 0 { throw FileError(path: path, message: FileIO.writeFailure(failure)) }
    }

    /// Closes the file and renames it into place (a device is only closed).
    package func commit() throws(FileError) {
        guard fd >= 0 else { throw FileError(path: path, message: "is already closed") }
        let closed = close(fd)
        let code = errno
        fd = -1
        guard let temp, let destination else {
            guard closed == 0 else { throw FileError(path: path, message: FileIO.writeFailure(code)) }
            return
        }
        defer { CleanupOnSignal.unregister(slot) }
        guard closed == 0 else {
            unlink(temp)
            throw FileError(path: path, message: FileIO.writeFailure(code))
        }
        if CleanupOnSignal.changing({ rename(temp, destination) }) != 0 {
            let code = errno
            unlink(temp)
            throw FileError(path: path, message: "cannot be renamed into place (\(String(cString: strerror(code))))")
        }
    }
}
