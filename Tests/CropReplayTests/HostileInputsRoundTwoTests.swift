import CropHTTP
import CropImageIO
import CropPipeline
import CropPlay
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The second round of hostile input: outputs over devices and links, CRLF logs, PNG headers
/// that declare huge chunks, names the playground would record, import errors that name the
/// log, and the first round's leftovers. Each case is one line with the right exit code and
/// nothing changed that should not be.
final class HostileInputsRoundTwoTests: XCTestCase {
    static let importFolder = packageRoot + "/Tests/CropReplayTests/Fixtures/import"

    func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && Int(info.st_mode) & Int(S_IFMT) == Int(S_IFCHR)
    }

    /// Device nodes of our own (as root): the /dev ones are never put at risk.
    func makeDevices(in dir: String) throws -> (full: String, null: String) {
        let full = dir + "/full"
        let null = dir + "/null"
        // Linux's /dev/full is 1:7 and /dev/null 1:3 (glibc's makedev for small numbers).
        #if os(Linux)
            func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t((major << 8) | minor) }
        #else
            func device(_ major: Int32, _ minor: Int32) -> dev_t { dev_t((major << 24) | minor) }
        #endif
        guard mknod(full, S_IFCHR | 0o666, device(1, 7)) == 0, mknod(null, S_IFCHR | 0o666, device(1, 3)) == 0 else {
            throw XCTSkip(skippedLoudly("mknod needs root: device outputs are not checked here"))
        }
        return (full, null)
    }

    func project() throws -> String {
        let dir = temporaryDirectory("hostile2")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try
            #"{"name": "a-ok", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"pan": {"by": [10, 0], "duration": 0.05}}, {"snapshot": "a"}]}"#
            .write(toFile: dir + "/scenarios/a-ok.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// A device is written in place, never replaced by a regular file: /dev/null takes the
    /// output, /dev/full is "no space" (exit 2); a link to a file keeps the link and replaces
    /// the file; a dangling link, or a folder for --junit, is refused before anything runs.
    func testOutputsOverDevicesAndLinksNeverReplaceThem() throws {
        let dir = try project()
        let devices = try makeDevices(in: dir)
        let log = Self.importFolder + "/short-contact.cdp"
        let full = runCLI(["import", "cdp", log, "--out", devices.full])
        XCTAssertEqual(full.code, 2, full.err)
        XCTAssertEqual(
            full.err, "Error: cannot write output: \(devices.full): cannot be written: no space left on the device\n")
        let null = runCLI(["import", "cdp", log, "--out", devices.null])
        XCTAssertEqual(null.code, 0, null.err)
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let junit = runCLI(["check", "--junit", devices.null], in: dir)
        XCTAssertEqual(junit.code, 0, junit.err)
        let junitFull = runCLI(["check", "--junit", devices.full], in: dir)
        XCTAssertEqual(junitFull.code, 2, junitFull.err)
        XCTAssertTrue(junitFull.err.hasSuffix("no space left on the device\n"), junitFull.err)
        XCTAssertTrue(
            isCharacterDevice(devices.full) && isCharacterDevice(devices.null), "the devices are still devices")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "no temporary file left beside the devices")

        // A pipe is written in place when something reads it, and is an error at once when
        // nothing does (never a wait).
        XCTAssertEqual(mkfifo(dir + "/pipe", 0o600), 0)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: cropreplayExecutable), "the executable is built")
        let unread = runCLI(["import", "cdp", log, "--out", dir + "/pipe"])
        XCTAssertEqual(unread.code, 2)
        XCTAssertEqual(unread.err, "Error: cannot write output: \(dir)/pipe: is a pipe that nothing reads\n")
        let reader = try runProcess(
            "/bin/sh",
            [
                "-c",
                "cat '\(dir)/pipe' > '\(dir)/piped' & sleep 0.2; '\(cropreplayExecutable)' import cdp '\(log)' --out '\(dir)/pipe'; wait",
            ])
        XCTAssertEqual(reader.code, 0, reader.out)
        XCTAssertTrue(try String(contentsOfFile: dir + "/piped", encoding: .utf8).contains("\"touches\""))

        // A link to a file: the file gets the output, the link stays.
        try "old\n".write(toFile: dir + "/real.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "real.json")
        XCTAssertEqual(runCLI(["import", "cdp", log, "--out", dir + "/link.json"]).code, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json"), "real.json")
        XCTAssertTrue(try String(contentsOfFile: dir + "/real.json", encoding: .utf8).contains("\"touches\""))

        // A dangling link is refused (not replaced by a file, its target not created).
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/dangling.json", withDestinationPath: "missing/target.json")
        let dangling = runCLI(["import", "cdp", log, "--out", dir + "/dangling.json"])
        XCTAssertEqual(dangling.code, 2)
        XCTAssertEqual(dangling.err.split(separator: "\n").count, 1, dangling.err)
        XCTAssertTrue(dangling.err.contains("'--out'") && dangling.err.contains("symbolic link"), dangling.err)
        XCTAssertTrue(FileIO.isSymbolicLink(dir + "/dangling.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing"))
        let junitLink = runCLI(["check", "--junit", dir + "/dangling.json"], in: dir)
        XCTAssertEqual(junitLink.code, 2)
        XCTAssertEqual(junitLink.out, "", "refused before the check runs")
    }

    /// `check --junit DIR` names --junit and runs nothing.
    func testJUnitIntoAFolderIsRefusedBeforeTheCheck() throws {
        let dir = try project()
        try FileManager.default.createDirectory(atPath: dir + "/reports", withIntermediateDirectories: true)
        let r = runCLI(["check", "--junit", "reports"], in: dir)
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.out, "", "nothing was checked")
        XCTAssertEqual(
            r.err,
            "Error: '--junit' expects a file to write, but reports: is a folder, expected a file (see 'cropreplay help check')\n"
        )
    }

    /// CRLF logs import exactly as their LF versions (the same scenario bytes).
    func testCRLFLogsImportExactlyAsTheirLFVersions() throws {
        let dir = temporaryDirectory("crlf")
        let cases: [(String, String, [String])] = [
            ("cdp", "short-contact.cdp", []), ("cdp", "gap-and-reuse.cdp", []), ("cdp", "chromium-playground.cdp", []),
            ("getevent", "two-slots.getevent", ["--panel", "4096,4096", "--screen", "400,800"]),
        ]
        for (format, name, extra) in cases {
            let lf = try String(contentsOfFile: Self.importFolder + "/" + name, encoding: .utf8)
            XCTAssertFalse(lf.contains("\r"))
            let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
            try crlf.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let a = runCLI(["import", format, Self.importFolder + "/" + name] + extra)
            let b = runCLI(["import", format, dir + "/" + name] + extra)
            XCTAssertEqual(a.code, 0, a.err)
            XCTAssertEqual(b.code, 0, "\(name) with CRLF: \(b.err)")
            XCTAssertEqual(b.out, a.out, name)
        }
    }

    /// The process's peak resident memory (KB), reset first to the current size, around
    /// `body` (Linux: /proc/self/clear_refs and VmHWM). A child's peak cannot be measured
    /// this way: Linux counts the parent's memory at the spawn in the child's peak.
    func peakGrowthKilobytes(_ body: () -> Void) throws -> Int {
        func field(_ name: String) -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
            return nil
        }
        guard (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil,
            let start = field("VmHWM"), field("VmRSS") != nil
        else { throw XCTSkip(skippedLoudly("peak memory needs /proc/self/clear_refs (Linux)")) }
        body()
        return (field("VmHWM") ?? Int.max) - start
    }

    /// A 44-byte PNG whose text chunk declares 2^31-1 bytes fails at once, in little memory,
    /// with the file and what was expected.
    func testAPNGHeaderChunkDeclaringTwoGigabytesFailsAtOnce() throws {
        let dir = temporaryDirectory("pngchunk")
        var ihdr: [UInt8] = [0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0]
        ihdr = [0, 0, 0, 13] + Array("IHDR".utf8) + ihdr + crcBytes(Array("IHDR".utf8) + ihdr)
        for type in ["tEXt", "zTXt", "iTXt"] {
            let bytes: [UInt8] =
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + [0x7F, 0xFF, 0xFF, 0xFF] + Array(type.utf8)
                + Array("abc".utf8)
            XCTAssertEqual(bytes.count, 44)
            XCTAssertThrowsError(try PNGCodec.decode(bytes)) { error in
                XCTAssertTrue(
                    "\(error)".contains(
                        "chunk \(type) at byte 33 declares 2147483647 bytes of data, but the file has 3 bytes after its header"
                    ),
                    "\(error)")
            }
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/big.png"))
            try #"{"name": "big", "editor": {"image": {"file": "big.png"}}, "script": []}"#.write(
                toFile: dir + "/big.json", atomically: true, encoding: .utf8)
            let r = runCLI(["validate", dir + "/big.json"])
            XCTAssertEqual(r.code, 2)
            XCTAssertTrue(
                r.err.contains("big.json: editor.image.file: image \"big.png\" is not a readable PNG: chunk \(type)"),
                r.err)
            XCTAssertThrowsError(try PNGCodec.size(of: bytes))
            let growth = try peakGrowthKilobytes {
                _ = try? PNGCodec.size(of: bytes)
                _ = try? PNGCodec.decode(bytes)
            }
            XCTAssertLessThan(growth, 100 * 1024, "\(type): peak memory grew by \(growth) KB")
        }
    }

    func crcBytes(_ bytes: [UInt8]) -> [UInt8] {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }

    /// Runs the executable and kills it after `seconds` (a server that should not have started).
    func runBounded(_ args: [String], seconds: Double) throws -> (code: Int32, err: String, killed: Bool) {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable) else {
            throw XCTSkip(skippedLoudly("needs the built executable"))
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cropreplayExecutable)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(seconds)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        let killed = p.isRunning
        if killed { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        return (
            p.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), killed
        )
    }

    /// `play --name` takes the scenario name rule, checked before the server starts.
    func testPlayRefusesNamesThatRecordedScenariosCouldNotHave() throws {
        for name in ["..", "é", ".", "a/b", String(repeating: "x", count: 101)] {
            let r = try runBounded(["play", "--name", name, "--port", "0"], seconds: 5)
            XCTAssertFalse(r.killed, "--name \(name): the server started")
            XCTAssertEqual(r.code, 2)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.hasPrefix("Error: '--name' expects a scenario name of 1 to 100 characters"), r.err)
        }
    }

    /// Every body the playground reads must be a JSON object: an array is a 400.
    func testPlaygroundBodiesThatAreNotObjectsAre400() throws {
        let text = #"{"name": "p", "preset": "circle-avatar-bounce", "script": []}"#
        let routes = PlayRoutes(
            session: try PlaySession(base: try LoadedScenario.load(text: text, file: "test", name: "p")))
        for path in ["/api/tick", "/api/button", "/api/editor"] {
            for body in ["[1, 2]", "[]", "3", "\"x\"", "null"] {
                let r = routes.handle(HTTPRequest(method: "POST", path: path, body: Array(body.utf8)))
                XCTAssertEqual(r.status, 400, "\(path) \(body)")
            }
        }
        XCTAssertEqual(
            routes.handle(HTTPRequest(method: "POST", path: "/api/tick", body: Array("{}".utf8))).status, 200)
    }

    /// The playground's own server and routes under both attacks at once: 16 connections
    /// that dribble a request head and 14 that pipeline page requests and never read; a
    /// normal API request is still answered within a second.
    func testThePlaygroundAnswersUnderSlowAndGreedyClients() throws {
        let text = #"{"name": "p", "preset": "circle-avatar-bounce", "script": []}"#
        let routes = PlayRoutes(
            session: try PlaySession(base: try LoadedScenario.load(text: text, file: "test", name: "p")))
        let server = try HTTPServer(port: 0, handler: routes.handle)
        let background = server.serveInBackground()
        defer { background.stop() }
        func open(receiveBuffer: Int32? = nil) -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var tv = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(server.port).bigEndian)
            inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
            _ = withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            return fd
        }
        func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let greedy = (0..<14).map { _ in open(receiveBuffer: 4096) }
        let slow = (0..<16).map { _ in open() }
        defer { for fd in greedy + slow { close(fd) } }
        for fd in greedy {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
            sendAll(fd, Array(String(repeating: "GET / HTTP/1.1\r\n\r\n", count: 300).utf8))
        }
        for step in 0..<3 {
            for fd in slow { sendAll(fd, [Array("GET".utf8)[step]]) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        for attempt in 0..<3 {
            let started = Date()
            let fd = open()
            sendAll(fd, Array("GET /api/state HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                answer += buffer[0..<n]
            }
            close(fd)
            let seconds = Date().timeIntervalSince(started)
            XCTAssertTrue(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"), "attempt \(attempt)")
            XCTAssertLessThan(seconds, 1, "attempt \(attempt): answered in \(seconds) s")
        }
    }

    /// Errors found after an import's conversion name the log's line and the option, never
    /// the --out file that was not written.
    func testImportErrorsAfterTheConversionNameTheLogAndTheOption() throws {
        let dir = temporaryDirectory("importerr")
        let log = Self.importFolder + "/short-contact.cdp"
        let offset = runCLI(["import", "cdp", log, "--offset", "1e9,0", "--out", dir + "/s.json"])
        XCTAssertEqual(offset.code, 2)
        XCTAssertEqual(
            offset.err,
            "Error: \(log):1: the touch at (10, 10) maps to (1000000010, 10) points with --offset 1000000000,0, outside the scenario's range of +-1000000: check the options\n"
        )
        let scale = runCLI(["import", "cdp", log, "--scale", "50000", "--out", dir + "/s.json"])
        XCTAssertEqual(
            scale.err,
            "Error: \(log):5: the touch at (52, 61) maps to (2600000, 3050000) points with --scale 50000, outside the scenario's range of +-1000000: check the options\n"
        )
        try #"{"zoom": {"min": -1}}"#.write(toFile: dir + "/editor.json", atomically: true, encoding: .utf8)
        let editor = runCLI(["import", "cdp", log, "--editor", dir + "/editor.json", "--out", dir + "/s.json"])
        XCTAssertEqual(
            editor.err,
            "Error: --editor \(dir)/editor.json: editor.zoom.min: expected a zoom from 0.001 to 1000, got -1\n")
        let preset = runCLI(["import", "cdp", log, "--preset", "nope", "--out", dir + "/s.json"])
        XCTAssertTrue(preset.err.hasPrefix("Error: '--preset' expects one of "), preset.err)
        let name = runCLI(["import", "cdp", log, "--name", "..", "--out", dir + "/s.json"])
        XCTAssertTrue(name.err.hasPrefix("Error: '--name' expects a scenario name"), name.err)
        for r in [offset, scale, editor, preset, name] {
            XCTAssertEqual(r.code, 2)
            XCTAssertFalse(r.err.contains("s.json"), r.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s.json"))
    }

    /// stdout on a full device is the environment's problem: exit 2 with its words.
    func testStandardOutputOnAFullDeviceIsExitTwo() throws {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable), isCharacterDevice("/dev/full") else {
            throw XCTSkip(skippedLoudly("needs the built executable and /dev/full"))
        }
        for command in ["presets", "schema", "validate scenarios"] {
            let r = try runProcess(
                "/bin/sh", ["-c", "'\(cropreplayExecutable)' \(command) > /dev/full"], in: packageRoot)
            XCTAssertEqual(r.code, 2, "\(command): \(r.err)")
            XCTAssertEqual(r.err, "Error: cannot write to standard output: no space left on the device\n", command)
        }
        XCTAssertTrue(isCharacterDevice("/dev/full"))
    }

    /// A script that runs past the frame limit while settling says so.
    func testASettleRunningPastTheFrameLimitSaysSo() throws {
        let dir = temporaryDirectory("limit")
        try
            #"{"name": "lim", "editor": {"policy": {"kind": "snapNearest", "animation": {"curve": "spring", "dampingRatio": 0.000001}}}, "script": [{"wait": 1666.5}, {"pan": {"by": [-600, 0], "duration": 0.1}}, {"until": "settled"}]}"#
            .write(toFile: dir + "/lim.json", atomically: true, encoding: .utf8)
        let r = runCLI(["validate", dir + "/lim.json"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(
            r.err,
            "Error: \(dir)/lim.json: script[2]: the script runs past frame 100000 while settling from frame 99997; the limit is 100000 frames\n"
        )
    }

    /// `compare --policies ""` (or a list with an empty entry) names the option.
    func testAnEmptyPolicyListNamesTheOption() throws {
        let dir = try project()
        for (option, value) in [("--policies", ""), ("--policies", "clamp,"), ("--vary", "policy=")] {
            let r = runCLI(["compare", "scenarios/a-ok.json", option, value, "--out", "cmp"], in: dir)
            XCTAssertEqual(r.code, 2)
            XCTAssertTrue(
                r.err.hasPrefix("Error: '\(option)' expects a comma-separated list of policy values with none empty"),
                r.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/cmp"))
    }
}
