import Foundation
import CropGoldens
import CropRender

/// `--probe`: time the compositor with layers switched off one by one.
func probe() {
    let base = #"{"name": "bench", "preset": "fixed-frame-rollback", "editor": {"viewport": {"width": 390, "height": 844, "scale": 3}%@}, "script": [{"pan": {"by": [40, 25], "duration": 0.2}}]}"#
    for (label, extra) in [("full", ""), ("no mask", #", "mask": {"opacity": 0}"#), ("no border", #", "border": null"#), ("photo only", #", "mask": {"opacity": 0}, "border": null"#), ("nothing", #", "mask": {"opacity": 0}, "border": null, "image": {"testcard": [2, 2]}"#)] {
        let loaded = load(base.replacingOccurrences(of: "%@", with: extra))
        let trace = try! loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        _ = session.render(frame: 5)
        let ms = medianMs(9) { _ = session.render(frame: 5) }
        print("probe \(label): \(f(ms, 2)) ms")
    }
}

func probeFill() {
    let w = 1170, h = 2532
    let ms1 = medianMs(9) { let f = RGBFrame(width: w, height: h); precondition(f.pixels[5] == 0) }
    let ms2 = medianMs(9) {
        var f = RGBFrame(width: w, height: h)
        f.pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count { px[i] = 1; px[i + 1] = 2; px[i + 2] = 3; i += 3 }
        }
        precondition(f.pixels[5] == 3)
    }
    print("alloc: \(f(ms1, 2)) ms, alloc+fill: \(f(ms2, 2)) ms")
}
