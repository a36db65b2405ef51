import CropConformance
import CropEngine
import CropGeometry
import CropPipeline
import CropReplayCLI
import CropScenario
import Foundation
import TestSupport
import XCTest

/// A model that shows what `change` makes of its display at frame `at` (0: from its factory),
/// and otherwise follows pans (so conform has something to compare).
struct MisbehavingModel: EditorModel {
    var display: EditorDisplay
    var at: Int
    var change: @Sendable (inout EditorDisplay) throws -> Void
    var translation = Point.zero

    init(_ setup: ModelSetup, at: Int, _ change: @escaping @Sendable (inout EditorDisplay) throws -> Void) throws {
        display = setup.initial
        self.at = at
        self.change = change
        if at == 0 { try change(&display) }
    }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        if case .gesture(let e) = action, e.gesture == .pan {
            if e.phase != .began {
                display.state.cx += e.translation.x - translation.x
                display.state.cy += e.translation.y - translation.y
                display.state = context.geometry.project(display.state)
            }
            translation = e.translation
        }
        if case .tick = action, at > 0, context.frame == at { try change(&display) }
    }
}

/// An error whose description is several lines with terminal escapes, and long.
struct ChattyError: Error, CustomStringConvertible {
    var description: String {
        "first line\nsecond line\r\n\u{1B}[31mred\u{1B}[0m\t" + String(repeating: "x", count: 5000)
    }
}

/// Editor models that misbehave in every way a model can, through every path that drives one:
/// one line naming the model, the frame and the value, never a trap (docs/extending.md, "Your
/// own editor"); and `cropreplay conform` under bad options and a bad environment.
final class HostileModelTests: XCTestCase {
    static func registrations() throws -> Registrations {
        var r = Registrations()
        for at in [0, 3] {
            try r.register(model: "turnsNegative\(at)") {
                try MisbehavingModel($0, at: at) { $0.orientation.turns = -1 }
            }
            try r.register(model: "turnsFive\(at)") { try MisbehavingModel($0, at: at) { $0.orientation.turns = 5 } }
            try r.register(model: "chatty\(at)") { try MisbehavingModel($0, at: at) { _ in throw ChattyError() } }
        }
        try r.register(model: "chattyFactory") { _ in throw ChattyError() }
        try r.register(model: "restless") { try MisbehavingModel($0, at: 0) { $0.isSettling = true } }
        try r.register(model: "still") { try MisbehavingModel($0, at: 0) { _ in } }
        try r.register(model: "counted") {
            Self.made.increment()
            return try MisbehavingModel($0, at: 0) { _ in }
        }
        return r
    }

    /// How many "counted" models were made.
    static let made = Counter()

    static let drag = """
        {"preset": "circle-avatar-bounce",
         "script": [{"pan": {"by": [0, 240], "duration": 0.3}}, {"snapshot": "out"}, {"until": "settled"}]}
        """

    func replay(_ json: String = drag, model: String) throws -> Result<Trace, ReplayFailure> {
        let loaded = try LoadedScenario.load(
            text: json, file: "model.json", name: "model", registrations: try Self.registrations())
        return Result { () throws(ReplayFailure) -> Trace in try loaded.driving(model).replay() }
    }

