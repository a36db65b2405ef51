import CropHTTP
import CropPipeline
import CropPlay
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The playground's latency: the server's time from a tick request's arrival (its last byte
/// read) to its frame's last byte sent, over a scripted session of `events` touch events on
/// one keep-alive connection (a drag, a pause, a pinch, a twist-free release, repeated),
/// 390x844 points at scale 2. Returns the server's and the client's round-trip times (ms).
struct PlaygroundLatency {
    var server: [Double]
    var roundTrip: [Double]
    var meanFrameBytes: Int

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    static func measure(preset: String, events: Int) -> PlaygroundLatency? {
        let text = """
            {"name": "latency", "preset": "\(preset)", "editor": {"viewport": {"width": 390, "height": 844,\
             "scale": 2}}, "script": []}
            """
        guard let loaded = try? LoadedScenario.load(text: text, file: "<bench>", name: "latency"),
            let session = try? PlaySession(base: loaded)
        else { return nil }
        let routes = PlayRoutes(session: session)
        guard let server = try? HTTPServer(port: 0, handler: routes.handle) else { return nil }
        let serving = server.serveInBackground()
        defer { serving.stop() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(server.port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
        let ok = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard ok == 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var roundTrip: [Double] = []
        var bytes = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for i in 0..<events {
            // 40 events per cycle: a 15-frame drag, a lift, a 15-frame pinch, a lift, settle frames.
            let phase = i % 40
            let touches: String
            switch phase {
            case 0..<15: touches = "[[1, 195, \(300 + phase * 12)]]"
            case 15, 32: touches = "[]"
            case 16..<31:
                let d = 120 - Double(phase - 16) * 6
                touches = "[[2, \(195 - d / 2), 420], [3, \(195 + d / 2), 430]]"
            default: touches = "null"
            }
            let body = touches == "null" ? "{\"frames\": 1}" : "{\"frames\": 1, \"touches\": \(touches)}"
            let request = Array(
                "POST /api/tick HTTP/1.1\r\nHost: bench\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
            let started = HTTPServer.now()
            guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
                return nil
            }
            // Read the head, then Content-Length bytes of body.
            var got: [UInt8] = []
            var need = Int.max
            while got.count < need {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return nil }
                got += buffer[0..<n]
                if need == Int.max, let end = HTTPRequestParser.headEnd(got) {
                    let head = String(decoding: got[0..<end], as: UTF8.self).lowercased()
                    guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                        let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                    else { return nil }
                    need = end + 4 + length
                    bytes += length
                }
            }
            roundTrip.append((HTTPServer.now() - started) * 1000)
        }
        return PlaygroundLatency(
            server: server.serviceTimes.map { $0 * 1000 }, roundTrip: roundTrip, meanFrameBytes: bytes / max(1, events))
    }
}
