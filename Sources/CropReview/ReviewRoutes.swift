import CropGoldens
import CropHTTP
import CropJSON
import CropPipeline
import CropScenario

/// The review's HTTP interface on the local server. It writes goldens, so only the page it
/// served may ask it to:
///
/// - every request must carry the `Host` the server was reached by, `127.0.0.1:PORT` or
///   `localhost:PORT` (a page of another site whose name was re-pointed at 127.0.0.1, DNS
///   rebinding, sends its own name and is refused with 403);
/// - a `POST` must carry the run's token (`X-CropReplay-Token`, a random value made when
///   the run starts and written only into the page), must not come from another origin
///   (`Origin`, when sent, is this server's; `Sec-Fetch-Site`, when sent, is `same-origin`),
///   and names an item the run found (else 404);
/// - no file is served from disk but the images the run's own check wrote.
///
/// Routes: `GET /` (the page), `GET /artifacts/<scenario>/<image>.png`, `POST /api/accept`
/// and `POST /api/skip` with `{"scenario": NAME}` (answer `{"name": ..., "lines": [...]}`),
/// `POST /api/finish` (ends the review; answers `{"accepted": [...]}`).
package final class ReviewRoutes {
    package let session: ReviewSession
    /// The per-run secret the page sends back with every decision.
    package let token: String
    /// The port the server listens on (set once it listens): the only `Host` accepted.
    package var port = 0
    /// Set by `POST /api/finish`: the command stops serving.
    package private(set) var finished = false
    /// Called with the lines a decision printed (`record`'s lines, `skipped NAME`).
    package var report: ([String]) -> Void = { _ in }

    /// The header that carries the token.
    package static let tokenHeader = "x-cropreplay-token"

    private let artifactsDir: String
    /// The images the page may load, relative to `artifactsDir`.
    private let images: Set<String>

    /// Routes for a session whose check wrote its images under `artifactsDir`; `token`
    /// defaults to 128 random bits in hex.
    package init(session: ReviewSession, artifactsDir: String, token: String = ReviewRoutes.randomToken()) {
        self.session = session
        self.artifactsDir = artifactsDir
        self.token = token
        var images: Set<String> = []
        for item in session.items {
            for a in item.result?.artifacts ?? [] {
                images.formUnion([a.expected, a.actual, a.diff].compactMap { $0 })
            }
        }
        self.images = images
    }

    /// 32 hex digits from the system's secure random source.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    package func handle(_ r: HTTPRequest) -> HTTPResponse {
        if let refusal = refusal(r) { return error(403, refusal) }
        switch (r.method, r.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return .text(200, ReviewPage.html(session, token: token), type: "text/html; charset=utf-8")
        case ("GET", let path) where path.hasPrefix("/artifacts/"):
            let relative = String(path.dropFirst("/artifacts/".count))
            guard images.contains(relative),
                let bytes = try? FileIO.read(artifactsDir + "/" + relative, limit: 256 << 20)
            else { return error(404, "no such image") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: bytes)
        case ("POST", "/api/accept"):
            return decide(r.body) { name throws(ReviewSession.Refusal) in try session.accept(name) }
        case ("POST", "/api/skip"):
            return decide(r.body) { name throws(ReviewSession.Refusal) in
                try session.skip(name)
                return ["skipped \(name)"]
            }
        case ("POST", "/api/finish"):
            finished = true
            return json(200, .object([("accepted", .array(session.accepted.map { .string($0) }))]))
        case (_, "/"), (_, "/index.html"), (_, "/api/accept"), (_, "/api/skip"), (_, "/api/finish"):
            return error(405, "\(r.method) is not allowed on \(r.path)")
        default: return error(404, "no such page")
        }
    }

    /// Why a request is refused before it is routed (nil: it may proceed).
    package func refusal(_ r: HTTPRequest) -> String? {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = r.header("host")?.lowercased(), hosts.contains(host) else {
            return "the Host header must be 127.0.0.1:\(port) or localhost:\(port), got "
                + (r.header("host").map { JSONNode.quote(Echo.cap($0)) } ?? "none")
        }
        guard r.method != "GET" else { return nil }
        if let origin = r.header("origin"), !hosts.contains(where: { origin.lowercased() == "http://" + $0 }) {
            return "requests from another origin are refused, got Origin \(JSONNode.quote(Echo.cap(origin)))"
        }
        if let site = r.header("sec-fetch-site"), site != "same-origin" {
            return "requests from another site are refused, got Sec-Fetch-Site \(JSONNode.quote(Echo.cap(site)))"
        }
        guard let sent = r.header(Self.tokenHeader), Self.same(sent, token) else {
            return "the review's token is missing or wrong: decisions come from the page this run served"
        }
        return nil
    }

    /// Equal strings, compared in a time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// Reads `{"scenario": NAME}` and applies a decision to that item.
    private func decide(_ body: [UInt8], _ apply: (String) throws(ReviewSession.Refusal) -> [String]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch {
            return self.error(400, "the request: \(error.message)")
        }
        guard case .object(let members) = node.value, members.count == 1, members[0].key == "scenario",
            case .string(let name) = members[0].node.value
        else { return error(400, "the request: expected {\"scenario\": NAME}") }
        do {
            let lines = try apply(name)
            report(lines)
            return json(
                200, .object([("name", .string(name)), ("lines", .array(lines.map { .string($0) }))]))
        } catch {
            return self.error(error.status, error.message)
        }
    }

    private func json(_ status: Int, _ node: JSONNode) -> HTTPResponse {
        .text(status, node.serialized(), type: "application/json")
    }

    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object([("error", .string(message))]))
    }
}
