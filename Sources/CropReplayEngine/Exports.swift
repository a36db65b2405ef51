// The engine product for apps: the scenario model, presets, the reducer, the live model
// `CropEditorModel` and the crop computation, with no file access and no C library.
//
//     import CropReplayEngine
//
//     var model = try CropEditorModel(editor: .preset("circle-avatar-bounce")!, imageWidth: 1600, imageHeight: 1200)
//     model.send(GestureEvent(gesture: .pan, phase: .began, location: Point(180, 300)))
//     let frame = try model.tick()    // frame.shown, frame.box, frame.mask, frame.valid
//
// An app target links this product; `CropReplay` re-exports it, so the types an app's tests
// replay and check are the app's own. Its modules import nothing but each other and the
// Swift standard library (no Foundation, no Glibc or Darwin): see docs/app.md.
@_exported import CropEngine
@_exported import CropGeometry
@_exported import CropJSON
@_exported import CropScenario
