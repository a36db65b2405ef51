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
        guard case .request(let get, let used) = parser.parse(bytes("GET /api/state?x=1 HTTP/1.1\r\nHost: a\r\nX-Y:  z \r\n\r\n")) else {
            return XCTFail("a request")
        }
        XCTAssertEqual(get.method, "GET")
        XCTAssertEqual(get.path, "/api/state")
        XCTAssertEqual(get.query, "x=1")
        XCTAssertEqual(get.header("x-y"), "z")
        XCTAssertEqual(used, 50)
        let post = bytes("POST /api/tick HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
        guard case .request(let r, let n) = parser.parse(post + bytes("GET / HTTP/1.1\r\n")) else { return XCTFail("a request") }
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
        guard case .request(let r, _) = parser.parse(bytes("GET /a%20b/%2e%2e HTTP/1.1\r\n\r\n")) else { return XCTFail("a request") }
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
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
            exchange(port, Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20000))\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 431 "))
        XCTAssertTrue(exchange(port, Array("POST /echo HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 413 "))
        XCTAssertTrue(exchange(port, [0, 255, 13, 10, 13, 10]).hasPrefix("HTTP/1.1 400 "))
        // Still serving, with keep-alive and pipelining.
        let two = exchange(
            port, Array("POST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET /x HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertTrue(two.hasPrefix("HTTP/1.1 200 OK\r\n"), two)
        XCTAssertTrue(two.contains("\r\n\r\nabcHTTP/1.1 404 "), two)
        XCTAssertEqual(r.server.serviceTimes.count, 2)
    }

    func testConnectionsBeyondTheLimitAreTurnedAwayAndIdleOnesClosed() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnections = 2
        limits.idleSeconds = 0.3
        let r = try start(limits: limits)
        defer { r.stop() }
        // Two idle connections hold the places; a third is answered 503.
        func open() -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(r.server.port).bigEndian)
            inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
            _ = withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            return fd
        }
        let a = open()
        let b = open()
        Thread.sleep(forTimeInterval: 0.15)
        XCTAssertTrue(exchange(r.server.port, Array("GET / HTTP/1.1\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 503 "))
        // After the idle time both are closed, and a new client is served.
        Thread.sleep(forTimeInterval: 0.6)
        var byte: UInt8 = 0
        XCTAssertEqual(recv(a, &byte, 1, 0), 0, "closed by the server")
        close(a)
        close(b)
        XCTAssertTrue(exchange(r.server.port, Array("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 404 "))
    }

    func testListeningOnABadHostIsOneLine() {
        XCTAssertThrowsError(try HTTPServer(host: "localhost:1", port: 0) { _ in HTTPResponse(status: 200) }) {
            XCTAssertEqual("\($0)", "--host localhost:1: expected an IPv4 address such as 127.0.0.1")
        }
    }
}
