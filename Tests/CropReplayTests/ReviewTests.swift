import CropBitmap
import CropGoldens
import CropHTTP
import CropImageIO
import CropJSON
import CropPipeline
import CropReview
import Foundation
import TestSupport
import XCTest

/// A suite of two scenarios, `a` and `b`, whose goldens no longer match: the pan moved
/// (a trace difference) and the golden snapshots are inverted (every pixel differs).
func reviewFailingSuite(_ label: String) throws -> String {
    let dir = temporaryDirectory(label)
    try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
    func write(_ dx: Int) throws {
        for name in ["a", "b"] {
            try """
            {"name": "\(name)", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 120, "height": 160,
             "scale": 1}, "image": {"testcard": [300, 400]}},
             "script": [{"pan": {"by": [\(dx), 10], "duration": 0.2}}, {"snapshot": "moved"}]}
            """.write(toFile: dir + "/scenarios/\(name).json", atomically: true, encoding: .utf8)
        }
    }
    try write(30)
    XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
    try write(45)
    for name in ["a", "b"] {
        let golden = dir + "/golden/\(name)/moved.png"
        var image = try PNGCodec.decode(try FileIO.read(golden, limit: 1 << 24))
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { image.pixels[i + c] = 255 - image.pixels[i + c] }
        }
        try FileIO.writeAtomically(golden, PNGCodec.encode(image, .golden))
    }
    return dir
}

/// `cropreplay review`: the items are what `check` reports, Accept records exactly as
/// `record` does (or prunes as `record --prune` does), Skip leaves the golden, and only the
/// page the run served can decide (token, Origin, Host, a scenario of the run).
final class ReviewTests: XCTestCase {
    /// The routes `review` serves for the suite in `dir` (its check run in-process).
    func routes(_ dir: String, orphans: [String] = []) throws -> ReviewRoutes {
        let artifacts = temporaryDirectory("review-artifacts")
        var options = CheckOptions()
        options.goldenDir = dir + "/golden"
        options.artifactsDir = artifacts
        options.jobs = 1
        let names = try FileIO.scenarioFiles(dir + "/scenarios")
        let loaded = try names.map { try LoadedScenario.load(path: $0) }
        let session = try ReviewSession.checking(loaded, unloaded: [], orphans: orphans, options: options)
        let routes = ReviewRoutes(session: session, artifactsDir: artifacts, token: "0123456789abcdef")
        routes.port = 4321
        return routes
    }

