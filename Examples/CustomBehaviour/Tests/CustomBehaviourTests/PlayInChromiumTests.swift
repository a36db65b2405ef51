import CropReplayTesting
import Foundation
import Testing

/// `custom-cropreplay play --model clamping` in headless Chromium: the page serves the
/// example's own editor (`ClampingEditor`), a touch drag down and left past the edge
/// never shows the photo off the box (where CropReplay's reference stretches a rubber band),
/// and the recorded scenario replays under `custom-cropreplay run --model clamping` to the
/// live session's frames, byte for byte (its `trace.json` is the page's live trace).
///
/// The page is driven over the DevTools protocol by the repository's
/// `Tests/Browser/playground_cdp.py --drag` (python3's standard library only). Without
/// Chromium or python3 the test is skipped with a loud line; under
/// `CROPREPLAY_REQUIRE_BROWSER=1` (CI) it runs and fails instead.
@Suite(.serialized) struct PlayInChromiumTests {
    /// The example package's folder.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// CropReplay's repository: `CROPREPLAY_PATH` (as Package.swift reads it), else `../..`.
    static var repository: URL {
        let path = ProcessInfo.processInfo.environment["CROPREPLAY_PATH"] ?? "../.."
        return path.hasPrefix("/")
            ? URL(fileURLWithPath: path) : package.appendingPathComponent(path).standardizedFileURL
    }

