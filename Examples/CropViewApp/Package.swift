// swift-tools-version:6.0
// An app's crop screen on CropReplay's engine product: a view model that feeds the live
// `CropEditorModel` from gesture-recognizer callbacks and a display-link tick (README.md).
//
// In an app: `.package(url: "<CropReplay's repository>", from: "<version>")` and
// `.product(name: "CropReplayEngine", package: "CropReplay")`. Here the dependency is the
// repository this folder sits in (`../..`), or the folder CROPREPLAY_PATH names when the
// example is built from a copy elsewhere (CI does that). SwiftPM names a path dependency by its
// folder's name, so that name is worked out below.
import Foundation
import PackageDescription

let cropReplayPath = Context.environment["CROPREPLAY_PATH"] ?? "../.."
let cropReplayFolder =
    URL(
        fileURLWithPath: cropReplayPath.hasPrefix("/")
            ? cropReplayPath : Context.packageDirectory + "/" + cropReplayPath
    )
    .standardized.lastPathComponent

let package = Package(
    name: "CropViewApp",
    dependencies: [.package(path: cropReplayPath)],
    targets: [
        .target(name: "CropView", dependencies: [.product(name: "CropReplayEngine", package: cropReplayFolder)]),
        .testTarget(name: "CropViewTests", dependencies: ["CropView"], exclude: ["Fixtures"]),
    ]
)
