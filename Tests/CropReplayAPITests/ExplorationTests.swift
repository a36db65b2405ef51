import CropReplayTesting
import Foundation
import Testing
import XCTest

/// A one-finger editor of a client's own whose photo jumps 24 points as a pan begins.
struct LandingJumpEditor: EditorModel {
    var display: EditorDisplay
    var translation = Point(0, 0)

    init(_ setup: ModelSetup) { display = setup.initial }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        guard case .gesture(let e) = action, e.gesture == .pan else { return }
        var s = display.state
        if e.phase == .began {
            translation = e.translation
            s.cx += 24
        } else if e.phase == .changed || e.phase == .ended {
            s.cx += e.translation.x - translation.x
            s.cy += e.translation.y - translation.y
            translation = e.translation
        } else {
            return
        }
        display.state = context.geometry.project(s)
    }
}

func landingJumpRegistrations() throws -> Registrations {
    var r = Registrations()
    try r.register(model: "landing") { LandingJumpEditor($0) }
    return r
}

/// `assertExplores` under Swift Testing: the issue carries the shrunk scenario's text.
@Suite struct ExplorationTests {
    @Test func aBrokenModelFailsWithTheShrunkScenario() throws {
        let exploration = Exploration(
            model: "landing", registering: try landingJumpRegistrations(), presets: ["circle-avatar-bounce"],
            count: 10)
        let first = try #require(try exploration.findings().first)
        #expect(first.invariant == "continuity")
        #expect(first.steps <= 2)
        withKnownIssue {
            assertExplores(exploration)
        } matching: { issue in
            let text = issue.comments.first?.rawValue ?? ""
            return text.hasPrefix("explore: ") && text.contains("on the model \"landing\"")
                && text.contains("[continuity] frame ") && text.contains(first.scenario)
        }
    }

    @Test func anUnknownNameIsOneLineNamingTheArgument() throws {
        #expect {
            try Exploration(model: "nobody", count: 1).findings()
        } throws: { error in
            "\(error)" == "explore: model: unknown model 'nobody'; expected one of reference"
        }
    }
}

/// `assertExplores` under XCTest: a clean exploration passes.
final class ExplorationXCTests: XCTestCase {
    func testTheReferenceUnderABuiltInPolicyKeepsItsPromises() {
        assertExplores(Exploration(policy: "rubberBand", presets: ["circle-avatar-bounce"], count: 8))
    }
}
