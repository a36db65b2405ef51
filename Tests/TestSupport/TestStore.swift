import CropEngine
import CropGeometry
import CropScenario
import Testing

/// A test store in the manner of The Composable Architecture's: it owns the engine's state,
/// `send` runs one action through the pure reducer, and the test states every change the
/// action makes (the closure mutates a copy of the previous state into the expected one).
/// Anything else that changed fails the test, so each test asserts every state change.
package struct TestStore {
    package let engine: Engine
    package private(set) var state: EngineState

    package init(editor: EditorConfig, fps: Int = 60, imageWidth: Int = 800, imageHeight: Int = 800) {
        engine = Engine(builtIn: editor, fps: fps)
        state = engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// A store that starts from `state` (a state a test builds by hand).
    package init(editor: EditorConfig, fps: Int = 60, state: EngineState) {
        engine = Engine(builtIn: editor, fps: fps)
        self.state = state
    }

    /// Sends `action` and checks the new state against `expected(previous)`.
    package mutating func send(
        _ action: EngineAction, sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (inout EngineState) -> Void = { _ in }
    ) {
        reduce(
            "\(action)", sourceLocation: sourceLocation,
            { engine, s throws(EngineError) in try engine.reduce(&s, action) }, expected)
    }

    /// Runs one feature reducer of the composition (a part of what an action does) on the
    /// state and checks the new state against `expected(previous)`, like `send`.
    package mutating func reduce(
        _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ feature: (Engine, inout EngineState) throws(EngineError) -> Void,
        _ expected: (inout EngineState) -> Void = { _ in }
    ) {
        var want = state
        expected(&want)
        do {
            try feature(engine, &state)
        } catch {
            Issue.record("\(name) threw: \(error)", sourceLocation: sourceLocation)
            return
        }
        if state != want {
            Issue.record(
                "state after \(name) differs from the expected one:\n\(Self.difference(want, state))",
                sourceLocation: sourceLocation)
            state = want
        }
    }

    /// Sends an action that must fail with `problem`.
    package mutating func send(
        _ action: EngineAction, throws problem: EngineError.Problem, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try engine.reduce(&state, action)
            Issue.record("\(action) did not throw", sourceLocation: sourceLocation)
        } catch {
            #expect(error.problem == problem, sourceLocation: sourceLocation)
        }
    }

    /// Applies actions without checking (to reach a state), e.g. a whole frame.
    package mutating func run(_ actions: [EngineAction]) throws {
        for a in actions { try engine.reduce(&state, a) }
    }

    /// One frame: frameBegan, the events, eventsApplied, tick.
    package static func frame(_ n: Int, _ events: [GestureEvent]) -> [EngineAction] {
        [.frameBegan(n)] + events.map { .gesture($0) } + [.eventsApplied, .tick]
    }

    /// The fields that differ, one per line.
    static func difference(_ expected: EngineState, _ actual: EngineState) -> String {
        let e = Mirror(reflecting: expected).children
        let a = Mirror(reflecting: actual).children
        var lines: [String] = []
        for (x, y) in zip(e, a) where "\(x.value)" != "\(y.value)" {
            lines.append("  \(x.label ?? "?"): expected \(x.value), got \(y.value)")
        }
        return lines.isEmpty ? "  (a difference below the printed precision)" : lines.joined(separator: "\n")
    }
}
