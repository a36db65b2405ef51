import CropEngine
import CropExplore
import CropGoldens
import CropReplayCLI
import CropScenario
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A seeded random generator (SplitMix64, shared with the explorer).
package typealias SeededRandom = SplitMix

/// Decodes scenario JSON text (decoder tests; other tests build scenarios in Swift).
package func scenario(_ json: String, file: String = "test.json") throws -> Scenario {
    try ScenarioDecoder.decode(text: json, file: file, defaultName: "test")
}

/// Replays scenario JSON text with the test card size it declares (default 1600x1200).
package func replay(_ json: String) throws -> Trace {
    try replay(scenario(json))
}

/// Replays a scenario with the test card size it declares (default 1600x1200).
package func replay(_ s: Scenario) throws -> Trace {
    var w = 1600
    var h = 1200
    if case .testcard(let tw, let th) = s.editor.image {
        w = tw
        h = th
    }
    return try Replayer.replay(s, imageWidth: w, imageHeight: h)
}

/// An editor built from the defaults (no preset, docs/scenarios.md) and changed by `configure`.
package func editor(_ configure: (inout EditorConfig) -> Void) -> EditorConfig {
    var e = EditorConfig.defaults
    configure(&e)
    return e
}

/// Output captured from one CLI run.
package struct CLIResult {
    package var code: Int32
    package var out: String
    package var err: String
}

final class Buffer: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ s: String) {
        lock.lock()
        text += s + "\n"
        lock.unlock()
    }
    func set(_ s: String) {
        lock.lock()
        text = s
        lock.unlock()
    }
    var value: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}

/// The working directory is process-wide: CLI runs that change it take turns.
private let directoryLock = NSLock()

/// Runs the CLI in-process inside `directory` (the working directory is restored).
package func runCLI(_ args: [String], in directory: String? = nil, registrations: Registrations = .builtIn) -> CLIResult
{
    let out = Buffer()
    let err = Buffer()
    directoryLock.lock()
    defer { directoryLock.unlock() }
    let fm = FileManager.default
    let previous = fm.currentDirectoryPath
    if let directory { _ = fm.changeCurrentDirectoryPath(directory) }
    defer { _ = fm.changeCurrentDirectoryPath(previous) }
    let code = CLI.run(
        args, console: Console(out: { out.append($0) }, err: { err.append($0) }), registrations: registrations)
    return CLIResult(code: code, out: out.value, err: err.value)
}

/// Runs a program and waits for it: exit status and its output (stdout and stderr together
/// unless `separateErrors`). The one helper for every test that starts a process.
@discardableResult
package func runProcess(
    _ executable: String, _ args: [String], in directory: String? = nil,
    environment: [String: String]? = nil, input: String? = nil
) throws -> CLIResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    p.arguments = executable.hasPrefix("/") ? args : [executable] + args
    if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if let environment { p.environment = environment }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    if let input {
        let pipe = Pipe()
        p.standardInput = pipe
        try p.run()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
    } else {
        p.standardInput = FileHandle.nullDevice
        try p.run()
    }
    // Read both pipes concurrently so neither fills up.
    let errBuffer = Buffer()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errBuffer.set(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        done.signal()
    }
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    done.wait()
    return CLIResult(code: p.terminationStatus, out: stdout, err: errBuffer.value)
}

/// The built `cropreplay` executable next to the test binary.
package let cropreplayExecutable: String = {
    var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    for _ in 0..<5 {
        url.deleteLastPathComponent()
        let candidate = url.path + "/cropreplay"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return packageRoot + "/.build/debug/cropreplay"
}()

/// Whether a command is on PATH.
package func hasCommand(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { dir in
        FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)")
    }
}

/// Prints a loud line for a test that cannot run here (CI installs what it needs).
package func skippedLoudly(_ why: String) -> String {
    let line = "SKIPPED (will run in CI, which installs what it needs): \(why)"
    print(String(repeating: "!", count: 20) + " " + line)
    return line
}

/// Headless Chromium for the browser tests: `CROPREPLAY_CHROMIUM`, else Debian's or
/// Homebrew's usual paths. nil when none is installed; `.ci/run` installs it and sets
/// `CROPREPLAY_REQUIRE_BROWSER=1`, under which a missing browser is a failure, not a skip.
package func findChromium() -> String? {
    let env = ProcessInfo.processInfo.environment
    let candidates =
        [env["CROPREPLAY_CHROMIUM"]].compactMap { $0 } + [
            "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Whether browser tests must run (CI): a missing browser then fails them.
package var browserRequired: Bool { ProcessInfo.processInfo.environment["CROPREPLAY_REQUIRE_BROWSER"] == "1" }

/// Folders made by tests, removed when the test process exits.
private final class TemporaryFolders: @unchecked Sendable {
    static let shared = TemporaryFolders()
    private let lock = NSLock()
    private var paths: [String] = []
    private var installed = false

    func add(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
        if !installed {
            installed = true
            atexit { TemporaryFolders.shared.removeAll() }
        }
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for p in paths { try? FileManager.default.removeItem(atPath: p) }
        paths = []
    }
}

/// A fresh temporary folder, removed when the test process exits.
package func temporaryDirectory(_ label: String = "cropreplay") -> String {
    let path = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TemporaryFolders.shared.add(path)
    return path
}

/// The package root (for the committed scenarios and goldens).
package let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Every file under a folder with its bytes, for "nothing was written" checks.
package func snapshotTree(_ path: String) -> [String: Data] {
    var out: [String: Data] = [:]
    guard let e = FileManager.default.enumerator(atPath: path) else { return out }
    while let item = e.nextObject() as? String {
        let full = path + "/" + item
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
            out[item] = FileManager.default.contents(atPath: full) ?? Data()
        }
    }
    return out
}
