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
// The library's surface is this file's list: the scenario model and its builder, presets,
// `Replay`, the live `CropEditorModel`, traces, frames and PNG encoding, and verification
// results. The modules behind
// it keep everything else at `package` access.
import CropBitmap
import CropEngine
import CropGeometry
import CropGoldens
import CropPipeline
import CropScenario

// Values.
public typealias Point = CropGeometry.Point
public typealias Size = CropGeometry.Size
public typealias Rect = CropGeometry.Rect
public typealias RGBA = CropGeometry.RGBA

// The scenario model (what a scenario file holds) and its builder.
public typealias Scenario = CropScenario.Scenario
public typealias ScenarioError = CropScenario.ScenarioError
public typealias Preset = CropScenario.Preset
public typealias EditorConfig = CropScenario.EditorConfig
public typealias StartState = CropScenario.StartState
public typealias ViewportSpec = CropScenario.ViewportSpec
public typealias ImageSource = CropScenario.ImageSource
public typealias Fit = CropScenario.Fit
public typealias FrameShape = CropScenario.FrameShape
public typealias FrameSpec = CropScenario.FrameSpec
public typealias MaskRegion = CropScenario.MaskRegion
public typealias MaskVisibility = CropScenario.MaskVisibility
public typealias MaskSpec = CropScenario.MaskSpec
public typealias BorderPosition = CropScenario.BorderPosition
public typealias BorderSpec = CropScenario.BorderSpec
public typealias GridVisibility = CropScenario.GridVisibility
public typealias GridSpec = CropScenario.GridSpec
public typealias ZoomBase = CropScenario.ZoomBase
public typealias ZoomAnchor = CropScenario.ZoomAnchor
public typealias ZoomMin = CropScenario.ZoomMin
public typealias ZoomSpec = CropScenario.ZoomSpec
public typealias Constraint = CropScenario.Constraint
public typealias PolicyKind = CropScenario.PolicyKind
public typealias RollbackMode = CropScenario.RollbackMode
public typealias CancelRule = CropScenario.CancelRule
public typealias AnimationCurve = CropScenario.AnimationCurve
public typealias PolicySpec = CropScenario.PolicySpec
public typealias Parameters = CropScenario.Parameters
public typealias Extension = CropScenario.Extension

// Your own policies and curves (docs/extending.md).
public typealias SnapBackPolicy = CropEngine.SnapBackPolicy
public typealias PolicyGeometry = CropEngine.PolicyGeometry
public typealias TouchResponse = CropEngine.TouchResponse
public typealias Resumption = CropEngine.Resumption
public typealias PolicyMemory = CropEngine.PolicyMemory
public typealias Memories = CropEngine.Memories
public typealias GestureEnding = CropEngine.GestureEnding
public typealias Release = CropEngine.Release
public typealias SettleCurve = CropEngine.SettleCurve
public typealias CurveProgress = CropEngine.CurveProgress
public typealias Registrations = CropEngine.Registrations
public typealias RegistrationError = CropEngine.RegistrationError
public typealias RollbackPolicy = CropEngine.RollbackPolicy
public typealias ClampPolicy = CropEngine.ClampPolicy
public typealias RubberBandPolicy = CropEngine.RubberBandPolicy
public typealias SnapNearestPolicy = CropEngine.SnapNearestPolicy
public typealias FollowPolicy = CropEngine.FollowPolicy
public typealias CropFormula = CropScenario.CropFormula
public typealias CropRounding = CropScenario.CropRounding
public typealias CropSpec = CropScenario.CropSpec
public typealias FrameAspect = CropScenario.FrameAspect
public typealias BoxHandles = CropScenario.BoxHandles
public typealias RotationSpec = CropScenario.RotationSpec
public typealias RefitSpec = CropScenario.RefitSpec
public typealias DoubleTapSpec = CropScenario.DoubleTapSpec
public typealias DoubleTapAction = CropScenario.DoubleTapAction
public typealias TurnBox = CropScenario.TurnBox
public typealias Step = CropScenario.Step
public typealias StepKind = CropScenario.StepKind
public typealias PanStep = CropScenario.PanStep
public typealias PinchStep = CropScenario.PinchStep
public typealias RawEvent = CropScenario.RawEvent
public typealias SaveStep = CropScenario.SaveStep
public typealias Easing = CropScenario.Easing
public typealias GestureKind = CropScenario.GestureKind
public typealias GesturePhase = CropScenario.GesturePhase
public typealias Orientation = CropScenario.Orientation
public typealias RotationStep = CropScenario.RotationStep
public typealias StraightenStep = CropScenario.StraightenStep
public typealias TurnDirection = CropScenario.TurnDirection
public typealias FlipAxis = CropScenario.FlipAxis
public typealias AspectChoice = CropScenario.AspectChoice

// What a replay produces.
public typealias Trace = CropEngine.Trace
public typealias FrameRecord = CropEngine.FrameRecord
public typealias SnapshotRecord = CropEngine.SnapshotRecord
public typealias CropRecord = CropEngine.CropRecord
public typealias RecognizerPhase = CropEngine.RecognizerPhase
public typealias TraceEvent = CropEngine.TraceEvent
public typealias ViewState = CropEngine.ViewState
public typealias ImageOrientation = CropEngine.ImageOrientation
public typealias TraceFile = CropEngine.TraceFile
public typealias RGBFrame = CropBitmap.RGBFrame
public typealias RGBAImage = CropBitmap.RGBAImage

// The live model: the editor driven by events as they happen (an app's own crop view, `play`).
public typealias CropEditorModel = CropEngine.CropEditorModel
public typealias ModelError = CropEngine.ModelError
public typealias GestureEvent = CropEngine.GestureEvent

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