    /// Headless Chromium: `CROPREPLAY_CHROMIUM`, else the usual paths (the rule of
    /// CropReplay's own browser tests).
    static var chromium: String? {
        let env = ProcessInfo.processInfo.environment
        let candidates =
            [env["CROPREPLAY_CHROMIUM"]].compactMap { $0 } + [
                "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                "/usr/bin/google-chrome-stable", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
                "/Applications/Chromium.app/Contents/MacOS/Chromium",
            ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var python3: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var required: Bool { ProcessInfo.processInfo.environment["CROPREPLAY_REQUIRE_BROWSER"] == "1" }

    /// Runs when Chromium and python3 are here or CI requires them; else says loudly why not.
    static func canRun() -> Bool {
        if required || (chromium != nil && python3 != nil) { return true }
        let line =
            "SKIPPED (will run in CI, which installs what it needs): "
            + (chromium == nil ? "chromium is not installed" : "python3 is not installed")
            + ": `play --model clamping` is not tested in a browser here"
        print(String(repeating: "!", count: 20) + " " + line)
        return false
    }

    /// The example's own command line, built beside this test (`swift build` builds it): next
    /// to the test executable (Linux), next to the test bundle (macOS), or in `.build/debug`.
    static var executable: URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            package.appendingPathComponent(".build/debug"),
        ]
        .compactMap { $0?.appendingPathComponent("custom-cropreplay") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    @Test(.enabled("Chromium and python3 (CI installs them)") { PlayInChromiumTests.canRun() })
    func aDragOnTheClampingEditorRecordsAScenarioThatReplaysIdentically() throws {
        let chromium = try #require(Self.chromium, "CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed")
        let python3 = try #require(Self.python3, "CROPREPLAY_REQUIRE_BROWSER=1 but python3 is missing")
        let exe = Self.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: exe.path),
            "no \(exe.path): build the example first (swift build)")
        let driver = Self.repository.appendingPathComponent("Tests/Browser/playground_cdp.py")
        try #require(FileManager.default.fileExists(atPath: driver.path), "no \(driver.path)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("play-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        // The server: its first line on standard output is the page's address.
        let server = Process()
        server.executableURL = exe
        server.arguments = ["play", "--model", "clamping", "--port", "0", "--name", "dragged"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { Self.stop(server) }
        let url = try #require(Self.firstLine(of: out, while: server), "play printed no address")
        #expect(url.hasPrefix("http://127.0.0.1:"))

        let drive = try Self.run(python3, [driver.path, url, chromium, dir.path, "--drag"], seconds: 180)
        try #require(drive.status == 0, "playground_cdp.py: \(drive.err)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("drag.json")))
                as? [String: Any])
        #expect(result["model"] as? String == "clamping")
        #expect((result["info"] as? String ?? "").hasPrefix("model clamping"))
        #expect(result["runCommand"] as? String == "cropreplay run --model clamping")
        #expect((result["errors"] as? [Any])?.isEmpty == true, "the page showed no error")
        // Mid-drag the photo moved under the finger, and the clamping editor kept the box covered.
        let before = try #require(result["before"] as? [String: Any])
        let midDrag = try #require(result["midDrag"] as? [String: Any])
        #expect(midDrag["pan"] as? String == "changed")
        #expect(midDrag["valid"] as? Bool == true, "the clamping editor never shows the photo off the box")
        let moved = (midDrag["cx"] as? Double ?? 0) - (before["cx"] as? Double ?? 0)
        #expect(moved < -20, "the photo followed the finger left (\(moved) points)")
        let shots = try ["before", "dragged"].map {
            try PNG.decode(Array(try Data(contentsOf: dir.appendingPathComponent("\($0).png"))))
        }
        #expect(Self.changedFraction(shots[0], shots[1]) > 0.2, "the page showed the photo move")

        // The recording replays under `run --model clamping` to the live frames, byte for byte.
        let recorded = try #require(result["recorded"] as? [String: Any])
        let scenario = try #require(recorded["scenario"] as? String)
        let liveTrace = try #require(result["trace"] as? String)
        try scenario.write(to: dir.appendingPathComponent("dragged.json"), atomically: true, encoding: .utf8)
        let run = try Self.run(
            exe.path,
            [
                "run", "--model", "clamping", dir.appendingPathComponent("dragged.json").path, "--out",
                dir.appendingPathComponent("out").path,
            ], seconds: 120)
        try #require(run.status == 0, "run --model clamping: \(run.err)")
        let replayed = try String(
            contentsOf: dir.appendingPathComponent("out/dragged/trace.json"), encoding: .utf8)
        #expect(replayed == liveTrace, "the replay's trace.json is the live session's")
        #expect(replayed.contains("\"engine\": \"model clamping\""))
        #expect(replayed.split(separator: "\n").count > 25, "the drag's frames are in it")
        // The same scenario through CropReplay's reference stretches the band: another trace.
        let reference = try Self.run(
            exe.path,
            [
                "run", dir.appendingPathComponent("dragged.json").path, "--out",
                dir.appendingPathComponent("reference").path,
            ], seconds: 120)
        try #require(reference.status == 0, "run: \(reference.err)")
        let referenceTrace = try String(
            contentsOf: dir.appendingPathComponent("reference/dragged/trace.json"), encoding: .utf8)
        #expect(referenceTrace.contains("\"valid\": false"), "the reference shows the rubber band")
        #expect(!replayed.contains("\"valid\": false"), "the clamping editor never does")
    }

    /// The first line a process writes to `pipe` (nil when it exits first or after 60 s).
    static func firstLine(of pipe: Pipe, while process: Process) -> String? {
        var data = Data()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData  // blocks until data or EOF
            if chunk.isEmpty { return nil }
            data.append(chunk)
            if let newline = data.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: data[..<newline], as: UTF8.self)
            }
        }
        return nil
    }

    /// Runs a program to its end (killed after `seconds`); its status and standard error.
    static func run(_ program: String, _ arguments: [String], seconds: Double) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: err) }
        let handle = try FileHandle(forWritingTo: err)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        stop(process)
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Ends a process it started and waits for it: with SIGKILL, since a child of the test
    /// runner may inherit a signal mask that holds SIGTERM and SIGINT pending forever.
    static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The fraction of pixels that differ clearly between two pictures of the same size.
    static func changedFraction(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        guard a.width == b.width, a.height == b.height, a.width > 0 else { return 1 }
        var n = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4)
        where abs(Int(a.pixels[i]) - Int(b.pixels[i])) + abs(Int(a.pixels[i + 1]) - Int(b.pixels[i + 1])) > 24 {
            n += 1
        }
        return Double(n) / Double(a.pixels.count / 4)
    }
}
