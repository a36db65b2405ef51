import CropHTTP
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The playground's server: the request parser on hand-made bytes, and the server over real
/// sockets answering malformed, oversized and concurrent clients without going down.
final class HTTPParserTests: XCTestCase {
    let parser = HTTPRequestParser()

    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testAGetWithHeadersAndAPostWithABody() {
        guard
            case .request(let get, let used) = parser.parse(
                bytes("GET /api/state?x=1 HTTP/1.1\r\nHost: a\r\nX-Y:  z \r\n\r\n"))
        else {
            return XCTFail("a request")
        }
        XCTAssertEqual(get.method, "GET")
        XCTAssertEqual(get.path, "/api/state")
        XCTAssertEqual(get.query, "x=1")
        XCTAssertEqual(get.header("x-y"), "z")
        XCTAssertEqual(used, 50)
        let post = bytes("POST /api/tick HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
        guard case .request(let r, let n) = parser.parse(post + bytes("GET / HTTP/1.1\r\n")) else {
            return XCTFail("a request")
        }
        XCTAssertEqual(r.body, bytes("hello"))
        XCTAssertEqual(n, post.count, "the next, pipelined request is left in the buffer")
    }

    func testIncompleteHeadsAndBodiesWaitForMore() {
        XCTAssertEqual(parser.parse(bytes("GET / HTTP/1.1\r\nHost: a\r\n")), .incomplete)
        XCTAssertEqual(parser.parse(bytes("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")), .incomplete)
        XCTAssertEqual(parser.parse([]), .incomplete)
    }

    func testMalformedRequestsAreRefusedWithTheirStatus() {
        func status(_ s: String) -> Int? {
            if case .failure(let status, _) = parser.parse(bytes(s)) { return status }
            return nil
        }
        XCTAssertEqual(status("GARBAGE\r\n\r\n"), 400)
        XCTAssertEqual(status("get / HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("GET http://x/ HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/2.0\r\n\r\n"), 505)
        XCTAssertEqual(status("GET / HTTP/1.1\nHost: a\r\n\r\n"), 400, "a bare LF")
        XCTAssertEqual(status("GET / HTTP/1.1\r\n: no name\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n"), 400)
        XCTAssertEqual(status("GET /%zz HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("GET /%00 HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"), 400)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), 400)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n"), 413)
    }

    func testLimitsOnTheHeadAndTheHeaderCount() {
        let long = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 17_000) + "\r\n\r\n"
        if case .failure(let s, _) = parser.parse(bytes(long)) { XCTAssertEqual(s, 431) } else { XCTFail("a 431") }
        // A head that never ends is refused once it passes the limit, not buffered for ever.
        if case .failure(let s, _) = parser.parse([UInt8](repeating: 65, count: 16 * 1024 + 1)) {
            XCTAssertEqual(s, 431)
        } else {
            XCTFail("a 431")
        }
        let many = "GET / HTTP/1.1\r\n" + (0..<65).map { "H\($0): v\r\n" }.joined() + "\r\n"
        if case .failure(let s, _) = parser.parse(bytes(many)) { XCTAssertEqual(s, 431) } else { XCTFail("a 431") }
    }

    func testPercentDecodingOfThePath() {
        guard case .request(let r, _) = parser.parse(bytes("GET /a%20b/%2e%2e HTTP/1.1\r\n\r\n")) else {
            return XCTFail("a request")
        }
        XCTAssertEqual(r.path, "/a b/..")
    }
}

/// The server on a real socket (port chosen by the system), serving on a background thread.
final class HTTPServerTests: XCTestCase {
    func start(limits: HTTPServer.Limits = HTTPServer.Limits()) throws -> HTTPServer.Background {
        let server = try HTTPServer(port: 0, limits: limits) { r in
            r.path == "/echo" ? HTTPResponse(status: 200, body: r.body) : HTTPResponse.text(404, "no\n")
        }
        return server.serveInBackground()
    }

    /// Connects, sends the bytes, reads until the server closes or `until` is seen.
    func exchange(_ port: Int, _ bytes: [UInt8], until: String? = nil) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
        let ok = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard ok == 0 else { return "connect failed" }
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[0..<n]
            if let until, String(decoding: out, as: UTF8.self).contains(until) { break }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func testMalformedAndHugeRequestsGetTheirStatusAndTheServerGoesOn() throws {
        let r = try start()
        defer { r.stop() }
        let port = r.server.port
        XCTAssertTrue(exchange(port, Array("GARBAGE\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 400 "))
        XCTAssertTrue(
            exchange(port, Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20000))\r\n\r\n".utf8))
                .hasPrefix("HTTP/1.1 431 "))
        XCTAssertTrue(
            exchange(port, Array("POST /echo HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n".utf8)).hasPrefix(
                "HTTP/1.1 413 "))
        XCTAssertTrue(exchange(port, [0, 255, 13, 10, 13, 10]).hasPrefix("HTTP/1.1 400 "))
        // Still serving, with keep-alive and pipelining.
        let two = exchange(
            port,
            Array(
                "POST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /x HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertTrue(two.hasPrefix("HTTP/1.1 200 OK\r\n"), two)
        XCTAssertTrue(two.contains("\r\n\r\nabcHTTP/1.1 404 "), two)
        XCTAssertEqual(r.server.serviceTimes.count, 2)
    }

    /// Opens a connection to the server on 127.0.0.1 (receive timeout 5 s).
    func connectTo(_ port: Int, receiveBuffer: Int32? = nil) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
        _ = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return fd
    }

    /// A full house does not turn a new client away: the connection idle longest gives up its
    /// place; idle connections are closed after the idle time.
    func testANewClientAlwaysGetsASlotAndIdleConnectionsAreClosed() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnections = 2
        limits.idleSeconds = 0.5
        let r = try start(limits: limits)
        defer { r.stop() }
        let a = connectTo(r.server.port)
        Thread.sleep(forTimeInterval: 0.05)
        let b = connectTo(r.server.port)
        Thread.sleep(forTimeInterval: 0.1)
        // A third is served; the oldest idle one (a) was closed for it, b still is open.
        XCTAssertTrue(
            exchange(r.server.port, Array("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".utf8)).hasPrefix(
                "HTTP/1.1 404 "))
        var byte: UInt8 = 0
        XCTAssertEqual(recv(a, &byte, 1, 0), 0, "a was closed by the server")
        XCTAssertEqual(
            Array("GET / HTTP/1.1\r\n\r\n".utf8).withUnsafeBytes {
                send(b, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }, 18)
        var answer = [UInt8](repeating: 0, count: 512)
        XCTAssertGreaterThan(
            answer.withUnsafeMutableBytes { recv(b, $0.baseAddress, $0.count, 0) }, 0, "b is still served")
        // After the idle time b is closed too.
        Thread.sleep(forTimeInterval: 0.8)
        XCTAssertEqual(recv(b, &byte, 1, 0), 0, "closed by the server when idle")
        close(a)
        close(b)
    }

    /// Slow clients cannot hold the server: 16 connections that each send a request head one
    /// byte at a time (each byte would restart an idle timer) fill every place, and a normal
    /// request is still answered within a second; each slow request gets 408 when its whole
    /// request has not arrived in `requestSeconds`, however often bytes come.
    func testSlowHeadersNeitherDenyServiceNorLiveForever() throws {
        var limits = HTTPServer.Limits()
        limits.requestSeconds = 1.5
        let r = try start(limits: limits)
        defer { r.stop() }
        let slow = (0..<16).map { _ in connectTo(r.server.port) }
        defer { for fd in slow { close(fd) } }
        let head = Array("GET /slow HTTP/1.1\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n".utf8)
        var sent = 0
        func dribble() {
            for fd in slow { _ = head.withUnsafeBytes { send(fd, $0.baseAddress! + sent, 1, Int32(MSG_NOSIGNAL)) } }
            sent += 1
        }
        for _ in 0..<3 {
            dribble()
            Thread.sleep(forTimeInterval: 0.1)
        }
        let started = Date()
        let answer = exchange(r.server.port, Array("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 404 "), answer)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "a normal request is answered within a second")
        // Keep dribbling past requestSeconds: the survivors are answered 408 and closed.
        for _ in 0..<16 {
            dribble()
            Thread.sleep(forTimeInterval: 0.1)
        }
        var timedOut = 0
        for fd in slow {
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0, String(decoding: buffer[0..<n], as: UTF8.self).hasPrefix("HTTP/1.1 408 ") { timedOut += 1 }
        }
        // One gave its place to the normal client; the others timed out.
        XCTAssertGreaterThanOrEqual(timedOut, 15)
    }

    /// Clients that pipeline requests and never read fill their sockets; the server never
    /// waits on them, so a normal request is answered within a second, and a client that
    /// takes nothing for `writeStallSeconds` is closed.
    func testClientsThatNeverReadDoNotStallOthers() throws {
        var limits = HTTPServer.Limits()
        limits.writeStallSeconds = 1
        let big = [UInt8](repeating: 65, count: 256 * 1024)
        let server = try HTTPServer(port: 0, limits: limits) { r in
            r.path == "/big" ? HTTPResponse(status: 200, body: big) : HTTPResponse.text(404, "no\n")
        }
        let r = server.serveInBackground()
        defer { r.stop() }
        let requests = Array(String(repeating: "GET /big HTTP/1.1\r\n\r\n", count: 200).utf8)
        let greedy = (0..<14).map { _ in connectTo(r.server.port, receiveBuffer: 4096) }
        defer { for fd in greedy { close(fd) } }
        for fd in greedy {
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            _ = requests.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        Thread.sleep(forTimeInterval: 0.3)
        for attempt in 0..<2 {
            let started = Date()
            let answer = exchange(r.server.port, Array("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 404 "), answer)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, "answered within a second (attempt \(attempt))")
            Thread.sleep(forTimeInterval: 1.5)
        }
        // By now every greedy client was closed: what it can still read ends.
        // (A server that closes with requests unread resets the connection: that counts too.)
        for fd in greedy {
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 65536)
            var total = 0
            while total < 60 << 20 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 {
                    XCTAssertTrue(
                        n == 0 || errno == ECONNRESET, "closed by the server (\(total) bytes read), not still open")
                    break
                }
                total += n
            }
            XCTAssertLessThan(total, 200 * 256 * 1024, "not every response was sent")
        }
    }

    /// HTTP/1.0 closes after the response unless it asks for keep-alive.
    func testHTTP10ClosesUnlessAskedToKeepAlive() throws {
        let r = try start()
        defer { r.stop() }
        let started = Date()
        let one = exchange(r.server.port, Array("GET /x HTTP/1.0\r\n\r\n".utf8))
        XCTAssertTrue(one.hasPrefix("HTTP/1.1 404 ") && one.contains("Connection: close\r\n"), one)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "closed at once, not after the idle time")
        let kept = exchange(
            r.server.port,
            Array("GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /y HTTP/1.0\r\n\r\n".utf8))
        XCTAssertEqual(kept.components(separatedBy: "HTTP/1.1 404 ").count, 3, kept)
        XCTAssertTrue(kept.contains("Connection: keep-alive\r\n"), kept)
    }

    func testListeningOnABadHostIsOneLine() {
        XCTAssertThrowsError(try HTTPServer(host: "localhost:1", port: 0) { _ in HTTPResponse(status: 200) }) {
            XCTAssertEqual("\($0)", "'--host' expects an IPv4 address such as 127.0.0.1, got 'localhost:1'")
        }
    }
}
