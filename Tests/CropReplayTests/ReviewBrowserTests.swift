import CropJSON
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// `cropreplay review` in a real browser (headless Chromium over the DevTools protocol,
/// Tests/Browser/review_accept.py): of two failures, one is accepted and one skipped on the
/// page; a page of another origin holding the token changes nothing; Finish ends the run,
/// which prints what was accepted; `check` then reports the one skipped.
final class ReviewBrowserTests: XCTestCase {
    func testAcceptOneOfTwoFailuresInChromiumThenCheckReportsOne() throws {
        guard let chromium = findChromium() else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed") }
            throw XCTSkip(
                skippedLoudly("chromium is not installed (apt-get install chromium): review is not tested in a browser")
            )
        }
        guard hasCommand("python3") else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but python3 is missing") }
            throw XCTSkip(skippedLoudly("python3 is not installed: review is not tested in a browser"))
        }
        let dir = try reviewFailingSuite("review-browser")
        let goldenB = snapshotTree(dir + "/golden/b")

        // The command, as a user runs it: its first line is the page's address.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: cropreplayExecutable)
        process.arguments = ["review", "--jobs", "1"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var stdout = Data()
        while !stdout.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            stdout += chunk
        }
        let url = String(decoding: stdout, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        guard url.hasPrefix("http://127.0.0.1:") else { return }

        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/review_accept.py").path
        let shots = temporaryDirectory("review-shots")
        let run = try runProcess("python3", [script, url, chromium, shots, "a", "b"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        guard run.code == 0 else { return }
        // Finish ended the command: what it printed after the address.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(process.isRunning, "Finish ends the review")
        stdout += out.fileHandleForReading.readDataToEndOfFile()
        let printed = String(decoding: stdout, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 1, "a skipped failure is left: " + printed)
        XCTAssertTrue(printed.contains("\nupdated a: golden/a/ (trace.json, moved.png)\n"), printed)
        XCTAssertTrue(printed.contains("\nskipped b\n"), printed)
        XCTAssertTrue(printed.hasSuffix("accepted 1 of 2: a\nleft as they were: FAIL b\n"), printed)

        let result = try JSONParser.parse(try String(contentsOfFile: shots + "/result.json", encoding: .utf8))
        func text(_ node: JSONNode?) -> String? {
            if case .string(let s)? = node?.value { return s } else { return nil }
        }
        XCTAssertEqual(result["items"]?.serialized().components(separatedBy: "\"diffViews\":1").count, 3)
        XCTAssertEqual(result["items"]?.serialized().components(separatedBy: "\"plots\":1").count, 3)
        XCTAssertEqual(text(result["decisions"]?["a"]?["decision"]), "accepted")
        XCTAssertEqual(text(result["decisions"]?["b"]?["decision"]), "skipped")
        XCTAssertEqual(text(result["crossOrigin"]?["cors"]), "refused")
        XCTAssertEqual(text(result["finished"]), "Review finished: accepted a. This page can be closed.")

        XCTAssertEqual(snapshotTree(dir + "/golden/b"), goldenB, "neither Skip nor the other origin changed b")
        let check = runCLI(["check"], in: dir)
        XCTAssertEqual(check.code, 1)
        XCTAssertTrue(check.out.hasSuffix("1 passed, 1 failed\n"), check.out)
        XCTAssertTrue(check.out.contains("FAIL b (scenarios/b.json)"), check.out)
    }
}
