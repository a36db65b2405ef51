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
import CropPipeline
@_exported import CropReplay
import Foundation
import Testing
import XCTest

/// Replays `replay` and checks it against `<golden>/<name>/`, failing the current test with
/// the message `cropreplay check` prints (domain terms first, then pixel figures).
///
/// - `golden`: a folder relative to the folder of the test file (`#filePath`), so the test
///   works from Xcode, `swift test` and `swift test --package-path` in any working directory;
///   default `golden`, or `golden-<model>` for a replay driving an editor model of your own.
/// - `record`: the argument, else `withCropReplay(record:)` / the `.cropReplay(record:)` trait,
///   else `CROPREPLAY_RECORD`, else `never` on CI (`CI` set) and `missing` locally.
/// - `strategy`: what to compare (`.all`, `.trace`, `.snapshots("a")`, `.frame(12)`).
/// - A failure attaches the failing snapshots' expected, actual and diff images and the first
///   trace difference (`<name>.trace-difference.txt`) to the test: Swift Testing's
///   `Attachment` everywhere, `XCTAttachment` under XCTest on Apple platforms. Under XCTest
///   elsewhere the message ends with the artifacts folder instead (`CROPREPLAY_ARTIFACTS`,
///   where the images are also written when it is set).
public func assertReplay(
    _ replay: Replay, as strategy: ReplayStrategy = .all, golden: String? = nil, record: RecordMode? = nil,
    tolerance: Int = 0, maxDiffRatio: Double = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let configured = ProcessInfo.processInfo.environment["CROPREPLAY_ARTIFACTS"]
    let artifacts = configured ?? NSTemporaryDirectory() + "cropreplay-artifacts-\(UUID().uuidString)"
    defer { if configured == nil { try? FileManager.default.removeItem(atPath: artifacts) } }
    do {
        let outcome = try replay.verify(
            golden: location.resolve(golden ?? replay.defaultGolden), record: record, strategy: strategy,
            tolerance: tolerance,
            maxDiffRatio: maxDiffRatio, artifacts: artifacts)
        guard let failure = outcome.failure else { return }
        location.fail(
            failure, attachments: FailureAttachments.make(outcome.result, artifacts: artifacts),
            artifacts: configured.map { $0 + "/" + replay.scenario.name })
    } catch {
        location.fail("\(replay.scenario.name): \(error.description)", attachments: [])
    }
}

/// `assertReplay` for a scenario file, relative to the folder of the test file; the scenario
/// may name the policies and curves in `registering`, and `model` drives a registered editor
/// model of your own instead of the reference (its goldens default to `golden-<model>`).
public func assertReplay(
    file path: String, as strategy: ReplayStrategy = .all, golden: String? = nil, record: RecordMode? = nil,
    tolerance: Int = 0, maxDiffRatio: Double = 0, registering registrations: Registrations? = nil,
    model: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let replay = try Replay.load(
            file: location.resolve(path), registering: registrations ?? Registrations(), model: model)
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
    /// The record mode of the test's (or suite's) assertions.
    public let record: RecordMode
    /// True: a suite's trait applies to every test in it.
    public var isRecursive: Bool { true }

    /// Runs the test with `record` as the record mode of its assertions.
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
        let folder = PathText.parent(String(describing: filePath))
        return folder.isEmpty ? path : folder + "/" + path
    }

    /// `artifacts`: the kept artifacts folder of the scenario (nil when none is kept), named in
    /// the message where the test cannot carry attachments.
    func fail(_ message: String, attachments: [FailureAttachments.File], artifacts: String? = nil) {
        if Test.current != nil {
            let location = SourceLocation(
                fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line),
                column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            for file in attachments { Attachment.record(file.bytes, named: file.name, sourceLocation: location) }
        } else {
            #if canImport(Darwin)
                // XCTest's activities belong to the main thread, where synchronous tests run;
                // elsewhere the message names the folder, as off Apple platforms.
                guard Thread.isMainThread, !attachments.isEmpty else {
                    XCTFail(
                        message + FailureAttachments.whereToLook(attachments, artifacts: artifacts), file: filePath,
                        line: line)
                    return
                }
                XCTFail(message, file: filePath, line: line)
                MainActor.assumeIsolated {
                    XCTContext.runActivity(named: "CropReplay failure attachments") { activity in
                        for file in attachments {
                            let attachment = XCTAttachment(
                                data: Data(file.bytes), uniformTypeIdentifier: file.typeIdentifier)
                            attachment.name = file.name
                            attachment.lifetime = .keepAlways
                            activity.add(attachment)
                        }
                    }
                }
            #else
                XCTFail(
                    message + FailureAttachments.whereToLook(attachments, artifacts: artifacts), file: filePath,
                    line: line)
            #endif
        }
    }
}

/// What a failing assertion attaches: the expected, actual and diff image of each failing
/// snapshot (read from the artifacts folder) and the first trace difference as text.
enum FailureAttachments {
    struct File: Equatable {
        var name: String
        var bytes: [UInt8]
        /// For XCTAttachment: PNG or plain text.
        var typeIdentifier: String { name.hasSuffix(".png") ? "public.png" : "public.plain-text" }
    }

    static func make(_ result: CheckResult?, artifacts: String) -> [File] {
        guard let result else { return [] }
        var files: [File] = []
        for a in result.artifacts {
            for path in [a.expected, a.actual, a.diff].compactMap({ $0 }) {
                guard let data = FileManager.default.contents(atPath: artifacts + "/" + path) else { continue }
                files.append(File(name: PathText.lastComponent(path), bytes: [UInt8](data)))
            }
        }
        if let text = traceText(result) {
            files.append(File(name: "\(result.scenario).trace-difference.txt", bytes: Array(text.utf8)))
        }
        return files
    }

    /// The first trace difference, then the first differing frames (frame, field, expected,
    /// actual): nil when the traces agree.
    static func traceText(_ result: CheckResult) -> String? {
        guard
            let first = result.mismatches.lazy.compactMap({ m -> TraceDifference? in
                if case .trace(let d) = m { d } else { nil }
            }).first
        else { return nil }
        var text = "\(result.scenario): first trace difference\n\(first.description)\n"
        let rows = result.traceComparison?.rows ?? []
        if rows.count > 1 {
            text += "\nfirst differing frames (frame, field, expected, actual):\n"
            for r in rows { text += "\(r.frame.map(String.init) ?? "-")\t\(r.field)\t\(r.expected)\t\(r.actual)\n" }
        }
        return text
    }

    /// The message's last line where attachments cannot be carried (XCTest off Apple platforms).
    static func whereToLook(_ files: [File], artifacts: String?) -> String {
        guard files.contains(where: { $0.name.hasSuffix(".png") }) else { return "" }
        if let artifacts { return "\nexpected, actual and diff images: \(artifacts)/" }
        return "\nset CROPREPLAY_ARTIFACTS=<dir> to keep the expected, actual and diff images"
    }
}
