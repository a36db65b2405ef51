/// One parsed HTTP/1.1 request.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    /// The request target's path, percent-decoded (no query).
    package var path: String
    /// The raw query string after `?`, or "".
    package var query: String
    /// Header names lower-cased, in order.
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String

    package init(
        method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.version = version
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header of that (lower-case) name.
    package func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The `Connection` header's options, lower-cased.
    var connectionOptions: [String] {
        (header("connection") ?? "").lowercased().split(separator: ",").map {
            String($0.drop { $0 == " " || $0 == "\t" })
        }
        .map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
    }

    /// Whether the connection closes after this request: asked with `Connection: close`, or
    /// HTTP/1.0 without `Connection: keep-alive` (1.0's default).
    package var wantsClose: Bool {
        if connectionOptions.contains("close") { return true }
        return version == "HTTP/1.0" && !connectionOptions.contains("keep-alive")
    }

    /// An HTTP/1.0 client that asked to keep the connection (it is told it is kept).
    package var keepsAliveExplicitly: Bool { version == "HTTP/1.0" && !wantsClose }

    package static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.version == b.version && a.path == b.path && a.query == b.query && a.body == b.body
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

/// A response: status, headers and body.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text response (UTF-8).
    package static func text(_ status: Int, _ text: String, type: String = "text/plain; charset=utf-8") -> HTTPResponse
    {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Array(text.utf8))
    }

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The bytes on the wire: status line, headers (with Content-Length and, when asked,
    /// Connection: close), blank line, body.
    package func serialized(close: Bool, keepAlive: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers {
            // Header values never carry line breaks (a handler's value is cleaned, not trusted).
            let clean = String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init))
            head += "\(name): \(clean)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        if close {
            head += "Connection: close\r\n"
        } else if keepAlive {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}