    /// `ImageOrientation.turns` is settable: a model that sets it past 0...3 (a `turns -= 1`
    /// from 0) shows that many quarter turns modulo 4, at its factory or later: the trace holds
    /// 0...3 and the renderer draws it, never a trap or `"turns": 5` in a file.
    func testQuarterTurnsOutsideZeroToThreeWrapInsteadOfTrapping() throws {
        var o = ImageOrientation()
        o.turns -= 1
        XCTAssertEqual(o.turns, 3)
        o.turns = 5
        XCTAssertEqual(o.turns, 1)
        XCTAssertEqual(o, ImageOrientation(turns: 1))
        for (model, turns, frame) in [
            ("turnsNegative0", 3, 0), ("turnsNegative3", 3, 3), ("turnsFive0", 1, 0), ("turnsFive3", 1, 3),
        ] {
            let trace = try replay(model: model).get()
            XCTAssertTrue(trace.frames[frame...].allSatisfy { $0.orientation.turns == turns }, model)
            XCTAssertTrue(trace.frames.allSatisfy { (0...3).contains($0.orientation.turns) }, model)
        }
        // Through the command line: the frames render and the trace says turns 3.
        let dir = temporaryDirectory("hostile-model-turns")
        try Self.drag.write(toFile: dir + "/drag.json", atomically: true, encoding: .utf8)
        let r = runCLI(
            ["run", "--model", "turnsNegative3", "drag.json", "--out", "out", "--frames"], in: dir,
            registrations: try Self.registrations())
        XCTAssertEqual(r.code, 0, r.err)
        let trace = try String(contentsOfFile: dir + "/out/drag/trace.json", encoding: .utf8)
        XCTAssertTrue(trace.contains("\"turns\": 3"), trace.prefix(400).description)
        XCTAssertFalse(trace.contains("\"turns\": -1") || trace.contains("\"turns\": 5"))
    }

