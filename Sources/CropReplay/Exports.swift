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
public typealias RGBFrame = CropBitmap.RGBFrame
public typealias RGBAImage = CropBitmap.RGBAImage

// Verification results and errors.
public typealias CheckResult = CropGoldens.CheckResult
public typealias Mismatch = CropGoldens.Mismatch
public typealias Context = CropGoldens.Context
public typealias Artifact = CropGoldens.Artifact
public typealias ImageDiff = CropGoldens.ImageDiff
public typealias TraceDifference = CropGoldens.TraceDifference
public typealias TraceComparison = CropGoldens.TraceComparison
public typealias RecordResult = CropGoldens.RecordResult
public typealias ReplayError = CropPipeline.ReplayFailure
public typealias FileError = CropPipeline.FileError
