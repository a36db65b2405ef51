import CropEngine
import CropGoldens
import CropJSON
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import XCTest

@testable import CropReplayCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A model that throws as frame `at` begins, and otherwise shows its start.
struct FailsAsFrameBegins: EditorModel {
    var display: EditorDisplay
    var at: Int

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        if case .frameBegan(let n) = action, n == at { throw FrameBeganError() }
    }
}

struct FrameBeganError: Error, CustomStringConvertible {
    var description: String { "no frames past 2" }
}

/// The third round of hostile input (issue 38): `record --prune` and `record` never remove or
/// replace a folder that is not a golden, the CI step summary gets `--summary`'s care, the
/// Markdown summary never carries raw HTML, `demo --out` fails as `run` does, echoed values
/// never break an error's one line, `import --start` errors name `--start`, a model's failure
/// names the step its frame belongs to, and `conform` names the running program.
final class HostileInputsRoundThreeTests: XCTestCase {
    static let scenarioJSON =
        #"{"name": "NAME", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"pan": {"by": [10, 0], "duration": 0.05}}, {"snapshot": "a"}]}"#

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: PathText.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func scenario(_ name: String) -> String { Self.scenarioJSON.replacingOccurrences(of: "NAME", with: name) }

    /// Every path under `dir` (folders with a trailing slash), sorted: what must not change.
    func tree(_ dir: String) -> [String] {
        var out: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: dir)
        while let item = enumerator?.nextObject() as? String {
            out.append(FileIO.isDirectory(dir + "/" + item) ? item + "/" : item)
        }
        return out.sorted()
    }

    func assertOneLine(_ r: CLIResult, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.code, 2, "\(label): \(r.err)", file: file, line: line)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1, "\(label): \(r.err)", file: file, line: line)
        XCTAssertTrue(r.err.hasSuffix("\n"), label, file: file, line: line)
        XCTAssertFalse(
            r.err.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(label): \(r.err)",
            file: file, line: line)
    }

    // MARK: record --prune

    /// The issue's repro: a project folder as the golden folder. `record --prune --golden .`
    /// and `record scenarios --golden scenarios --prune` are refused before anything is
    /// written; the sources, the notes, the scenarios and their image stay.
    func testPruneNeverDeletesTheProjectOrTheScenarios() throws {
        let dir = temporaryDirectory("prune-project")
        try write(scenario("s1"), dir + "/scenarios/s1.json")
        try write("print(1)\n", dir + "/Sources/App/main.swift")
        try write("notes\n", dir + "/docs/notes.md")
        try write("not really a png", dir + "/scenarios/img/photo.png")
        let before = tree(dir)
        let dot = runCLI(["record", "--prune", "--golden", "."], in: dir)
        assertOneLine(dot, "--golden .")
        XCTAssertEqual(
            dot.err,
            "Error: '--golden' . is or contains the scenarios' folder scenarios; goldens need a folder of their own"
                + " (default: golden) (see 'cropreplay help record')\n")
        XCTAssertEqual(dot.out, "")
        let same = runCLI(["record", "scenarios", "--golden", "scenarios", "--prune"], in: dir)
        assertOneLine(same, "--golden scenarios")
        XCTAssertTrue(same.err.contains("'--golden' scenarios is or contains the scenarios' folder"), same.err)
        // A scenario file's folder counts too, and so does an absolute spelling of it.
        let file = runCLI(["record", "scenarios/s1.json", "--golden", dir + "/scenarios"], in: dir)
        assertOneLine(file, "a file's folder")
        XCTAssertEqual(tree(dir), before, "nothing written, nothing removed")
    }

    /// In a golden folder of its own, --prune removes a golden whose scenario is gone and
    /// leaves alone, saying why, a folder of notes, a link to the sources, a golden-looking
    /// folder holding something else, and a folder whose trace is not CropReplay's.
    func testPruneRemovesOnlyGoldenFolders() throws {
        let dir = temporaryDirectory("prune-only-goldens")
        try write(scenario("s1"), dir + "/scenarios/s1.json")
        try write(scenario("gone"), dir + "/scenarios/gone.json")
        try write(scenario("extra"), dir + "/scenarios/extra.json")
        try write("print(1)\n", dir + "/Sources/App/main.swift")
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try FileManager.default.removeItem(atPath: dir + "/scenarios/gone.json")
        try FileManager.default.removeItem(atPath: dir + "/scenarios/extra.json")
        try write("finder", dir + "/golden/gone/.DS_Store")
        try write("mine\n", dir + "/golden/extra/notes.txt")
        try write("notes\n", dir + "/golden/docs/notes.md")
        try write("{}", dir + "/golden/fake/trace.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/golden/src", withDestinationPath: "../Sources")
        // check lists only the golden as orphaned.
        let check = runCLI(["check"], in: dir)
        XCTAssertEqual(check.code, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains("ORPHANED golden/gone/"), check.out)
        XCTAssertTrue(check.out.hasSuffix("1 passed, 0 failed, 1 orphaned\n"), check.out)
        let r = runCLI(["record", "--prune"], in: dir)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(
            r.out,
            """
            pruned golden/gone/ (no scenario named gone)
            left golden/docs/ alone: not a golden folder (it holds notes.md, which is not a file record writes)
            left golden/extra/ alone: not a golden folder (it holds notes.txt, which is not a file record writes)
            left golden/fake/ alone: not a golden folder (it holds a trace.json that is not a trace CropReplay wrote)
            left golden/src/ alone: not a golden folder (it is a symbolic link)
            goldens unchanged (1 scenario)

            """)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/golden").sorted(),
            ["docs", "extra", "fake", "s1", "src"])
        XCTAssertEqual(tree(dir + "/golden/extra"), ["a.png", "notes.txt", "trace.json"])
        XCTAssertEqual(tree(dir + "/Sources"), ["App/", "App/main.swift"])
        XCTAssertTrue(FileIO.isSymbolicLink(dir + "/golden/src"))
    }

    /// `record` replaces a golden folder whole, so a folder of that name holding anything
    /// else (the user's images, say) is refused before any golden is written.
    func testRecordNeverReplacesAFolderThatIsNotAGolden() throws {
        let dir = temporaryDirectory("record-foreign")
        try write(scenario("img"), dir + "/scenarios/img.json")
        try write(scenario("b"), dir + "/scenarios/b.json")
        try write("a photo", dir + "/golden/img/photo.jpg")
        let r = runCLI(["record"], in: dir)
        assertOneLine(r, "golden/img holds a photo")
        XCTAssertEqual(
            r.err,
            "Error: scenarios/img.json: the golden folder golden/img/ holds photo.jpg, which is not a file record"
                + " writes; record replaces only golden folders: move it, or record into another --golden\n")
        XCTAssertEqual(tree(dir + "/golden"), ["img/", "img/photo.jpg"], "no golden written, the photo kept")
        // A damaged golden (a trace that does not decode) is still replaced: record repairs it.
        try FileManager.default.removeItem(atPath: dir + "/golden/img")
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try write("damaged", dir + "/golden/img/trace.json")
        let repaired = runCLI(["record"], in: dir)
        XCTAssertEqual(repaired.code, 0, repaired.err)
        XCTAssertNil(GoldenFolder.problem(dir + "/golden/img"))
    }

    // MARK: GITHUB_STEP_SUMMARY

    func withStepSummary<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        setenv("GITHUB_STEP_SUMMARY", path, 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        return try body()
    }

    /// A dangling link is refused (not replaced, its target not created) and a path inside
    /// the golden folder is refused, both before anything is checked; a pipe that nothing
    /// reads is an error at once, never a wait.
    func testTheStepSummaryGetsTheCareOfSummary() throws {
        let dir = temporaryDirectory("step-summary")
        try write(scenario("s1"), dir + "/scenarios/s1.json")
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let golden = tree(dir + "/golden")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.md", withDestinationPath: "missing/s.md")
        let dangling = withStepSummary(dir + "/dangling.md") { runCLI(["check"], in: dir) }
        assertOneLine(dangling, "dangling")
        XCTAssertTrue(dangling.err.hasPrefix("Error: GITHUB_STEP_SUMMARY expects a file to append to, but "))
        XCTAssertTrue(dangling.err.contains("symbolic link"), dangling.err)
        XCTAssertEqual(dangling.out, "", "refused before the check")
        XCTAssertTrue(FileIO.isSymbolicLink(dir + "/dangling.md"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing"))
        let inside = withStepSummary("golden/s1/trace.json") { runCLI(["check"], in: dir) }
        assertOneLine(inside, "inside the goldens")
        XCTAssertEqual(
            inside.err,
            "Error: GITHUB_STEP_SUMMARY (golden/s1/trace.json) points into the golden folder golden; check never"
                + " writes there\n")
        XCTAssertEqual(inside.out, "")
        XCTAssertEqual(tree(dir + "/golden"), golden, "the goldens unchanged")
        // A pipe nothing reads, in a process of its own (a hang would be killed after 60 s).
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o600), 0)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: cropreplayExecutable), "the executable is built")
        let started = Date()
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = dir + "/fifo"
        let fifo = try runProcess("timeout", ["60", cropreplayExecutable, "check"], in: dir, environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "no wait on the pipe")
        XCTAssertEqual(fifo.code, 2, fifo.err)
        XCTAssertEqual(
            fifo.err, "Error: cannot write output: GITHUB_STEP_SUMMARY \(dir)/fifo: is a pipe that nothing reads\n")
        // A file and a link to a file are appended to (the link stays).
        try write("# earlier\n", dir + "/real.md")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.md", withDestinationPath: "real.md")
        XCTAssertEqual(withStepSummary(dir + "/link.md") { runCLI(["check"], in: dir) }.code, 0)
        XCTAssertTrue(FileIO.isSymbolicLink(dir + "/link.md"))
        XCTAssertTrue(
            try String(contentsOfFile: dir + "/real.md", encoding: .utf8).hasPrefix(
                "# earlier\n## CropReplay check: 1 passed, 0 failed\n"))
    }

    // MARK: Markdown summary

    /// Names from the file system land in the summary's cells as text, never as HTML: a
    /// folder and a file named like tags (an ERROR row), and an orphan named like one.
    func testTheMarkdownSummaryNeverCarriesRawHTML() throws {
        let dir = temporaryDirectory("summary-html")
        let folder = "x<img src=x onerror=alert(1)>"
        try write(scenario("s1"), dir + "/\(folder)/s1.json")
        try write("{\"name\": 1}", dir + "/\(folder)/<svg onload=alert(2)>.json")
        let r = runCLI(["check", folder, "--summary", "summary.md"], in: dir)
        XCTAssertEqual(r.code, 2, r.err)
        let md = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        XCTAssertFalse(md.contains("<"), md)
        XCTAssertFalse(md.contains(">"), md)
        XCTAssertTrue(
            md.contains("| &lt;svg onload=alert(2)&gt;.json | ERROR | x&lt;img src=x onerror=alert(1)&gt;/"), md)
        // Orphans, passed names, snapshot names and artifact paths: every cell escaped.
        let orphan = MarkdownSummary.page(
            [], orphans: ["golden/<b>o&k`x`|<i>"], artifactsDir: nil, linkFrom: nil)
        XCTAssertTrue(
            orphan.contains(
                "| &lt;b&gt;o&amp;k\\`x\\`\\|&lt;i&gt; | ORPHANED | golden folder golden/&lt;b&gt;o&amp;k\\`x\\`\\|&lt;i&gt;/"
                    + " has no scenario named &lt;b&gt;o&amp;k\\`x\\`\\|&lt;i&gt; (`record --prune` removes it) |"),
            orphan)
        XCTAssertEqual(MarkdownSummary.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownSummary.code("`a"), "`` `a ``")
        XCTAssertEqual(MarkdownSummary.percentEncoded("../a b/<x>(1).png"), "../a%20b/%3Cx%3E%281%29.png")
    }

    // MARK: demo --out

    /// `demo --out` on a file or a dangling link: exit 2 with one line, as `run` and `compare`
    /// give, never "internal".
    func testDemoOutOnAFileOrADanglingLinkIsExitTwo() throws {
        let dir = temporaryDirectory("demo-out")
        try write("a file\n", dir + "/file")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "missing/demo")
        for (label, out) in [("a file", "file"), ("a dangling link", "dangling"), ("under a file", "file/demo")] {
            let demo = runCLI(["demo", "--out", out], in: dir)
            assertOneLine(demo, label)
            XCTAssertTrue(demo.err.hasPrefix("Error: cannot write output: \(out.prefix(4))"), demo.err)
            XCTAssertFalse(demo.err.contains("internal"), demo.err)
            let run = runCLI(["run", packageRoot + "/scenarios/drag-out.json", "--out", out], in: dir)
            XCTAssertEqual(run.code, 2, "run: \(label)")
        }
        XCTAssertEqual(try String(contentsOfFile: dir + "/file", encoding: .utf8), "a file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing"))
    }

    /// `demo --out` under a read-only folder (a read-only tmpfs: root ignores permissions).
    func testDemoOutUnderAReadOnlyFolderIsExitTwo() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
            throw XCTSkip(
                skippedLoudly("mounting a read-only tmpfs needs root: read-only outputs are not checked here"))
        }
        let root = temporaryDirectory("demo-ro")
        let mounted = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,ro", "tmpfs", root])
        guard mounted.code == 0 else { throw XCTSkip(skippedLoudly("cannot mount a tmpfs here: \(mounted.out)")) }
        defer { _ = try? runProcess("/bin/umount", [root]) }
        let demo = runCLI(["demo", "--out", root + "/demo"])
        assertOneLine(demo, "read-only")
        XCTAssertTrue(demo.err.hasPrefix("Error: cannot write output: \(root)/demo"), demo.err)
        XCTAssertTrue(demo.err.contains("read-only"), demo.err)
    }

    // MARK: control characters

    /// A newline, a carriage return and an escape byte in any echoed value stay on the
    /// error's one line, escaped: options, JSON strings in scenarios, and a CDP log's type.
    func testControlCharactersInEchoedValuesNeverBreakTheLine() throws {
        let dir = temporaryDirectory("echo-controls")
        let forged = "1\nError: forged\u{1B}[31m\r"
        try write(scenario("s"), dir + "/s.json")
        XCTAssertEqual(runCLI(["record", "s.json"], in: dir).code, 0)
        let options: [(String, [String])] = [
            ("--every", ["run", "s.json", "--every", forged]),
            ("conform --model", ["conform", "--model", forged, "s.json"]),
            ("play --host", ["play", "--host", forged, "--port", "0"]),
            (
                "import --start",
                [
                    "import", "cdp", HostileInputsRoundTwoTests.importFolder + "/short-contact.cdp", "--start",
                    #"{"a\nError: forged\u001b[31m": 1}"#,
                ]
            ),
            ("check --shard", ["check", "s.json", "--shard", forged]),
            ("a path", ["validate", forged + ".json"]),
        ]
        for (label, args) in options {
            let r = runCLI(args, in: dir)
            assertOneLine(r, label)
            XCTAssertTrue(r.err.contains("Error: forged\\u001b[31m"), "\(label): \(r.err)")
        }
        let value = #""a\nError: forged\u001b[31m""#
        let files: [(String, String)] = [
            ("mask.visibility", #"{"editor": {"mask": {"visibility": VALUE}}, "script": []}"#),
            ("an unknown key", #"{VALUE: 1, "script": []}"#),
            ("a preset", #"{"preset": VALUE, "script": []}"#),
        ]
        for (label, text) in files {
            try write(text.replacingOccurrences(of: "VALUE", with: value), dir + "/bad.json")
            let r = runCLI(["validate", "bad.json"], in: dir)
            assertOneLine(r, label)
            XCTAssertTrue(r.err.contains("\"a\\nError: forged\\u001b[31m\""), "\(label): \(r.err)")
        }
        try write(
            #"{"type": VALUE, "touchPoints": [], "timestamp": 1}"#.replacingOccurrences(of: "VALUE", with: value)
                + "\n", dir + "/bad.cdp")
        let cdp = runCLI(["import", "cdp", "bad.cdp"], in: dir)
        assertOneLine(cdp, "a CDP type")
        XCTAssertTrue(cdp.err.contains("got \"a\\nError: forged\\u001b[31m\""), cdp.err)
        XCTAssertEqual(Echo.escapingControls("plain é ✓"), "plain é ✓")
        XCTAssertEqual(Echo.escapingControls("a\u{7F}b\u{9B}c\u{2028}"), "a\\u007fb\\u009bc\\u2028")
    }

    // MARK: import --start

    /// A start the editor refuses (an angle past straighten-flip's 45 degrees) names --start
    /// (and its file), not the log.
    func testAStartTheEditorRefusesNamesStart() throws {
        let dir = temporaryDirectory("import-start")
        let log = HostileInputsRoundTwoTests.importFolder + "/short-contact.cdp"
        let inline = runCLI(["import", "cdp", log, "--preset", "straighten-flip", "--start", #"{"angle": 46}"#])
        assertOneLine(inline, "inline")
        XCTAssertEqual(
            inline.err,
            "Error: --start: start.angle: expected an angle within +-45 degrees (rotation.limit), got 46\n")
        try write(#"{"angle": 46}"#, dir + "/start.json")
        let file = runCLI(["import", "cdp", log, "--preset", "straighten-flip", "--start", dir + "/start.json"])
        assertOneLine(file, "file")
        XCTAssertEqual(
            file.err,
            "Error: --start \(dir)/start.json: start.angle: expected an angle within +-45 degrees (rotation.limit),"
                + " got 46\n")
        XCTAssertFalse(file.err.contains(log))
        let missing = runCLI(["import", "cdp", log, "--start", dir + "/none.json"])
        XCTAssertEqual(missing.err, "Error: --start \(dir)/none.json: no such file\n")
        // docs/commands.md's import row names --start.
        let commands = try String(contentsOfFile: packageRoot + "/docs/commands.md", encoding: .utf8)
        let row = try XCTUnwrap(commands.split(separator: "\n").first { $0.hasPrefix("| `import ") })
        XCTAssertTrue(row.contains(#"[--start FILE\|JSON]"#), String(row))
    }

    // MARK: messages that point the right way

    /// A model that fails as frame 3 begins, in a scenario whose first step is a 0.4 s pan,
    /// fails in script[0] (frame 3 is the pan's), not in the `until settled` that replayed it.
    func testAModelFailingAsAFrameBeginsNamesTheStepOfThatFrame() throws {
        var registrations = Registrations()
        try registrations.register(model: "stopsAt3") { FailsAsFrameBegins(display: $0.initial, at: 3) }
        try registrations.register(model: "stopsAt40") { FailsAsFrameBegins(display: $0.initial, at: 40) }
        let json = """
            {"preset": "circle-avatar-bounce",
             "script": [{"pan": {"by": [0, 240], "duration": 0.4}}, {"snapshot": "out"}, {"wait": 0.5}, {"until": "settled"}]}
            """
        let loaded = try LoadedScenario.load(text: json, file: "m.json", name: "m", registrations: registrations)
        for (model, place) in [("stopsAt3", "script[0]: frame 3"), ("stopsAt40", "script[2]: frame 40")] {
            XCTAssertThrowsError(try loaded.driving(model).replay()) { error in
                XCTAssertTrue(
                    "\(error)".hasPrefix("m.json: \(place): the model \"\(model)\" failed in frameBegan"), "\(error)")
            }
        }
    }

    /// conform's `reproduce:` lines name the running program: a user's own CLI knows the model.
    func testConformReproduceLinesNameTheRunningProgram() throws {
        let dir = temporaryDirectory("conform-program")
        var registrations = Registrations()
        try registrations.register(model: "still") { setup in FailsAsFrameBegins(display: setup.initial, at: -1) }
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var text = ""
            func add(_ s: String) { lock.withLock { text += s + "\n" } }
        }
        let out = Lines()
        let code = CLI.run(
            ["conform", "--model", "still", "--random", "2", "--preset", "circle-avatar-bounce", "--out", dir],
            console: Console(out: { out.add($0) }, err: { out.add($0) }), registrations: registrations,
            program: "custom-cropreplay")
        XCTAssertEqual(code, 1, out.text)
        XCTAssertTrue(out.text.contains("  reproduce: custom-cropreplay run --model still \(dir)/scripts/"), out.text)
        XCTAssertFalse(out.text.contains("reproduce: cropreplay"), out.text)
        XCTAssertEqual(CropReplayCommand.programName("/x/.build/debug/custom-cropreplay"), "custom-cropreplay")
        XCTAssertEqual(CropReplayCommand.programName(nil), "cropreplay")
        XCTAssertEqual(CropReplayCommand.programName("a\nb"), "a\\nb")
    }
}
