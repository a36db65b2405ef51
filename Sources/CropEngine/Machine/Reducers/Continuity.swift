import CropGeometry
import CropScenario

/// A gesture goes on from the image shown (docs/behaviour.md, "Continuity", "Beyond the
/// band's reach"): at every `began`
/// (after the anchor moved), after every box-drag event and when a double tap stops a settle,
/// the raw state becomes the state the policy shows as the current image, with the anchor and
/// box as they are now. Under the rubber band that is the band's inverse (a raw state that
/// already shows the image is kept as it is); quantities beyond the band's reach follow the
/// fingers 1:1 until the last finger lifts.
extension Engine {
    func resume(_ s: inout EngineState) throws(EngineError) {
        let rule = try ask(s, "resume", { try policy.resume(from: s.shown, in: geometry(s)) })
        switch rule {
        case .unband(let c) where !faults.contains(.skipBandInversion):
            let band = RubberBand(c: c)
            let anchor = bandAnchor(s)
            if band.apply(s.raw, layout: s.layout, anchor: anchor, box: s.box, free: s.unbanded) == s.shown { return }
            (s.raw, s.unbanded) = band.invert(s.shown, layout: s.layout, anchor: anchor, box: s.box, free: s.unbanded)
        case .state(let state):
            s.raw = try checked(s, "resume", state)
        case .asShown, .unband:
            s.raw = s.shown
        }
    }

    /// A gesture ended or was cancelled: once no finger is down, every quantity is banded again.
    func releaseUnbanded(_ s: inout EngineState) {
        if !s.isTouching { s.unbanded = [] }
    }
}