    /// What a model throws is the model's text: it is quoted on the error's one line, its line
    /// breaks and control characters shown as spaces, and cut after 200 characters.
    func testAThrownErrorStaysOneShortLine() throws {
        for (model, frame) in [("chattyFactory", 0), ("chatty0", 0), ("chatty3", 3)] {
            guard case .failure(let error) = try replay(model: model) else {
                XCTFail("\(model): expected a failure")
                continue
            }
            let message = error.description
            XCTAssertFalse(message.contains { $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false) }, message)
            XCTAssertTrue(message.contains("frame \(frame): the model \"\(model)\" failed in "), message)
            XCTAssertTrue(message.contains(": first line second line   [31mred [0m xxx"), message)
            XCTAssertTrue(message.hasSuffix("xxx..."), message)
            XCTAssertLessThan(message.count, 400, message)
        }
    }

    /// A model that never stops settling fails `until settled` 10 s later, and the line says
    /// that it is the model that keeps `isSettling` (not the reference's settle or fade).
    func testAModelThatNeverSettlesIsNamed() throws {
        guard case .failure(let error) = try replay(model: "restless") else { return XCTFail("expected a failure") }
        XCTAssertTrue(
            error.description.hasPrefix("model.json: script[2]: still animating at frame "), error.description)
        XCTAssertTrue(error.description.contains("(the model \"restless\" still shows isSettling)"), error.description)
        // The reference's own wording is unchanged.
        let never = """
            {"editor": {"policy": {"kind": "rubberBand", "animation": {"curve": "linear", "duration": 60}}},
             "script": [{"pan": {"by": [-600, 0], "duration": 0.2}}, {"until": "settled"}]}
            """
        guard case .failure(let reference) = try replay(never, model: "reference") else { return XCTFail() }
        XCTAssertTrue(reference.description.hasSuffix("(the settle or mask fade never ends)"), reference.description)
    }

    func conform(_ args: [String], in dir: String) throws -> CLIResult {
        runCLI(["conform"] + args, in: dir, registrations: try Self.registrations())
    }

    func conformProject(_ label: String) throws -> String {
        let dir = temporaryDirectory(label)
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        try Self.drag.write(toFile: dir + "/s/drag.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// --seed, --preset and --editor shape the random scripts: without --random they would be
    /// ignored (an --editor that does not exist, silently), so they are usage errors; a seed
    /// that is not one is echoed.
    func testConformOptionsOfRandomScriptsNeedRandom() throws {
        let dir = try conformProject("conform-options")
        for (option, value) in [("--editor", "missing.json"), ("--seed", "3"), ("--preset", "straighten-flip")] {
            let r = try conform(["--model", "still", "s", option, value], in: dir)
            XCTAssertEqual(r.code, 2, r.out)
            XCTAssertEqual(
                r.err,
                "Error: '\(option)' applies to the random scripts; add '--random <n>' (see 'cropreplay help conform')\n"
            )
        }
        let seed = try conform(["--model", "still", "--random", "1", "--seed", "-1"], in: dir)
        XCTAssertEqual(seed.code, 2)
        XCTAssertTrue(
            seed.err.contains("'--seed' expects a whole number from 0 to 18446744073709551615, got '-1'"), seed.err)
        let huge = try conform(["--model", "still", "--random", "100001"], in: dir)
        XCTAssertEqual(huge.code, 2)
        XCTAssertTrue(huge.err.contains("'--random' expects a whole number from 0 to 100000, got '100001'"), huge.err)
    }

    /// An --editor file is named with the option, as `import --editor` names it: its JSON
    /// errors at line and column, its keys at their JSON path.
    func testConformEditorErrorsNameTheOptionAndTheFile() throws {
        let dir = try conformProject("conform-editor")
        let files = [
            (
                "keys.json", #"{"zoom": {"max": -3}}"#,
                "Error: --editor keys.json: editor.zoom.max: expected a zoom from"
            ),
            (
                "unknown.json", #"{"zoom": {"max": 4}, "bogus": 1}"#,
                "Error: --editor unknown.json: editor.bogus: unknown key"
            ),
            ("broken.json", #"{"zoom": "#, "Error: broken.json:1:10: "),
            ("list.json", "[1, 2]", "Error: list.json: expected an editor object"),
            ("photo.json", #"{"image": {"file": "nowhere.png"}}"#, "Error: --editor photo.json: editor.image.file: "),
        ]
        for (name, text, prefix) in files {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let r = try conform(
                ["--model", "still", "--random", "1", "--preset", "circle-avatar-bounce", "--editor", name], in: dir)
            XCTAssertEqual(r.code, 2, name)
            XCTAssertTrue(r.err.hasPrefix(prefix), "\(name): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        }
    }

    /// An --editor file beside its image (`"image": {"file": "photo.png"}`) works from any
    /// working directory, and so do the departing scripts conform writes elsewhere: the
    /// `reproduce:` lines run.
    func testConformEditorImagesResolveFromTheEditorFileAndInTheWrittenScripts() throws {
        let dir = try conformProject("conform-image")
        try FileManager.default.createDirectory(atPath: dir + "/editors", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: packageRoot + "/Tests/CropReplayTests/Fixtures/jpeg/upright.png", toPath: dir + "/editors/photo.png"
        )
        try #"{"image": {"file": "photo.png"}}"#.write(
            toFile: dir + "/editors/editor.json", atomically: true, encoding: .utf8)
        let r = try conform(
            [
                "--model", "still", "--random", "3", "--preset", "circle-avatar-bounce", "--editor",
                "editors/editor.json", "--out", "report",
            ], in: dir)
        XCTAssertEqual(r.code, 1, r.err)
        let reproduce = r.out.split(separator: "\n").filter { $0.hasPrefix("  reproduce: ") }
        XCTAssertFalse(reproduce.isEmpty, r.out)
        for line in reproduce {
            let path = String(line.split(separator: " ").last!)
            let again = runCLI(
                ["run", "--model", "still", path, "--out", "again"], in: dir, registrations: try Self.registrations())
            XCTAssertEqual(again.code, 0, again.err)
        }
    }

    /// --out that is a file, a dangling link or a device is refused before any script replays
    /// (no model is made), and nothing is written.
    func testConformRefusesAReportFolderThatIsNotOneBeforeReplaying() throws {
        let dir = try conformProject("conform-out")
        try "keep".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: dir + "/nowhere")
        try FileManager.default.createDirectory(
            atPath: dir + "/taken/conformance.md", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/scripted", withIntermediateDirectories: true)
        try "not a folder".write(toFile: dir + "/scripted/scripts", atomically: true, encoding: .utf8)
        for (out, words) in [
            ("file", "but file is not a folder"), ("dangling", "but dangling is a symbolic link to nothing"),
            ("/dev/null", "but /dev/null is not a folder"), ("taken", "but taken/conformance.md: is a folder"),
            ("scripted", "but scripted/scripts is not a folder"),
        ] {
            let before = Self.made.value
            let r = try conform(["--model", "counted", "s", "--random", "2", "--out", out], in: dir)
            XCTAssertEqual(r.code, 2, r.out)
            XCTAssertTrue(r.err.hasPrefix("Error: '--out' expects a folder to write in, \(words)"), r.err)
            XCTAssertEqual(Self.made.value, before, "\(out): a model was made")
            XCTAssertEqual(r.out, "")
        }
        XCTAssertEqual(try String(contentsOfFile: dir + "/file", encoding: .utf8), "keep")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/nowhere"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/taken/scripts"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/scripted/conformance.md"))
    }

    /// A scenario file may carry a random script's name: only the random script that departs
    /// gets a `reproduce:` line, once.
    func testConformReproduceLinesFollowTheirScriptNotItsName() throws {
        let dir = try conformProject("conform-names")
        // The random script of seed 1, index 0 departs for "still" (it does not hide the mask).
        try #"{"name": "random-circle-avatar-bounce-1", "script": [{"wait": 0.1}]}"#.write(
            toFile: dir + "/s/same-name.json", atomically: true, encoding: .utf8)
        let r = try conform(
            [
                "--model", "still", "s/same-name.json", "--random", "1", "--preset", "circle-avatar-bounce", "--out",
                "report",
            ],
            in: dir)
        XCTAssertEqual(r.code, 1, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  reproduce: ") }.count, 1, r.out)
        XCTAssertTrue(lines[0].hasPrefix("CONFORMS random-circle-avatar-bounce-1 "), r.out)
        XCTAssertTrue(lines[1].hasPrefix("DEPARTS random-circle-avatar-bounce-1: "), r.out)
        XCTAssertEqual(
            lines[2], "  reproduce: cropreplay run --model still report/scripts/random-circle-avatar-bounce-1.json")
    }

    /// The same scripts give the same lines and files for any --jobs.
    func testConformIsTheSameForAnyJobs() throws {
        let dir = try conformProject("conform-jobs")
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let r = try conform(
                ["--model", "still", "s", "--random", "6", "--out", "o" + jobs, "--jobs", jobs], in: dir)
            XCTAssertEqual(r.code, 1, r.err)
            var files = ""
            for name in try FileManager.default.subpathsOfDirectory(atPath: dir + "/o" + jobs).sorted() {
                let path = dir + "/o" + jobs + "/" + name
                guard !FileIO.isDirectory(path) else { continue }
                files +=
                    name + "\n"
                    + (try String(contentsOfFile: path, encoding: .utf8)).replacingOccurrences(
                        of: "o" + jobs + "/", with: "o/")
            }
            outputs.append(r.out.replacingOccurrences(of: "o" + jobs + "/", with: "o/") + files)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertTrue(outputs[0].contains("scripts/random-"), outputs[0])
    }

    /// conform holds the scripts it is checking, not every script of the run: a script is made
    /// when its turn comes, and the random scripts of a preset share one image.
    func testConformMakesEachScriptWhenItsTurnComes() throws {
        let log = Log()
        let registrations = try Self.registrations()
        let loaded = try LoadedScenario.load(text: Self.drag, file: "d.json", name: "d", registrations: registrations)
        let cases = Conformance.check(count: 3, model: "counted", jobs: 1) { i in
            log.add("make \(i) (models made: \(Self.made.value))")
            return .init(loaded)
        }
        XCTAssertEqual(cases.count, 3)
        let counts = log.lines.map { Int($0.split(separator: " ").last!.dropLast())! }
        XCTAssertEqual(counts[1] - counts[0], 1, "\(log.lines)")
        XCTAssertEqual(counts[2] - counts[1], 1, "\(log.lines)")
    }
}

/// A count shared by threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Lines written by threads.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    func add(_ line: String) {
        lock.lock()
        all.append(line)
        lock.unlock()
    }
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return all
    }
}
