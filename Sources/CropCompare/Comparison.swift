import CropEngine
import CropGeometry
import CropJSON
import CropPipeline
import CropScenario

/// `cropreplay compare`: one script under several variants of the editor (policies, re-fit
/// timings, settle curves), with metrics whose definitions are in docs/compare.md.
package enum Comparison {
    package struct Row: Sendable {
        package var label: String
        /// The variant's own frame count.
        package var frames: Int
        package var metrics: Metrics
        package var finalCenter: Point
        package var crops: [String]
        package var trace: Trace
        /// Where the fingers were (what `trackingError` is measured against).
        package var fingers: Fingers
        /// The variant's editor (its zoom limits and constraint, for the plots' valid bands).
        package var editor: EditorConfig
    }

    /// Replays under each variant and computes the metrics (over the longest variant's length);
    /// a replay that fails names its variant.
    package static func rows(_ loaded: LoadedScenario, variants: [Variant]) throws(ReplayFailure) -> [Row] {
        var replays: [(Variant, Trace, Fingers)] = []
        for v in variants {
            let t: Trace
            let fingers: Fingers
            do {
                (t, fingers) = try replay(loaded.driving(v.model), editor: v.editor)
            } catch .scenario(var e) where variants.count > 1 {
                // Which variant failed: the script may fail under one value and not another.
                e.message += " (variant \"\(Echo.cap(v.label))\")"
                throw .scenario(e)
            }
            if !t.frames.isEmpty { replays.append((v, t, fingers)) }
        }
        let longest = replays.map(\.1.frames.count).max() ?? 0
        return replays.compactMap { v, t, fingers in
            guard let last = t.frames.last else { return nil }
            return Row(
                label: v.label, frames: t.frames.count,
                metrics: Metrics(trace: t, editor: v.editor, fingers: fingers, framesCompared: longest),
                finalCenter: last.shown.center,
                crops: t.crops.map(TraceFile.Crop.init).map { "\($0.name) \(TraceCodec.rect($0.rect))" }, trace: t,
                fingers: fingers,
                editor: v.editor)
        }
    }

    /// The script replayed with `editor` by `loaded`'s model, and where the fingers were on each frame.
    package static func replay(_ loaded: LoadedScenario, editor: EditorConfig) throws(ReplayFailure) -> (Trace, Fingers)
    {
        var s = loaded.scenario
        s.editor = editor
        final class Box: @unchecked Sendable { var fingers = Fingers() }
        let box = Box()
        do {
            let t = try Replayer.replay(
                s, imageWidth: loaded.image.width, imageHeight: loaded.image.height,
                registrations: loaded.registrations, model: loaded.model,
                observer: { state, _ in box.fingers.observe(state) },
                modelObserver: { model, _ in box.fingers.observe(model) })
            return (t, box.fingers)
        } catch {
            throw .scenario(error)
        }
    }

    /// The folder name of a variant's files under the comparison's folder: its label, with
    /// anything but letters, digits, `.`, `=` and `-` turned into `_`; a label longer than
    /// `longestFolder` keeps its first characters and a hash of the whole label, so every
    /// name fits a file system's 255 bytes.
    package static func folder(_ label: String) -> String {
        let kept = label.map { c -> Character in c.isASCII && (c.isLetter || c.isNumber || ".=-".contains(c)) ? c : "_"
        }
        var name = String(kept)
        if name.count > longestFolder {
            name = String(name.prefix(longestFolder - 17)) + "-" + StableHash.fnv1a(Array(label.utf8))
        }
        return name.allSatisfy { $0 == "." } ? "_" + name : name
    }

    /// The longest variant folder name (before a `-2` of a repeat).
    package static let longestFolder = 120

    /// Each label's folder, a repeated name suffixed `-2`, `-3`, ...
    package static func folders(_ labels: [String]) -> [String] {
        var used: Set<String> = []
        return labels.map { label in
            let base = folder(label)
            var name = base
            var n = 1
            while used.contains(name) {
                n += 1
                name = "\(base)-\(n)"
            }
            used.insert(name)
            return name
        }
    }

    /// The layout a frame was shown with.
    package static func layout(_ f: FrameRecord, editor: EditorConfig) -> Layout {
        Layout(
            editor: editor, viewportWidth: f.viewportWidth, viewportHeight: f.viewportHeight,
            imageWidth: Int((f.imageRect.width / f.k).rounded()), imageHeight: Int((f.imageRect.height / f.k).rounded())
        )
    }

}
