/// A strict, bounded HTTP/1.1 request parser (a pure function of the bytes received so far):
/// request line `METHOD SP origin-form SP HTTP/1.x`, header fields `name: value` (no obsolete
/// line folding), a body by `Content-Length` only (chunked bodies are refused). Limits: the
/// head at most `maxHead` bytes, at most `maxHeaders` fields, the body at most `maxBody`.
package struct HTTPRequestParser: Sendable {
    package var maxHead = 16 * 1024
    package var maxHeaders = 64
    package var maxBody = 1 << 20

    package init() {}

    package enum Outcome: Equatable, Sendable {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes of the buffer it used.
        case request(HTTPRequest, consumed: Int)
        /// A malformed or too large request: the status to answer with and why.
        case failure(status: Int, reason: String)
    }

    package func parse(_ buffer: [UInt8]) -> Outcome {
        // The head ends at the first CRLF CRLF.
        guard let headEnd = Self.headEnd(buffer, limit: maxHead + 4) else {
            return buffer.count > maxHead
                ? .failure(status: 431, reason: "request head larger than \(maxHead) bytes") : .incomplete
        }
        guard headEnd <= maxHead else {
            return .failure(status: 431, reason: "request head larger than \(maxHead) bytes")
        }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i + 1 < headEnd + 2 {
            if buffer[i] == 13 && buffer[i + 1] == 10 {
                lines.append(buffer[start..<i])
                start = i + 2
                i += 2
            } else {
                guard buffer[i] != 10 && buffer[i] != 13 && buffer[i] != 0 else {
                    return .failure(status: 400, reason: "a bare CR, LF or NUL in the request head")
                }
                i += 1
            }
        }
        guard let requestLine = lines.first, !requestLine.isEmpty else {
            return .failure(status: 400, reason: "no request line")
        }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(status: 400, reason: "request line is not METHOD TARGET VERSION")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return .failure(status: 400, reason: "method is not an upper-case token")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(status: version.hasPrefix("HTTP/") ? 505 : 400, reason: "unsupported version")
        }
        let target = Array(parts[1])
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(status: 400, reason: "target is not an absolute path")
        }
        let q = target.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = q.map { Array(target[..<$0]) } ?? target
        let query = q.map { String(decoding: target[($0 + 1)...], as: UTF8.self) } ?? ""
        guard let path = Self.percentDecode(rawPath) else {
            return .failure(status: 400, reason: "bad percent-encoding in the path")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard headers.count < maxHeaders else {
                return .failure(status: 431, reason: "more than \(maxHeaders) header fields")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                return .failure(status: 400, reason: "header field without a name")
            }
            let nameBytes = line[line.startIndex..<colon]
            guard nameBytes.allSatisfy(Self.isTokenByte) else {
                return .failure(status: 400, reason: "bad header field name")
            }
            var value = line[(colon + 1)...]
            while let f = value.first, f == 32 || f == 9 { value = value.dropFirst() }
            while let l = value.last, l == 32 || l == 9 { value = value.dropLast() }
            headers.append(
                (String(decoding: nameBytes, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self)))
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .failure(status: 501, reason: "chunked or other transfer codings are not accepted")
        }
        let lengths = headers.filter { $0.name == "content-length" }.map(\.value)
        var length = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 12,
                first.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let n = Int(first)
            else { return .failure(status: 400, reason: "bad Content-Length") }
            guard n <= maxBody else { return .failure(status: 413, reason: "body larger than \(maxBody) bytes") }
            length = n
        }
        let bodyStart = headEnd + 4
        guard buffer.count >= bodyStart + length else { return .incomplete }
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: headers,
            body: Array(buffer[bodyStart..<(bodyStart + length)]),
            version: version)
        return .request(request, consumed: bodyStart + length)
    }

    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
            UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// `%XX` decoded; nil for a bad escape, an encoded NUL or invalid UTF-8.
    static func percentDecode(_ bytes: [UInt8]) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: return b - 48
            case 65...70: return b - 55
            case 97...102: return b - 87
            default: return nil
            }
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]), h != 0 || l != 0 else {
                    return nil
                }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        return Array(text.utf8) == out ? text : nil
    }

    /// Where the head of a request or response ends: the index of the first CR LF CR LF
    /// starting within the first `limit` bytes.
    package static func headEnd(_ bytes: [UInt8], limit: Int = .max) -> Int? {
        let end = min(bytes.count - 4, limit)
        guard end >= 0 else { return nil }
        var i = 0
        while i <= end {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }
}
