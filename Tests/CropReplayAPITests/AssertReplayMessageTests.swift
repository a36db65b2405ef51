import CropReplayTesting
import Foundation
import Testing

/// `assertReplay` failing on purpose: the issue it records carries exactly the message
/// `cropreplay check` prints, first line first.
@Suite struct AssertReplayMessageTests {
    static func replay(shift: Double) throws -> Replay {
        try Replay.load(
            json: """
                {"name": "msg", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "frame": {"size": [40, 40]}},
                 "script": [{"pan": {"by": [\(shift), 0], "duration": 0.05}}, {"snapshot": "end"}]}
                """, name: "msg")
    }

    @Test func aFailingAssertionRecordsTheCheckMessage() throws {
        let golden = NSTemporaryDirectory() + "assert-message-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: golden) }
        _ = try Self.replay(shift: 10).verify(golden: golden, record: .all)
        let expected = """
            msg: trace: frame 2: imageRect.x 3.3 -> 5.0 (+1.7 pt); pan began at frame 1
            scenario changed since the golden was recorded
            """
        let changed = try Self.replay(shift: 15)
        withKnownIssue {
            assertReplay(changed, golden: golden, record: .never)
        } matching: { issue in
            issue.comments.first?.rawValue == expected
        }
    }

    @Test(.cropReplay(record: .failed)) func theTraitSetsTheRecordMode() {
        #expect(RecordMode.current == .failed)
    }
}
