import Foundation
import CropScenario
import CropEngine
import CropCLI
import CropExplore
import CropReplay

/// A seeded random generator (SplitMix64, shared with the explorer).
package typealias SeededRandom = SplitMix

/// Decodes scenario JSON text or fails the test with the message.
package func scenario(_ json: String, file: String = "test.json") throws -> Scenario {
    try ScenarioDecoder.decode(text: json, file: file, defaultName: "test")
}

/// Replays scenario JSON text with the test card size it declares (default 1600x1200).
package func replay(_ json: String) throws -> Trace {
    let s = try scenario(json)
    var w = 1600, h = 1200
    if case .testcard(let tw, let th) = s.editor.image { w = tw; h = th }
    return try Replayer.replay(s, imageWidth: w, imageHeight: h)
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
    func append(_ s: String) { lock.lock(); text += s + "\n"; lock.unlock() }
    var value: String { lock.lock(); defer { lock.unlock() }; return text }
}

/// Runs the CLI in-process inside `directory` (the working directory is restored).
package func runCLI(_ args: [String], in directory: String? = nil) -> CLIResult {
    let out = Buffer(), err = Buffer()
    let fm = FileManager.default
    let previous = fm.currentDirectoryPath
    if let directory { _ = fm.changeCurrentDirectoryPath(directory) }
    defer { _ = fm.changeCurrentDirectoryPath(previous) }
    let code = CLI.run(args, console: Console(out: { out.append($0) }, err: { err.append($0) }))
    return CLIResult(code: code, out: out.value, err: err.value)
}

/// A fresh temporary folder.
package func temporaryDirectory(_ label: String = "cropreplay") -> String {
    let path = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
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
            out[item] = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: full)))
                .flatMap { handle in defer { try? handle.close() }; return try? handle.readToEnd() } ?? Data()
        }
    }
    return out
}
