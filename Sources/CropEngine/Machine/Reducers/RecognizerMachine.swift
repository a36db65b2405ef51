import CropGeometry
import CropScenario

/// Each recognizer's machine (docs/behaviour.md, "Recognizers"): `possible`, then `began`,
/// `changed`... and `ended` or `cancelled`, or `possible` then `failed`; after an end it is
/// possible again on the next frame. Any other transition is a script error at its frame.
/// Translation, scale and rotation are cumulative since `began`, which sets the baseline (what
/// it carries is not applied); an omitted location is the box centre at `began`, else the
/// previous one. Every event is logged for the trace in the order applied.
extension Engine {
    /// Frame n starts: finished recognizers become possible, the event list clears.
    @inline(__always) func beginFrame(_ s: inout EngineState, _ n: Int) {
        s.frame = n
        if !s.events.isEmpty { s.events = [] }  // the last frame's list lives on in its record
        for kind in GestureKind.allCases where s.recognizer(kind).phase.isFinished {
            var r = s.recognizer(kind)
            r.phase = .possible
            s.setRecognizer(kind, r)
        }
    }

    /// Checks the transition and logs the event; the update carries the recognizer with its new
    /// phase (and at `began` its baseline) until `commit` writes it back.
    @inline(__always) func recognize(_ s: inout EngineState, _ e: GestureEvent) throws(EngineError) -> GestureUpdate {
        let kind = e.gesture
        var r = s.recognizer(kind)
        try r.accept(e, frame: s.frame)
        s.events.append(.recognizer(kind, e.phase))
        let location = e.location ?? (e.phase == .began ? s.box.center : r.location)
        if e.phase == .began {
            r.translation = e.translation
            r.scale = e.scale
            r.rotation = e.rotation
            r.location = location
            r.dialBase = nil
        }
        r.phase = RecognizerPhase(e.phase)
        return GestureUpdate(recognizer: r, location: location)
    }

    /// The recognizer as the event leaves it.
    func commit(_ s: inout EngineState, _ kind: GestureKind, _ recognizer: Recognizer) {
        s.setRecognizer(kind, recognizer)
    }
}