    func post(
        _ path: String, _ body: String, token: String? = "0123456789abcdef", host: String? = "127.0.0.1:4321",
        extra: [(String, String)] = []
    ) -> HTTPRequest {
        var headers: [(name: String, value: String)] = []
        if let host { headers.append(("host", host)) }
        if let token { headers.append(("x-cropreplay-token", token)) }
        headers += extra.map { (name: $0.0, value: $0.1) }
        return HTTPRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8))
    }

    func testTheItemsAreWhatCheckReportsWithTheReportsParts() throws {
        let dir = try reviewFailingSuite("review-items")
        let routes = try routes(dir)
        XCTAssertEqual(routes.session.items.map(\.name), ["a", "b"])
        XCTAssertEqual(routes.session.items.map(\.label), ["FAIL", "FAIL"])
        let page = routes.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", "127.0.0.1:4321")]))
        XCTAssertEqual(page.status, 200)
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains("<meta name=\"cropreplay-token\" content=\"0123456789abcdef\">"))
        XCTAssertEqual(html.components(separatedBy: "class=\"diffview\"").count - 1, 2, "a diff view per item")
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 2, "the changed field's plot per item")
        XCTAssertTrue(html.contains("imageRect.x over time"), "the first differing field is plotted")
        XCTAssertTrue(html.contains("src=\"artifacts/a/moved.expected.png\""))
        // The images the page names are served; nothing else is.
        let image = routes.handle(
            HTTPRequest(method: "GET", path: "/artifacts/a/moved.diff.png", headers: [("host", "127.0.0.1:4321")]))
        XCTAssertEqual(image.status, 200)
        XCTAssertNoThrow(try PNGCodec.decode(image.body))
        for path in ["/artifacts/../scenarios/a.json", "/artifacts/a/other.png", "/scenarios/a.json"] {
            XCTAssertEqual(
                routes.handle(HTTPRequest(method: "GET", path: path, headers: [("host", "127.0.0.1:4321")])).status,
                404, path)
        }
    }

    func testANewScenarioShowsTheImagesAcceptRecords() throws {
        let dir = try reviewFailingSuite("review-new")
        var text = try String(contentsOfFile: dir + "/scenarios/a.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"name\": \"a\"", with: "\"name\": \"c\"")
        try text.write(toFile: dir + "/scenarios/c.json", atomically: true, encoding: .utf8)
        let routes = try routes(dir)
        XCTAssertEqual(routes.session.items.map(\.label), ["FAIL", "FAIL", "NEW"])
        let html = String(
            decoding: routes.handle(HTTPRequest(method: "GET", path: "/", headers: [("host", "127.0.0.1:4321")])).body,
            as: UTF8.self)
        XCTAssertTrue(html.contains("<img src=\"artifacts/c/moved.actual.png\" alt=\"actual\">"), html)
        let image = routes.handle(
            HTTPRequest(method: "GET", path: "/artifacts/c/moved.actual.png", headers: [("host", "127.0.0.1:4321")]))
        XCTAssertEqual(image.status, 200)
        XCTAssertEqual(routes.handle(post("/api/accept", #"{"scenario": "c"}"#)).status, 200)
        // What Accept recorded is the picture the page showed.
        let recorded = try PNGCodec.decode(try FileIO.read(dir + "/golden/c/moved.png", limit: 1 << 24))
        XCTAssertEqual(recorded.pixels, try PNGCodec.decode(image.body).pixels)
        XCTAssertEqual(runCLI(["check", "scenarios/c.json"], in: dir).code, 0)
    }

    func testTokenlessCrossOriginForeignHostAndUnknownDecisionsChangeNothing() throws {
        let dir = try reviewFailingSuite("review-refused")
        let routes = try routes(dir)
        let before = snapshotTree(dir)
        let body = #"{"scenario": "a"}"#
        let refused: [(String, HTTPRequest, Int)] = [
            ("no token", post("/api/accept", body, token: nil), 403),
            ("a wrong token", post("/api/accept", body, token: "0123456789abcdee"), 403),
            ("another origin", post("/api/accept", body, extra: [("origin", "http://evil.example")]), 403),
            ("an opaque origin", post("/api/accept", body, extra: [("origin", "null")]), 403),
            ("another port", post("/api/accept", body, extra: [("origin", "http://127.0.0.1:4322")]), 403),
            ("a cross-site fetch", post("/api/accept", body, extra: [("sec-fetch-site", "cross-site")]), 403),
            ("a foreign Host (DNS rebinding)", post("/api/accept", body, host: "evil.example:4321"), 403),
            ("no Host", post("/api/accept", body, host: nil), 403),
            (
                "the page of a foreign Host",
                HTTPRequest(method: "GET", path: "/", headers: [("host", "evil.example")]), 403
            ),
            ("a scenario the run did not find", post("/api/accept", #"{"scenario": "c"}"#), 404),
            ("a path", post("/api/accept", #"{"scenario": "../a"}"#), 404),
            ("a body that is not the object", post("/api/accept", #"["a"]"#), 400),
            (
                "another method",
                HTTPRequest(method: "GET", path: "/api/accept", headers: [("host", "127.0.0.1:4321")]), 405
            ),
        ]
        for (what, request, status) in refused {
            let response = routes.handle(request)
            XCTAssertEqual(response.status, status, what)
            let answer = try JSONParser.parse(bytes: response.body)
            XCTAssertNotNil(answer["error"], what)
        }
        XCTAssertEqual(snapshotTree(dir), before, "no refused request wrote anything")
        XCTAssertEqual(routes.session.accepted, [])
        XCTAssertTrue(routes.session.items.allSatisfy { $0.decision == .pending })
        XCTAssertFalse(routes.finished)
        // The page's own origin, by either name, may decide.
        let ok = routes.handle(post("/api/skip", body, extra: [("origin", "http://localhost:4321")]))
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(snapshotTree(dir), before, "skip writes nothing")
    }

    func testAcceptRecordsExactlyAsRecordAndSkipLeavesTheGolden() throws {
        let dir = try reviewFailingSuite("review-accept")
        // The same suite, recorded by `record` for comparison.
        let copy = temporaryDirectory("review-record")
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: dir, toPath: copy)
        XCTAssertEqual(runCLI(["record", "scenarios/a.json"], in: copy).code, 0)

        let routes = try routes(dir)
        var printed: [String] = []
        routes.report = { printed += $0 }
        let goldenB = snapshotTree(dir + "/golden/b")
        let accept = routes.handle(post("/api/accept", #"{"scenario": "a"}"#))
        XCTAssertEqual(accept.status, 200, String(decoding: accept.body, as: UTF8.self))
        XCTAssertEqual(routes.handle(post("/api/skip", #"{"scenario": "b"}"#)).status, 200)
        XCTAssertEqual(snapshotTree(dir + "/golden/a"), snapshotTree(copy + "/golden/a"), "the golden record writes")
        XCTAssertEqual(snapshotTree(dir + "/golden/b"), goldenB, "the skipped golden is untouched")
        XCTAssertEqual(printed.first, "updated a: \(dir)/golden/a/ (trace.json, moved.png)")
        XCTAssertEqual(printed.last, "skipped b")
        XCTAssertEqual(routes.handle(post("/api/accept", #"{"scenario": "a"}"#)).status, 409, "accepted once")
        XCTAssertEqual(routes.session.summary, ["accepted 1 of 2: a", "left as they were: FAIL b"])
        XCTAssertTrue(routes.session.failuresLeft)
        let finish = routes.handle(post("/api/finish", "{}"))
        XCTAssertEqual(String(decoding: finish.body, as: UTF8.self), #"{"accepted":["a"]}"#)
        XCTAssertTrue(routes.finished)

        let check = runCLI(["check"], in: dir)
        XCTAssertEqual(check.code, 1)
        XCTAssertTrue(check.out.contains("PASS a"), check.out)
        XCTAssertTrue(check.out.contains("FAIL b"), check.out)
        XCTAssertTrue(check.out.contains("1 passed, 1 failed"), check.out)
    }

    func testAcceptingAnOrphanPrunesItAsRecordPruneDoes() throws {
        let dir = try reviewFailingSuite("review-orphan")
        try FileManager.default.createDirectory(atPath: dir + "/golden/gone", withIntermediateDirectories: true)
        try "{}".write(toFile: dir + "/golden/gone/trace.json", atomically: true, encoding: .utf8)
        let routes = try routes(dir, orphans: [dir + "/golden/gone"])
        XCTAssertEqual(routes.session.items.map(\.label), ["FAIL", "FAIL", "ORPHANED"])
        let accept = routes.handle(post("/api/accept", #"{"scenario": "gone"}"#))
        XCTAssertEqual(accept.status, 200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/golden/gone"))
        XCTAssertEqual(
            try JSONParser.parse(bytes: accept.body)["lines"]?.serialized(),
            JSONNode.array([.string("pruned \(dir)/golden/gone/ (no scenario named gone)")]).serialized())
        XCTAssertTrue(routes.session.failuresLeft, "the two failures are still undecided")
    }

    func testTheCommandFindsWhatCheckFindsAndRefusesBadOptions() throws {
        let dir = temporaryDirectory("review-cli")
        try """
        {"name": "ok", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [100, 120]}},
         "script": [{"wait": 0.05}, {"snapshot": "s"}]}
        """.write(toFile: dir + "/ok.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["record", "ok.json"], in: dir).code, 0)
        let nothing = runCLI(["review", "ok.json"], in: dir)
        XCTAssertEqual(nothing.code, 0, nothing.err)
        XCTAssertEqual(nothing.out, "nothing to review: 1 passed\n")
        let badPort = runCLI(["review", "ok.json", "--port", "70000"], in: dir)
        XCTAssertEqual(badPort.code, 2)
        XCTAssertTrue(badPort.err.hasPrefix("Error: '--port'"), badPort.err)
        XCTAssertEqual(runCLI(["review", "missing.json"], in: dir).code, 2)
    }
}
