// Assertions for test suites: works under XCTest and Swift Testing alike.
//
//     import XCTest
//     import CropReplayTesting
//
//     final class CropEditorTests: XCTestCase {
//         func testDragOutSnapsBack() throws {
//             try assertReplay(file: "scenarios/cab-drag-out.json")
//         }
//     }
//
//     import Testing
//     @Test func dragOutSnapsBack() throws {
//         try assertReplay(file: "scenarios/cab-drag-out.json")
//     }
@_exported import CropReplay
import XCTest
import Testing

/// Replays `replay` and checks it against `golden/<name>/` (trace and snapshots), failing
/// the current test with the same message as `cropreplay check` (domain terms first, then
/// pixel figures). Record mode: the argument, else `CROPREPLAY_RECORD`, else `never` on CI
/// (`CI` set) and `missing` locally. Artifacts go to `CROPREPLAY_ARTIFACTS` when set.
/// Under Swift Testing the failure is an `Issue`; under XCTest an `XCTFail`.
public func assertReplay(_ replay: Replay, golden: String = "golden", record: RecordMode? = nil, tolerance: Int = 0,
                         file: StaticString = #filePath, line: UInt = #line,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let outcome = try replay.verify(golden: golden, record: record ?? .fromEnvironment(), tolerance: tolerance)
    guard let failure = outcome.failure else { return }
    if Test.current != nil {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    } else {
        XCTFail(failure, file: file, line: line)
    }
}

/// `assertReplay` for a scenario file.
public func assertReplay(file path: String, golden: String = "golden", record: RecordMode? = nil, tolerance: Int = 0,
                         file: StaticString = #filePath, line: UInt = #line,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    try assertReplay(try Replay.load(file: path), golden: golden, record: record, tolerance: tolerance, file: file, line: line, sourceLocation: sourceLocation)
}
