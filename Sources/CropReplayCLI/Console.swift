import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI writes: stdout and stderr, replaceable in tests. The standard console
/// writes with POSIX `write`, so a closed pipe or a full disk is an error it records (and
/// the CLI reports once, exit 2), never a trap.
public struct Console: Sendable {
    /// Writes one line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line to standard error.
    public var err: @Sendable (String) -> Void
    /// The first failed write to stdout, if any (errno).
    public var outputError: @Sendable () -> Int32?

    /// A console of two line writers; `outputError` reports a failed write to stdout (none by default).
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        outputError: @escaping @Sendable () -> Int32? = { nil }
    ) {
        self.out = out
        self.err = err
        self.outputError = outputError
    }

    /// Standard output and error, written with POSIX `write`.
    public static let standard: Console = {
        let stdout = Descriptor(1)
        let stderr = Descriptor(2)
        return Console(
            out: { stdout.write($0 + "\n") }, err: { stderr.write($0 + "\n") }, outputError: { stdout.error })
    }()

    /// A file descriptor written with POSIX `write`; after the first error, writes are dropped
    /// and the error is kept.
    final class Descriptor: @unchecked Sendable {
        let fd: Int32
        private let lock = NSLock()
        private var failure: Int32?
        init(_ fd: Int32) { self.fd = fd }

        var error: Int32? {
            lock.lock()
            defer { lock.unlock() }
            return failure
        }

        func write(_ text: String) {
            lock.lock()
            defer { lock.unlock() }
            guard failure == nil else { return }
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    #if canImport(Glibc)
                        return Glibc.write(fd, base + offset, raw.count - offset)
                    #else
                        return Darwin.write(fd, base + offset, raw.count - offset)
                    #endif
                }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = n < 0 ? errno : EIO
                    return
                }
                offset += n
            }
            bytes.removeAll()
        }
    }
}
