import CropJSON
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small, strict HTTP/1.1 server for one local user (the playground): one thread polls
/// the listening socket and the connections, parses requests with `HTTPRequestParser` and
/// queues each response in the connection's output buffer, written as the socket takes it
/// (never waiting on one client's socket). Bounded, so no client can hold the server:
/// - at most `maxConnections` connections; a new one always gets a slot: at the limit, the
///   connection whose pending request started longest ago (else the one idle longest) is closed;
/// - a request (head and body) must arrive within `requestSeconds` of its first byte (408);
/// - a connection whose output does not move for `writeStallSeconds` is closed, and one with
///   `maxPendingOutput` bytes unread gets no more requests answered until it reads;
/// - a connection idle for `idleSeconds` is closed; a malformed request gets a 400-class
///   answer and its connection closed; HTTP/1.0 closes after the response unless the request
///   says `Connection: keep-alive`.
package final class HTTPServer {
    package struct Limits: Sendable {
        package var maxConnections = 16
        package var idleSeconds = 30.0
        /// From a request's first byte to its last (head and body).
        package var requestSeconds = 10.0
        /// Output waiting with no byte taken by the client for this long closes the connection.
        package var writeStallSeconds = 10.0
        /// Responses queued but unread past this stop the connection's next requests.
        package var maxPendingOutput = 1 << 20
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
    /// Requests answered per connection per round, so pipelining clients take turns.
    private let requestsPerRound = 4

    private final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// Bytes of `output` already sent.
        var sent = 0
        /// When the first byte of the request now arriving came (nil: none pending).
        var requestStarted: Double?
        var lastActive: Double
        /// When the client last took output bytes (or output was queued on an empty buffer).
        var lastWrite: Double
        /// Close once the output is written (no more requests are read).
        var closing = false
        /// The input holds part of a request only: nothing to do until more bytes arrive.
        var needsBytes = false
        /// Each queued response's end in `output` and when its request was parsed.
        var timings: [(end: Int, started: Double)] = []
        init(fd: Int32, now: Double) {
            self.fd = fd
            lastActive = now
            lastWrite = now
        }
        var pending: Int { output.count - sent }
        /// Whether input may hold a whole request that could be answered now.
        var canAnswer: Bool { !closing && !input.isEmpty && !needsBytes }
    }

    /// Listens on `host` (an IPv4 address, 127.0.0.1 unless asked otherwise) and `port` (0: any).
    package init(host: String = "127.0.0.1", port: Int, limits: Limits = Limits(), handler: @escaping Handler)
        throws(StartError)
    {
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
            throw StartError(
                description: "'--host' expects an IPv4 address such as 127.0.0.1, got '\(Echo.cap(host))'")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
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

    /// One round of the loop: waits up to `timeoutMs` for activity (not at all while
    /// requests wait to be answered) and handles it.
    package func step(timeoutMs: Int32) {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for c in connections {
            var events: Int16 = 0
            if !c.closing && c.input.count <= inputCap { events |= Int16(POLLIN) }
            if c.pending > 0 { events |= Int16(POLLOUT) }
            fds.append(pollfd(fd: c.fd, events: events, revents: 0))
        }
        let waiting = connections.contains { $0.canAnswer && $0.pending < limits.maxPendingOutput }
        let ready = poll(&fds, nfds_t(fds.count), waiting ? 0 : timeoutMs)
        var now = Self.now()
        var closed = Set<Int32>()
        if ready > 0 {
            // Connections closed below are removed afterwards (indices stay valid).
            for (i, c) in connections.enumerated() where i + 1 < fds.count {
                let revents = fds[i + 1].revents
                guard revents != 0 else { continue }
                if revents & Int16(POLLOUT) != 0 && !flush(c, now: now) { closed.insert(c.fd) }
                if revents & Int16(POLLIN) != 0 && !read(c, now: now) { closed.insert(c.fd) }
                if revents & Int16(POLLERR | POLLNVAL) != 0 { closed.insert(c.fd) }
                if revents & Int16(POLLHUP) != 0 && revents & Int16(POLLIN) == 0 { closed.insert(c.fd) }
            }
        }
        for c in connections where !closed.contains(c.fd) {
            if !answer(c) || !flush(c, now: Self.now()) { closed.insert(c.fd) }
        }
        now = Self.now()
        for c in connections where !closed.contains(c.fd) {
            if c.closing && c.pending == 0 {
                closed.insert(c.fd)
            } else if let started = c.requestStarted, c.needsBytes, now - started > limits.requestSeconds, !c.closing {
                // (Only a request still arriving: whole ones waiting for their turn do not count.)
                // The whole request did not arrive in time: 408, then close.
                queue(
                    c,
                    HTTPResponse.text(408, "the request took longer than \(Int(limits.requestSeconds)) s to arrive\n"),
                    close: true)
                if !flush(c, now: now) || c.pending == 0 { closed.insert(c.fd) }
            } else if c.pending > 0 && now - c.lastWrite > limits.writeStallSeconds {
                closed.insert(c.fd)
            } else if c.pending == 0 && c.input.isEmpty && now - c.lastActive > limits.idleSeconds {
                closed.insert(c.fd)
            }
        }
        drop(closed)
        if ready > 0 && fds[0].revents & Int16(POLLIN) != 0 { acceptAll(now: Self.now()) }
    }

    /// The most input a connection holds: one request of the largest size.
    private var inputCap: Int { limits.parser.maxHead + limits.parser.maxBody + 8 }

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
            if connections.count >= limits.maxConnections, let victim = evictionCandidate() {
                // A new client always gets a slot: the one holding its slot longest without a
                // finished request goes (a slow request first, then the idlest).
                drop([victim.fd])
            }
            connections.append(Connection(fd: fd, now: now))
        }
    }

    /// The connection whose pending request started longest ago, else the one idle longest.
    private func evictionCandidate() -> Connection? {
        connections.min { a, b in (a.requestStarted ?? a.lastActive) < (b.requestStarted ?? b.lastActive) }
    }

    /// Reads what arrived; false: close the connection.
    private func read(_ c: Connection, now: Double) -> Bool {
        while c.input.count <= inputCap {
            let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return c.pending > 0 || !c.input.isEmpty ? closeAfterAnswers(c) : false }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                if errno == EINTR { continue }
                return false
            }
            if c.input.isEmpty && c.requestStarted == nil { c.requestStarted = now }
            c.input += chunk[0..<n]
            c.needsBytes = false
            c.lastActive = now
        }
        return true
    }

    /// The client finished sending: answer what it sent, then close.
    private func closeAfterAnswers(_ c: Connection) -> Bool {
        _ = answer(c, all: true)
        c.closing = true
        return true
    }

    /// Answers up to `requestsPerRound` complete requests (all with `all`) while the client
    /// reads its output; false: close the connection.
    private func answer(_ c: Connection, all: Bool = false) -> Bool {
        var answered = 0
        while !c.closing, !c.input.isEmpty, c.pending < limits.maxPendingOutput, all || answered < requestsPerRound {
            switch limits.parser.parse(c.input) {
            case .incomplete:
                c.needsBytes = true
                if c.input.count > inputCap {
                    queue(c, HTTPResponse.text(413, "request too large\n"), close: true)
                }
                return true
            case .failure(let status, let reason):
                queue(c, HTTPResponse.text(status, reason + "\n"), close: true)
                return true
            case .request(let request, let consumed):
                c.input.removeFirst(consumed)
                let started = Self.now()
                c.requestStarted = c.input.isEmpty ? nil : started
                let response = handler(request)
                queue(c, response, close: request.wantsClose, keepAlive: request.keepsAliveExplicitly, started: started)
                c.lastActive = Self.now()
                answered += 1
            }
        }
        return true
    }

    private func queue(
        _ c: Connection, _ response: HTTPResponse, close: Bool, keepAlive: Bool = false, started: Double? = nil
    ) {
        if c.pending == 0 { c.lastWrite = Self.now() }
        c.output += response.serialized(close: close, keepAlive: keepAlive)
        if let started { c.timings.append((c.output.count, started)) }
        if close {
            c.closing = true
            c.input = []
            c.requestStarted = nil
        }
    }

    /// Writes what the socket takes now, never waiting; false on an error.
    private func flush(_ c: Connection, now: Double) -> Bool {
        while c.pending > 0 {
            let n = c.output.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return sendBytes(c.fd, base + c.sent, raw.count - c.sent)
            }
            if n > 0 {
                c.sent += n
                c.lastWrite = now
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            return false
        }
        let done = Self.now()
        while let first = c.timings.first, first.end <= c.sent {
            if serviceTimes.count < 100_000 { serviceTimes.append(done - first.started) }
            c.timings.removeFirst()
        }
        if c.sent == c.output.count {
            c.output.removeAll(keepingCapacity: c.output.count <= 1 << 20)
            c.sent = 0
            c.timings.removeAll()
        } else if c.sent > 1 << 20 {
            c.output.removeFirst(c.sent)
            c.timings = c.timings.map { ($0.end - c.sent, $0.started) }
            c.sent = 0
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
