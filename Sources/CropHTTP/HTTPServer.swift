import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small, strict HTTP/1.1 server for one local user (the playground): one thread polls
/// the listening socket and the connections, parses requests with `HTTPRequestParser` and
/// answers each with the handler's response before reading the next. Bounded: at most
/// `maxConnections` connections (more are answered 503 and closed), a connection idle for
/// `idleSeconds` is closed, a malformed request gets a 400-class answer and its connection
/// closed; nothing a client sends stops the server.
package final class HTTPServer {
    package struct Limits: Sendable {
        package var maxConnections = 16
        package var idleSeconds = 30.0
        package var parser = HTTPRequestParser()
        package init() {}
    }

    /// Why the server could not start.
    package struct StartError: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    package typealias Handler = (HTTPRequest) -> HTTPResponse

    private let listener: Int32
    /// The port it listens on (the one asked for, or the one the system chose for 0).
    package let port: Int
    private let limits: Limits
    private let handler: Handler
    private var connections: [Connection] = []
    /// Seconds from a request's last byte read to its response's last byte written, for the
    /// latest requests (at most 100000).
    package private(set) var serviceTimes: [Double] = []
    /// Where `recv` puts what arrived (one buffer for every read).
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    private final class Connection {
        let fd: Int32
        var buffer: [UInt8] = []
        var lastActive: Double
        init(fd: Int32, now: Double) {
            self.fd = fd
            lastActive = now
        }
    }

    /// Listens on `host` (an IPv4 address, 127.0.0.1 unless asked otherwise) and `port` (0: any).
    package init(host: String = "127.0.0.1", port: Int, limits: Limits = Limits(), handler: @escaping Handler) throws(StartError) {
        self.limits = limits
        self.handler = handler
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(Self.errorText())") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw StartError(description: "--host \(host): expected an IPv4 address such as 127.0.0.1")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let text = Self.errorText()
            close(fd)
            throw StartError(description: "cannot listen on \(host):\(port): \(text)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        listener = fd
        Self.setNonBlocking(fd)
    }

    deinit {
        for c in connections { close(c.fd) }
        close(listener)
    }

    /// Serves until `shouldStop` says so (checked at least every 100 ms).
    package func serve(shouldStop: () -> Bool = { false }) {
        while !shouldStop() { step(timeoutMs: 100) }
    }

    /// One round of the loop: waits up to `timeoutMs` for activity and handles it.
    package func step(timeoutMs: Int32) {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for c in connections { fds.append(pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
        let now = Self.now()
        if ready > 0 {
            if fds[0].revents & Int16(POLLIN) != 0 { acceptAll(now: now) }
            // Connections closed below are removed afterwards (indices stay valid).
            var closed = Set<Int32>()
            for (i, c) in connections.enumerated() where i + 1 < fds.count {
                let revents = fds[i + 1].revents
                guard revents != 0 else { continue }
                if !read(c, now: now) { closed.insert(c.fd) }
            }
            drop(closed)
        }
        let idle = Set(connections.filter { now - $0.lastActive > limits.idleSeconds }.map(\.fd))
        drop(idle)
    }

    private func drop(_ fds: Set<Int32>) {
        guard !fds.isEmpty else { return }
        for fd in fds { close(fd) }
        connections.removeAll { fds.contains($0.fd) }
    }

    private func acceptAll(now: Double) {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            Self.setNonBlocking(fd)
            Self.noSigPipe(fd)
            if connections.count >= limits.maxConnections {
                _ = send(fd, HTTPResponse.text(503, "too many connections\n").serialized(close: true))
                close(fd)
                continue
            }
            connections.append(Connection(fd: fd, now: now))
        }
    }

    /// Reads what arrived and answers every complete request; false: close the connection.
    private func read(_ c: Connection, now: Double) -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return false }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                if errno == EINTR { continue }
                return false
            }
            c.buffer += chunk[0..<n]
            c.lastActive = now
            // Never hold more than one request's worth of bytes.
            if c.buffer.count > limits.parser.maxHead + limits.parser.maxBody + 8 { break }
        }
        while true {
            switch limits.parser.parse(c.buffer) {
            case .incomplete:
                if c.buffer.count > limits.parser.maxHead + limits.parser.maxBody + 8 {
                    _ = send(c.fd, HTTPResponse.text(413, "request too large\n").serialized(close: true))
                    return false
                }
                return true
            case .failure(let status, let reason):
                _ = send(c.fd, HTTPResponse.text(status, reason + "\n").serialized(close: true))
                return false
            case .request(let request, let consumed):
                c.buffer.removeFirst(consumed)
                let started = Self.now()
                let response = handler(request)
                let close = request.wantsClose
                guard send(c.fd, response.serialized(close: close)) else { return false }
                if serviceTimes.count < 100_000 { serviceTimes.append(Self.now() - started) }
                c.lastActive = Self.now()
                if close { return false }
            }
        }
    }

    /// Writes all bytes (waiting while the socket is full, at most 5 s in all); false on error.
    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        let deadline = Self.now() + 5
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return sendBytes(fd, base + offset, raw.count - offset)
            }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK, Self.now() < deadline else { return false }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, 100)
        }
        return true
    }

    private func sendBytes(_ fd: Int32, _ p: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, p, count, Int32(MSG_NOSIGNAL))
        #else
            return Darwin.send(fd, p, count, 0)
        #endif
    }

    private static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    private static func noSigPipe(_ fd: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Monotonic seconds.
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension HTTPServer {
    /// A server serving on a thread of its own until `stop()` (tests, the benchmark).
    package final class Background: @unchecked Sendable {
        package let server: HTTPServer
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        fileprivate init(_ server: HTTPServer) { self.server = server }

        /// Stops serving and waits for the thread to end; the server is then the caller's again.
        package func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }

        fileprivate func run() {
            server.serve { self.lock.withLock { self.stopped } }
            done.signal()
        }
    }

    /// Serves on a new thread until the returned handle's `stop()`.
    package func serveInBackground() -> Background {
        let background = Background(self)
        Thread.detachNewThread { background.run() }
        return background
    }
}
