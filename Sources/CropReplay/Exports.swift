// The CropReplay library: replay crop-editor scenarios from Swift and check them against goldens.
//
//     import CropReplay
//
//     let replay = try Replay.load(file: "scenarios/cab-drag-out.json")
//     let trace = try replay.trace()
//     print(trace.frames.last?.valid ?? false)
//
//     let verification = try replay.verify(golden: "golden", record: .missing)
//     if let failure = verification.failure { print(failure) }
//
// The library's surface: everything of the engine product `CropReplayEngine` (the values,
// the scenario model and its builder, presets, the live `CropEditorModel`, traces; re-exported
// whole, so an app's types and its tests' are the same), and this file's list: frames and
// images, `Replay`, PNG encoding and verification results. The modules behind it keep
// everything else at `package` access.

import CropBitmap
import CropGoldens
import CropPipeline
@_exported import CropReplayEngine

// Frames and images a replay renders.
/// A rendered frame: 8-bit RGB pixels.
public typealias RGBFrame = CropBitmap.RGBFrame
/// An image with straight alpha: 8-bit RGBA pixels.
public typealias RGBAImage = CropBitmap.RGBAImage

// Verification results and errors.
/// The outcome of checking one scenario against its golden folder.
public typealias CheckResult = CropGoldens.CheckResult
/// One difference between a replay and its golden.
public typealias Mismatch = CropGoldens.Mismatch
/// Why a golden may differ without the engine being wrong (a changed scenario, another engine).
public typealias Context = CropGoldens.Context
/// Images written for a failing snapshot, relative to the artifacts folder.
public typealias Artifact = CropGoldens.Artifact
/// Pixel comparison of a rendered frame with a golden image, in memory.
public typealias ImageDiff = CropGoldens.ImageDiff
/// One difference between a golden trace and a replay's: the frame, the field and both values.
public typealias TraceDifference = CropGoldens.TraceDifference
/// Field-by-field comparison of two trace files.
public typealias TraceComparison = CropGoldens.TraceComparison
/// What `record` did for one scenario.
public typealias RecordResult = CropGoldens.RecordResult
/// A failure of any stage of the pipeline, with the exit code of docs/commands.md (2 or 3).
public typealias ReplayError = CropPipeline.ReplayFailure
/// A failure to read or write a file: one line naming the path.
public typealias FileError = CropPipeline.FileError
