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
