import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Random finite and non-finite values fed to the Swift builders (seeded, so every run is the
/// same): each scenario is either refused with one line at a JSON path, or valid, and then its
/// JSON decodes to the same scenario and it replays; an editor is refused by `CropEditorModel`
/// exactly when the validator refuses it. Nothing traps.
final class ValidationPropertyTests: XCTestCase {
    var random = SeededRandom(seed: 26)
    /// Whether the case being built holds a value JSON cannot hold exactly (NaN, an infinity, an
    /// integer beyond 2^53).
    var unrepresentable = false

    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    /// The ends of every range and just past them, the non-finite values, and random magnitudes.
    func number() -> Double {
        let d: Double
        switch random.next() % 4 {
        case 0:
            d = pick([
                .nan, .infinity, -.infinity, -0.0, 0, 5e-324, 0.000_999_9, 0.001, 1, 1000, 1000.000_1, 8192,
                8192.000_000_000_1, 10_000, 10_000.5, 1e6, 1e6.nextUp, -1e6, -1e6.nextDown, 1e300,
                -.greatestFiniteMagnitude,
            ])
        case 1: d = (random.unit() * 4 - 2) * pow(10, Double(Int(random.next() % 11) - 4))
        default: d = (random.unit() * 2).rounded(toPlaces: 2)
        }
        if !d.isFinite { unrepresentable = true }
        return d
    }

    func integer() -> Int {
        let i = pick([Int.min, -1, 0, 1, 2, 3, 4, 5, 100, 101, 240, 241, 16_384, 16_385, Int.max])
        if abs(Double(i)) > 0x1p53 { unrepresentable = true }
        return i
    }
    func point() -> Point { Point(number(), number()) }
    func size() -> Size { Size(number(), number()) }
    func seconds() -> Double { random.next() % 2 == 0 ? number() : 0.1 }

    /// One field of the editor set to a random value.
    func mutate(_ e: inout EditorConfig) {
        switch random.next() % 30 {
        case 0: e.viewport.width = number()
        case 1: e.viewport.height = number()
        case 2: e.viewport.scale = integer()
        case 3: e.frame.size = size()
        case 4: e.frame.aspect = .ratio(size())
        case 5: e.frame.margin = number()
        case 6: e.frame.cornerRadius = number()
        case 7: e.frame.minSize = size()
        case 8: e.frame.handleSize = number()
        case 9: e.mask.opacity = number()
        case 10: e.mask.fade = number()
        case 11: e.border?.width = number()
        case 12: e.border?.dash = [number(), number()]
        case 13: e.grid = GridSpec(lines: integer(), opacity: number(), width: number())
        case 14: e.zoom.min = .value(number())
        case 15: e.zoom.max = number()
        case 16: e.policy.momentum = number()
        case 17: e.policy.rubberBand = number()
        case 18: e.policy.animation = .easeOut(duration: number())
        case 19: e.policy.animation = .spring(response: number(), dampingRatio: number())
        case 20: e.rotation.limit = number()
        case 21: e.refit.delay = number()
        case 22: e.refit.animation = .linear(duration: number())
        case 23: e.doubleTap.factor = number()
        case 24: e.faces = [Rect(x: number(), y: number(), width: number(), height: number())]
        case 25: e.image = .testcard(width: integer(), height: integer())
        case 26: e.policy.kind = pick(PolicyKind.allCases)
        case 27: e.rotation.gesture.toggle()
        case 28: e.constraint = pick(Constraint.allCases)
        default: e.frame.resizable.toggle()
        }
    }

    /// A random step with random values.
    func step() -> StepKind {
        switch random.next() % 14 {
        case 0:
            return .pan(PanStep(by: point(), duration: seconds(), hold: seconds(), velocity: point(), from: point()))
        case 1: return .pinch(PinchStep(scale: number(), at: point(), duration: seconds(), hold: seconds()))
        case 2: return .rotation(RotationStep(by: number(), at: point(), duration: seconds(), hold: seconds()))
        case 3: return .straighten(StraightenStep(to: number(), duration: seconds()))
        case 4: return .wait(seconds())
        case 5: return .touches([[point()], [point(), point()], []])
        case 6:
            return .events([
                RawEvent(frame: 1, gesture: .pan, phase: .began, location: point()),
                RawEvent(frame: 2, gesture: .pan, phase: .changed, translation: point(), velocity: point()),
                RawEvent(frame: 3, gesture: .pan, phase: .ended),
            ])
        case 7: return .events([RawEvent(frame: integer(), gesture: .pinch, phase: .began, scale: number())])
        case 8: return .resize(number(), number())
        case 9: return .aspect(.ratio(size()))
        case 10: return .doubleTap(point())
        case 11: return .together([Step(kind: .pan(PanStep(by: point(), duration: seconds())), path: "")])
        case 12: return .untilSettled
        default: return .snapshot(pick(["a", "b", "", "x/y"]))
        }
    }

    /// The frames a script of validated values runs, roughly (to replay only the short ones).
    func frames(_ s: Scenario) -> Double {
        let fps = Double(s.fps)
        func length(_ kind: StepKind) -> Double {
            switch kind {
            case .pan(let p): return (p.duration + p.hold) * fps + 2
            case .pinch(let p): return (p.duration + p.hold) * fps + 2
            case .rotation(let r): return (r.duration + r.hold) * fps + 2
            case .straighten(let d): return d.duration * fps + 2
            case .wait(let w): return w * fps
            case .events(let events): return Double(events.map(\.frame).max() ?? 0)
            case .together(let steps): return steps.map { length($0.kind) }.max() ?? 0
            case .untilSettled: return 10 * fps
            default: return 3
            }
        }
        return s.script.map { length($0.kind) }.reduce(0, +)
    }

    func assertOneLine(_ e: ScenarioError, _ what: String) {
        XCTAssertFalse(e.place?.isEmpty ?? true, "\(what): a place: \(e)")
        XCTAssertFalse(e.message.contains("\n"), "\(what): one line: \(e)")
        if let expected = e.expected, let given = e.given {
            XCTAssertEqual(e.message, "expected \(expected), got \(given)", what)
        }
    }

    func testRandomValuesFromSwiftAreRefusedOrValidNeverATrap() throws {
        var refused = 0
        var replayed = 0
        for n in 0..<2000 {
            unrepresentable = false
            var e = random.next() % 3 == 0 ? EditorConfig.preset(pick(Preset.all.map(\.name)))! : .defaults
            for _ in 0..<Int(random.next() % 3) { mutate(&e) }
            let start =
                random.next() % 5 == 0
                ? StartState(turns: integer(), angle: number(), zoom: number(), at: point()) : nil
            let s = Scenario(
                name: "p\(n)", editor: e, fps: random.next() % 8 == 0 ? integer() : 60, start: start,
                script: (0..<Int(random.next() % 3)).map { _ in step() })
            let what = "case \(n)"
            let fromJSON: Result<Scenario, ScenarioError>? =
                unrepresentable
                ? nil
                : Result { () throws(ScenarioError) in
                    try ScenarioDecoder.decode(text: ScenarioEncoder.scenario(s).serialized(), file: "<code p\(n)>")
                }
            let valid: Scenario
            do {
                valid = try s.validated()
            } catch {
                refused += 1
                assertOneLine(error, what)
                if case .failure(let j)? = fromJSON {
                    XCTAssertEqual(j.place, error.place, "\(what): the same place from JSON")
                    XCTAssertEqual(j.message, error.message, "\(what): the same message from JSON")
                } else if fromJSON != nil {
                    XCTFail("\(what): JSON accepted what Swift refused: \(error)")
                }
                let editorProblem = e.problem()
                do {
                    _ = try CropEditorModel(editor: e, imageWidth: 64, imageHeight: 48)
                    XCTAssertNil(editorProblem, "\(what): the live model accepted a bad editor")
                } catch let model as ScenarioError {
                    XCTAssertEqual(model.place, editorProblem?.place, "\(what): the live model")
                } catch {
                    XCTAssertNil(editorProblem, "\(what): \(error)")
                }
                continue
            }
            XCTAssertNil(valid.problem(), what)
            switch fromJSON {
            case .success(let j)?:
                XCTAssertEqual(j.sourceHash, valid.sourceHash, "\(what): the same scenario from JSON")
            case .failure(let j)?: XCTFail("\(what): JSON refused a valid scenario: \(j)")
            case nil: break
            }
            if n % 10 == 0 {
                var model = try CropEditorModel(editor: valid.editor, imageWidth: 64, imageHeight: 48)
                model.send(touches: [Point(100, 100)])
                try model.tick()
                model.send(touches: [Point(150, 90)])
                try model.tick()
                model.send(touches: [])
                _ = try model.advance(to: 1)
            }
            guard frames(valid) < 240, case .testcard(let w, let h) = valid.editor.image, w * h <= 4_000_000 else {
                continue
            }
            replayed += 1
            do {
                _ = try Replayer.replay(valid, imageWidth: w, imageHeight: h, frameLimit: 400)
            } catch {
                assertOneLine(error, "\(what) replayed")
            }
        }
        XCTAssertGreaterThan(refused, 800, "most random values are out of range")
        XCTAssertGreaterThan(replayed, 150, "and many are not")
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
