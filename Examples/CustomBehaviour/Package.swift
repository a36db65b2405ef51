// swift-tools-version:6.0
// Your own snap-back policy, settle curve and editor in CropReplay (docs/extending.md):
// a zoom that snaps to 1x, 2x or 3x with a critically damped settle, a tiny editor that
// clamps where CropReplay's reference bands, your whole command line with them registered,
// and a report: the policy compared with rubberBand and clamp, and the editor's conformance.
//
// In your package: `.package(url: "<CropReplay's repository>", from: "<version>")`. Here the
// dependency is the repository this folder sits in (`../..`), or the folder CROPREPLAY_PATH
// names when the example is built from a copy elsewhere (CI does that). SwiftPM names a path
// dependency by its folder's name, so that name is worked out below.
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
    name: "CustomBehaviour",
    dependencies: [.package(path: cropReplayPath)],
    targets: [
        // The policy, the curve, the editor and their registrations.
        .target(
            name: "CustomBehaviour", dependencies: [.product(name: "CropReplay", package: cropReplayFolder)]),
        // `swift run custom-cropreplay check --model clamping`: the whole CLI, with them registered.
        .executableTarget(
            name: "custom-cropreplay",
            dependencies: ["CustomBehaviour", .product(name: "CropReplayCLI", package: cropReplayFolder)]),
        // `swift run custom-report [OUT]`: compare and conformance in one go.
        .executableTarget(
            name: "custom-report",
            dependencies: ["CustomBehaviour", .product(name: "CropReplayCLI", package: cropReplayFolder)]),
        .testTarget(
            name: "CustomBehaviourTests",
            dependencies: ["CustomBehaviour", .product(name: "CropReplayTesting", package: cropReplayFolder)]),
    ]
)
