import Foundation
import XCTest

/// What a client of the library can see: every public declaration of the modules behind
/// `import CropReplayTesting`, extracted from the built modules with the toolchain's
/// `swift-symbolgraph-extract` and compared with `PublicAPI.txt`, so a leak (or a removal) is
/// a visible diff. After an intended change: `CROPREPLAY_RECORD_API=1 swift test --filter PublicSurface`.
final class PublicSurfaceTests: XCTestCase {
    static let modules = [
        "CropGeometry", "CropJSON", "CropBitmap", "CropScenario", "CropEngine", "CropImageIO", "CropPipeline",
        "CropGoldens",
        "CropReplayEngine", "CropReplay", "CropReplayTesting",
    ]

    func testPublicSurfaceIsTheListedOne() throws {
        let listing = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "PublicAPI.txt")
        guard let build = Self.buildFolder() else {
            throw XCTSkip("the build folder (with Modules/) was not found next to the test binary")
        }
        guard let tool = Self.which("swift-symbolgraph-extract") else {
            print("SKIPPED LOUDLY: swift-symbolgraph-extract is not on PATH; the public surface is not checked")
            throw XCTSkip("swift-symbolgraph-extract is not on PATH")
        }
        let out = NSTemporaryDirectory() + "symbols-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var lines: [String] = []
        for module in Self.modules {
            var args = [
                "-module-name", module, "-I", build + "/Modules", "-minimum-access-level", "public", "-output-dir", out,
            ]
            #if os(Linux)
                args += ["-target", "\(Self.arch)-unknown-linux-gnu"]
            #endif
            // The C targets' module maps (generated into the build folder).
            for folder in (try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []
            where folder.hasSuffix(".build") {
                let map = "\(build)/\(folder)/module.modulemap"
                if FileManager.default.fileExists(atPath: map) { args += ["-Xcc", "-fmodule-map-file=\(map)"] }
            }
            let (code, text) = try Self.run(tool, args)
            XCTAssertEqual(code, 0, "\(module): \(text)")
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(module).symbols.json"))
            let graph = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?").replacingOccurrences(
                    of: "swift.", with: "")
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                lines.append("\(module) \(kind) \(path)")
            }
        }
        let actual = Array(Set(lines)).sorted().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["CROPREPLAY_RECORD_API"] != nil {
            try actual.write(to: listing, atomically: true, encoding: .utf8)
        }
        let expected = (try? String(contentsOf: listing, encoding: .utf8)) ?? ""
        let added = Set(actual.split(separator: "\n")).subtracting(expected.split(separator: "\n")).sorted()
        let removed = Set(expected.split(separator: "\n")).subtracting(actual.split(separator: "\n")).sorted()
        XCTAssertTrue(
            added.isEmpty && removed.isEmpty,
            """
            the public surface changed (CROPREPLAY_RECORD_API=1 swift test --filter PublicSurface records it):
            added: \(added.prefix(40).joined(separator: "\n  "))
            removed: \(removed.prefix(40).joined(separator: "\n  "))
            """)
    }

    #if arch(x86_64)
        static let arch = "x86_64"
    #else
        static let arch = "aarch64"
    #endif

    /// The build folder holding `Modules/CropReplay.swiftmodule`, found upward from the test binary.
    static func buildFolder() -> String? {
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Modules/CropReplay.swiftmodule") { return url.path }
        }
        return nil
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func run(_ tool: String, _ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
