import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import Testing

/// The rotation recognizer, the straighten dial, quarter turns and flips (docs/behaviour.md, "Rotation" and
/// "Quarter turns and flips").
@Suite struct RotationTests {
    static func twistEditor(limit: Double? = nil, anchor: ZoomAnchor = .focal, autoCover: Bool = false) -> EditorConfig
    {
        editor {
            $0.viewport = ViewportSpec(width: 400, height: 400, scale: 1)
            $0.image = .testcard(width: 800, height: 600)
            $0.fit = .aspectFill
            $0.frame = FrameSpec(size: Size(200, 200))
            $0.zoom = ZoomSpec(base: .fit, min: nil, max: nil, anchor: anchor)
            $0.policy.kind = .none
            $0.rotation = RotationSpec(gesture: true, limit: limit, autoCover: autoCover)
        }
    }

    static func rotation(_ phase: GesturePhase, _ degrees: Double, at: Point? = Point(250, 200)) -> EngineAction {
        .gesture(GestureEvent(gesture: .rotation, phase: phase, rotation: degrees, location: at))
    }

    @Test func theRotationRecognizerFollowsTheSameMachineAsPanAndPinch() {
        var store = TestStore(editor: Self.twistEditor(), imageWidth: 800, imageHeight: 600)
        store.send(Self.rotation(.changed, 5), throws: .illegalTransition(.rotation, .withoutBegan(.changed)))
        var s = store.state
        let engine = store.engine
        #expect(throws: EngineError.self) {
            try engine.reduce(&s, Self.rotation(.began, 0))
            try engine.reduce(&s, Self.rotation(.began, 0))
        }
    }

    @Test func aDeltaTurnsTheImageAboutTheFingersAndSetsTheAnchor() throws {
        var store = TestStore(editor: Self.twistEditor(), imageWidth: 800, imageHeight: 600)
        let l = Point(250, 200)
        store.send(Self.rotation(.began, 0)) {
            $0.rotation = Recognizer(phase: .began, location: l)
            $0.focal = l
            $0.events = [.recognizer(.rotation, .began)]
        }
        store.send(Self.rotation(.changed, 30)) {
            // c := L + Rot(30)(c - L): the centre (200, 200) is 50 left of L.
            let turned = Rotation(degrees: 30).apply(Point(-50, 0))
            $0.raw.cx = l.x + turned.x
            $0.raw.cy = l.y + turned.y
            $0.raw.a = 30
            $0.shown = $0.raw
            $0.rotation.phase = .changed
            $0.rotation.rotation = 30
            $0.events.append(.recognizer(.rotation, .changed))
        }
    }

    @Test func theAngleLimitKeepsThePictureRigid() throws {
        var store = TestStore(editor: Self.twistEditor(limit: 10), imageWidth: 800, imageHeight: 600)
        try store.run([Self.rotation(.began, 0), Self.rotation(.changed, 8)])
        let at8 = store.state.raw
        try store.run([Self.rotation(.changed, 14)])
        let atLimit = store.state.raw
        #expect(atLimit.a == 10)
        // Only the 2 degrees actually applied turn the centre.
        let turned = Rotation(degrees: 2).apply(Point(at8.cx - 250, at8.cy - 200))
        #expect(abs(atLimit.cx - (250 + turned.x)) < 1e-9 && abs(atLimit.cy - (200 + turned.y)) < 1e-9)
        // Further past the limit nothing moves: the picture stays rigid at the wall.
        try store.run([Self.rotation(.changed, 40)])
        #expect(store.state.raw == atLimit)
        // Turning back moves at once, by the fingers' delta (a hard wall, like clamp's): 40 -> 25 is -15.
        try store.run([Self.rotation(.changed, 25)])
        #expect(store.state.raw.a == -5)
        let back = Rotation(degrees: -15).apply(Point(atLimit.cx - 250, atLimit.cy - 200))
        #expect(abs(store.state.raw.cx - (250 + back.x)) < 1e-9 && abs(store.state.raw.cy - (200 + back.y)) < 1e-9)
    }

    @Test func touchAnglesAreUnwrappedAcrossOneEightyDegrees() throws {
        // The second finger circles the first from 170 to 200 degrees (-160): the rotation keeps growing.
        let a = Point(200, 200)
        func finger(_ degrees: Double) -> Point {
            let sc = (Foundation.sin(degrees * .pi / 180), Foundation.cos(degrees * .pi / 180))
            return Point(200 + 100 * sc.1, 200 + 100 * sc.0)
        }
        var expander = TimelineExpander(viewportWidth: 400, viewportHeight: 400, fps: 60, rotationGesture: true)
        let step = Step(
            kind: .touches([[a, finger(170)], [a, finger(179)], [a, finger(185)], [a, finger(200)]]), path: "script[0]")
        let (actions, _) = try expander.expand(step, cursor: 0)
        let rotations = actions.compactMap { action -> Double? in
            guard case .gesture(let e) = action.action, e.gesture == .rotation else { return nil }
            return e.rotation
        }
        #expect(rotations.count == 5)  // began, three changed, ended
        for (got, want) in zip(rotations, [0.0, 9, 15, 30, 30]) { #expect(abs(got - want) < 1e-9, "\(rotations)") }
        // Pinch events come first on each frame, with the same phases.
        let kinds = actions.compactMap { action -> String? in
            guard case .gesture(let e) = action.action else { return nil }
            return "\(action.frame) \(e.gesture.rawValue).\(e.phase.rawValue)"
        }
        #expect(Array(kinds.prefix(2)) == ["1 pinch.began", "1 rotation.began"])
    }

    @Test func theStraightenDialTurnsFromWhereTheAngleIsToItsTarget() throws {
        let e = editor {
            $0.viewport = ViewportSpec(width: 400, height: 400, scale: 1)
            $0.image = .testcard(width: 800, height: 600)
            $0.frame = FrameSpec(size: Size(200, 200))
            $0.zoom.min = nil
            $0.policy.kind = .none
        }
        let t = try replay(
            Scenario(
                name: "dial", editor: e,
                script: [
                    .straighten(StraightenStep(to: 6, duration: 0.05)),
                    .straighten(StraightenStep(to: -10, duration: 0.05, easing: .easeInOut)),
                ]))
        // N = 3: 2, 4, 6 degrees; then from 6 to -10 eased: 6 - 16 e(i/3).
        #expect(t.frames[1...4].map(\.angle) == [0, 2, 4, 6])
        let e1 = Easing.easeInOut.apply(1.0 / 3)
        #expect(abs(t.frames[6].angle - (6 - 16 * e1)) < 1e-12)
        #expect(t.frames[8].angle == -10)
        #expect(t.frames[1].events.map(\.description) == ["rotation.began"])
        #expect(t.frames[1].rotation == .began && t.frames[2].isTouching)
    }

    @Test func autoCoverProjectsAfterEveryTurningEvent() throws {
        var store = TestStore(editor: Self.twistEditor(autoCover: true), imageWidth: 800, imageHeight: 600)
        try store.run([Self.rotation(.began, 0), Self.rotation(.changed, 25)])
        #expect(store.state.layout.isValid(store.state.raw, box: store.state.box))
        #expect(store.state.raw == store.state.shown)
    }

    /// Editor for buttons: square fixed box (stays on turns) over an off-centre image.
    static func buttonStore() throws -> TestStore {
        let e = editor {
            $0.viewport = ViewportSpec(width: 400, height: 400, scale: 1)
            $0.image = .testcard(width: 800, height: 600)
            $0.fit = .aspectFill
            $0.frame = FrameSpec(size: Size(200, 200))
            $0.zoom = ZoomSpec(base: .fit, min: .value(1), max: 10, anchor: .center)
            $0.policy.kind = .none
        }
        var store = TestStore(editor: e, imageWidth: 800, imageHeight: 600)
        // Move the image off-centre (still covering the box): +40, -30.
        try store.run([
            EngineAction.frameBegan(1), .gesture(GestureEvent(gesture: .pan, phase: .began)),
            .gesture(GestureEvent(gesture: .pan, phase: .ended, translation: Point(40, -30))), .eventsApplied, .tick,
        ])
        return store
    }

    @Test func aQuarterTurnTurnsThePictureAboutTheBoxCentreExactly() throws {
        var store = try Self.buttonStore()
        let before = store.state.shown
        try store.run([.quarterTurnRequested(clockwise: true)])
        let s = store.state
        // c := bc + Rot(90)(c - bc) with Rot(90)(x, y) = (-y, x): (240, 170) -> (200 + 30, 200 + 40).
        #expect(s.shown.center == Point(230, 240))
        #expect(s.shown.k == before.k && s.shown.a == 0)
        #expect(s.orientation == ImageOrientation(turns: 1, mirrored: false))
        #expect(s.layout.imageWidth == 600 && s.layout.imageHeight == 800)
        #expect(s.box == Rect(x: 100, y: 100, width: 200, height: 200))  // a fixed box stays
        #expect(s.lastValid == s.shown && s.raw == s.shown)
        // Four turns are the identity.
        try store.run([
            .quarterTurnRequested(clockwise: true), .quarterTurnRequested(clockwise: true),
            .quarterTurnRequested(clockwise: true),
        ])
        #expect(store.state.shown == before && store.state.orientation == .identity)
    }

    @Test func aHorizontalThenVerticalFlipIsAHalfTurn() throws {
        var flipped = try Self.buttonStore()
        var turned = flipped
        try flipped.run([.flipRequested(horizontal: true), .flipRequested(horizontal: false)])
        try turned.run([.quarterTurnRequested(clockwise: true), .quarterTurnRequested(clockwise: true)])
        #expect(flipped.state.orientation == turned.state.orientation)
        #expect(flipped.state.orientation == ImageOrientation(turns: 2, mirrored: false))
        #expect(flipped.state.shown == turned.state.shown)
        // Each flip mirrors the centre about the box's centre line and negates the angle.
        var one = try Self.buttonStore()
        try one.run([.flipRequested(horizontal: true)])
        #expect(one.state.shown.center == Point(160, 170))
        #expect(one.state.orientation == ImageOrientation(turns: 0, mirrored: true))
    }

    @Test func orientationMapsArePixelPermutations() {
        // The source map of every orientation equals applying the oriented image's definition pixel by pixel:
        // mirror left-right if m, then turn (x, y) of a w x h image to (h-1-y, x), t times.
        let w = 5
        let h = 3
        for turns in 0..<4 {
            for mirrored in [false, true] {
                let o = ImageOrientation(turns: turns, mirrored: mirrored)
                var grid = (0..<h).map { y in (0..<w).map { x in y * w + x } }
                if mirrored { grid = grid.map { Array($0.reversed()) } }
                for _ in 0..<turns {
                    let gh = grid.count
                    let gw = grid[0].count
                    var next = Array(repeating: Array(repeating: 0, count: gh), count: gw)
                    for y in 0..<gh { for x in 0..<gw { next[x][gh - 1 - y] = grid[y][x] } }
                    grid = next
                }
                let (origin, dx, dy) = o.sourceMap(width: w, height: h)
                let size = o.size(width: w, height: h)
                #expect(grid.count == size.height && grid[0].count == size.width)
                for j in 0..<size.height {
                    for i in 0..<size.width { #expect(origin + i * dx + j * dy == grid[j][i], "\(o) (\(i), \(j))") }
                }
            }
        }
    }
}
