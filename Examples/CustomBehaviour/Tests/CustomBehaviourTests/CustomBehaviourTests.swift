import CropReplayTesting
import CustomBehaviour
import Foundation
import Testing

/// The example's behaviour, checked from a test suite as a client would.
struct CustomBehaviourTests {
    let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios").path

    /// The pinch to 1.7x snaps to 2x once settled, with the critical curve.
    @Test func aPinchSnapsToTheNearestStop() throws {
        let replay = try Replay.load(file: scenarios + "/pinch-snaps.json", registering: .custom())
        let trace = try replay.trace()
        let snapped = try #require(trace.snapshots.first { $0.name == "snapped" })
        #expect(abs(trace.frames[snapped.frame].zoom - 2) < 1e-9)
        #expect(trace.frames[snapped.frame].valid)
    }

    /// The clamping editor departs from the reference where the reference stretches the band.
    @Test func theClampingEditorDepartsWhereTheReferenceBands() throws {
        let replay = try Replay.load(file: scenarios + "/drag-out.json", registering: .custom())
        let reference = try replay.trace()
        let firstStretch = try #require(reference.frames.firstIndex { !$0.valid })
        let found = try replay.departure(of: "clamping")
        let departure = try #require(found)
        #expect(departure.frame == firstStretch)
        #expect(departure.field == "imageRect.y")
        // Its own frames never leave the box uncovered.
        let mine = try replay.driving("clamping").trace()
        let covered = mine.frames.allSatisfy { $0.valid }
        #expect(covered)
    }
}
