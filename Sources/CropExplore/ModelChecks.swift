import CropBitmap
import CropEngine
import CropGeometry
import CropRender
import CropScenario

/// One replay of a registered editor model, seen from outside as any crop editor is: what it
/// showed after every frame, whether it was still settling, and the actions each frame applied.
package struct ModelObservation {
    let scenario: Scenario
    let trace: Trace
    /// views[n]: what the model showed after frame n (views[0]: frame 0).
    let views: [ModelView]
    /// settling[n]: the model's `isSettling` after frame n.
    let settling: [Bool]
    let actions: [[EngineAction]]
    let image: (width: Int, height: Int)
}

/// The invariants any crop editor should keep, checked on a registered model from what it
/// shows (its internals are its own): each returns the first violation it finds.
package enum ModelChecks {
    /// A frame of `began` events alone moves no image (touching catches the photo where it is
    /// shown); a frame of a one-finger drag that moves the box moves no image.
    static func continuity(_ o: ModelObservation) -> String? {
        for n in 1..<o.views.count {
            let actions = o.actions[n]
            if actions.contains(where: Checks.isButton) { continue }
            let events = Checks.gestures(actions)
            guard !events.isEmpty else { continue }
            let prev = o.views[n - 1]
            let cur = o.views[n]
            if events.allSatisfy({ $0.phase == .began }) && !Checks.close(cur.shown, prev.shown) {
                return "frame \(n): a began moved the image: \(prev.shown) -> \(cur.shown)"
            }
            let drag = events.allSatisfy { $0.gesture == .pan && $0.phase != .began }
            if drag && !o.trace.frames[n].animating && !Checks.close(cur.box, prev.box)
                && !Checks.close(cur.shown, prev.shown)
            {
                return
                    "frame \(n): a box drag moved the image: \(prev.shown) -> \(cur.shown) (box \(prev.box) ->"
                    + " \(cur.box))"
            }
        }
        return nil
    }

    /// After `until settled`, nothing touching, the box is covered where the editor's constraint
    /// asks for it and its zoom limits allow covering at the shown angle.
    static func settled(_ o: ModelObservation) -> String? {
        let editor = o.scenario.editor
        guard let last = o.trace.frames.last, let view = o.views.last, !last.isTouching, !last.valid,
            editor.constraint != .none,
            Explorer.promisesCover(editor, imageWidth: o.image.width, imageHeight: o.image.height)
        else { return nil }
        if let maxZoom = view.layout.maxZoom,
            view.layout.coverK(angle: view.shown.a, box: view.box) / view.layout.kBase > maxZoom + 1e-9
        {
            return nil
        }
        return
            "after until settled (frame \(last.frame)) the box is not covered: imageRect \(last.imageRect),"
            + " angle \(last.angle), box \(last.box), zoom \(last.zoom)"
    }

    /// Four quarter turns, or two flips about one axis, on consecutive frames give back the
    /// orientation, and the picture where nothing had to be projected (flips; turns of a
    /// square box) and nothing was moving.
    static func identities(_ o: ModelObservation) -> String? {
        for (n, length, run) in Checks.buttonRuns(o.actions) {
            let before = o.views[n - 1]
            let after = o.views[n + length - 1]
            if after.orientation != before.orientation {
                return "frames \(n)...\(n + length - 1): \(run) x\(length) changed the orientation"
            }
            let square = abs(before.box.width - before.box.height) < 1e-9
            let rigid: Bool
            if case .flipRequested = run { rigid = true } else { rigid = square }
            let still = !o.settling[n - 1] && !o.trace.frames[n - 1].animating
            if rigid && still && o.trace.frames[n - 1].valid && !Checks.close(before.shown, after.shown) {
                return
                    "frames \(n)...\(n + length - 1): \(run) x\(length) is not an identity: \(before.shown)"
                    + " -> \(after.shown)"
            }
        }
        return nil
    }
}
