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

    /// `explore --model jumpy` catches the planted jump at a pan's `began` and shrinks the
    /// script to at most two steps, which replays the jump under the model.
    @Test func exploringFindsThePlantedJumpAndShrinksIt() throws {
        let registrations = try Registrations.custom()
        let findings = try Exploration(
            model: "jumpy", registering: registrations, presets: ["circle-avatar-bounce"], count: 30
        ).findings()
        let first = try #require(findings.first)
        #expect(first.invariant == "continuity")
        #expect(first.violation.contains("a began moved the image"))
        #expect(first.steps >= 1 && first.steps <= 2)
        let replay = try Replay.load(json: first.scenario, name: "jumpy", registering: registrations, model: "jumpy")
        let frames = try replay.trace().frames
        let began = try #require(frames.firstIndex { f in f.events.contains { $0.phase == .began } })
        #expect(frames[began].imageRect.x != frames[began - 1].imageRect.x)
    }

    /// The clamping editor keeps the promises it makes; the jump is the planted model's alone.
    @Test func theClampingEditorKeepsWhatACropEditorShould() throws {
        assertExplores(
            Exploration(
                model: "clamping", registering: try .custom(), presets: ["circle-avatar-bounce"], count: 30,
                invariants: ["finite", "settled", "continuity", "identities", "crops", "render"]))
    }
}
