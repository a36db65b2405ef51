import CropBitmap
import CropImageIO
import CropPipeline

/// Writes expected, actual and diff images of a failing snapshot under the artifacts folder
/// (`<dir>/<scenario>/<snapshot>.expected.png`, ...).
struct ArtifactWriter {
    let root: String
    let scenario: String

    func write(
        _ snapshot: String, expected: (frame: RGBFrame, bytes: [UInt8])?, actual: RGBFrame, tolerance: Int,
        figures: String
    ) throws(ReplayFailure) -> Artifact {
        let base = "\(scenario)/\(snapshot)"
        do {
            try FileIO.writeAtomically("\(root)/\(base).actual.png", PNGCodec.encode(actual, .fast))
            guard let expected else {
                return Artifact(
                    snapshot: snapshot, expected: nil, actual: "\(base).actual.png", diff: nil, figures: figures)
            }
            try FileIO.writeAtomically("\(root)/\(base).expected.png", expected.bytes)
            let picture = ImageDiff.picture(expected: expected.frame, actual: actual, tolerance: tolerance)
            try FileIO.writeAtomically("\(root)/\(base).diff.png", PNGCodec.encode(picture, .fast))
        } catch let e as FileError {
            throw .unwritable(e)
        } catch {
            throw .internal("cannot encode artifacts: \(error)")
        }
        return Artifact(
            snapshot: snapshot, expected: "\(base).expected.png", actual: "\(base).actual.png",
            diff: "\(base).diff.png",
            figures: figures)
    }
}

extension GoldenCheck {
    /// The images a scenario without a golden would record, written as actual-only
    /// artifacts (`<dir>/<scenario>/<snapshot>.actual.png`, figures "no golden yet"), so a
    /// reviewer sees what accepting it records. `check` itself does not render them.
    package static func newScenarioImages(_ loaded: LoadedScenario, options: CheckOptions) throws(ReplayFailure)
        -> [Artifact]
    {
        guard let root = options.artifactsDir else { return [] }
        let trace = try loaded.replay()
        let wanted = images(trace, scope: options.scope)
        guard !wanted.isEmpty else { return [] }
        let rendered = RenderSession(loaded: loaded, trace: trace).render(
            frames: wanted.map(\.frame), jobs: options.jobs)
        let writer = ArtifactWriter(root: root, scenario: loaded.scenario.name)
        var artifacts: [Artifact] = []
        for (name, frame) in wanted {
            guard let actual = rendered[frame] else { continue }
            artifacts.append(
                try writer.write(
                    name, expected: nil, actual: actual, tolerance: options.tolerance, figures: "no golden yet"))
        }
        return artifacts
    }
}
