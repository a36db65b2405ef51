// Assertions for test suites: XCTest and Swift Testing alike.
//
//     import Testing
//     import CropReplayTesting
//
//     @Test func dragOutSpringsBack() {
//         assertReplay(file: "scenarios/cab-drag-out.json")   // beside this test file
//     }
//
//     @Test(.cropReplay(record: .all)) func reRecordEverything() { ... }
@_exported import CropReplay
import Foundation
import Testing
import XCTest

/// Replays `replay` and checks it against `<golden>/<name>/`, failing the current test with
/// the message `cropreplay check` prints (domain terms first, then pixel figures).
///
/// - `golden`: a folder relative to the folder of the test file (`#filePath`), so the test
///   works from Xcode, `swift test` and `swift test --package-path` in any working directory.
/// - `record`: the argument, else `withCropReplay(record:)` / the `.cropReplay(record:)` trait,
///   else `CROPREPLAY_RECORD`, else `never` on CI (`CI` set) and `missing` locally.
/// - `strategy`: what to compare (`.all`, `.trace`, `.snapshots("a")`, `.frame(12)`).
/// - Failing snapshots' expected, actual and diff images are attached to the test (Swift
///   Testing) and written to `CROPREPLAY_ARTIFACTS` when it is set.
public func assertReplay(
    _ replay: Replay, as strategy: ReplayStrategy = .all, golden: String = "golden", record: RecordMode? = nil,
    tolerance: Int = 0, maxDiffRatio: Double = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let configured = ProcessInfo.processInfo.environment["CROPREPLAY_ARTIFACTS"]
    let artifacts = configured ?? NSTemporaryDirectory() + "cropreplay-artifacts-\(UUID().uuidString)"
    defer { if configured == nil { try? FileManager.default.removeItem(atPath: artifacts) } }
    do {
        let outcome = try replay.verify(
            golden: location.resolve(golden), record: record, strategy: strategy, tolerance: tolerance,
            maxDiffRatio: maxDiffRatio, artifacts: artifacts)
        guard let failure = outcome.failure else { return }
        let files = (outcome.result?.artifacts ?? []).flatMap { a in
            [a.expected, a.actual, a.diff].compactMap { $0 }.map { artifacts + "/" + $0 }
        }
        location.fail(failure, attachments: files)
    } catch {
        location.fail("\(replay.scenario.name): \(error.description)", attachments: [])
    }
}

/// `assertReplay` for a scenario file, relative to the folder of the test file; the scenario
/// may name the policies and curves in `registering`.
public func assertReplay(
    file path: String, as strategy: ReplayStrategy = .all, golden: String = "golden", record: RecordMode? = nil,
    tolerance: Int = 0, maxDiffRatio: Double = 0, registering registrations: Registrations? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let replay = try Replay.load(file: location.resolve(path), registering: registrations ?? Registrations())
        assertReplay(
            replay, as: strategy, golden: golden, record: record, tolerance: tolerance, maxDiffRatio: maxDiffRatio,
            fileID: fileID, filePath: filePath, line: line, column: column)
    } catch {
        location.fail(error.description, attachments: [])
    }
}

/// A test trait that sets the record mode of every `assertReplay` in the test or suite:
/// `@Test(.cropReplay(record: .all))`.
public struct CropReplayTrait: TestTrait, SuiteTrait, TestScoping {
    public let record: RecordMode
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withCropReplay(record: record) { try await function() }
    }
}

extension Trait where Self == CropReplayTrait {
    /// The record mode for the assertions of a test or suite.
    public static func cropReplay(record: RecordMode) -> Self { CropReplayTrait(record: record) }
}

/// Where an assertion was written: resolves paths against its folder and reports failures
/// to Swift Testing (an `Issue` whose comment is the message) or XCTest (`XCTFail`).
struct TestLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// `path` relative to the folder of the test file (absolute paths are kept).
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (String(describing: filePath) as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : folder + "/" + path
    }

    func fail(_ message: String, attachments: [String]) {
        if Test.current != nil {
            let location = SourceLocation(
                fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line),
                column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            for path in attachments {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                Attachment.record([UInt8](data), named: (path as NSString).lastPathComponent, sourceLocation: location)
            }
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
