// swift-tools-version:6.0
// CropReplay: a headless gesture-replay simulation engine for photo-crop editors.
// The targets follow the data pipeline, each depending only on those before it:
// CropGeometry -> CropScenario -> CropEngine -> CropRender -> CropImageIO -> CropGoldens -> CropCLI.
import PackageDescription

let package = Package(
    name: "CropReplay",
    products: [
        .executable(name: "cropreplay", targets: ["cropreplay"]),
        .library(name: "CropReplay", targets: ["CropReplay"]),
        .library(name: "CropReplayTesting", targets: ["CropReplayTesting"]),
    ],
    targets: [
        // libpng from the system (Debian: libpng-dev, Homebrew: libpng), found by pkg-config.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // The only code that includes png.h: a C shim that keeps libpng's setjmp/longjmp
        // error handling inside C and reports errors as return codes and messages.
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        // rounded() calls libm's floor/ceil/round (exact operations); link libm explicitly.
        .target(name: "CropGeometry", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "CropScenario", dependencies: ["CropGeometry"]),
        .target(name: "CropEngine", dependencies: ["CropGeometry", "CropScenario"]),
        .target(name: "CropRender", dependencies: ["CropGeometry", "CropScenario", "CropEngine"]),
        .target(name: "CropImageIO", dependencies: ["CropRender", "CPNGShim"]),
        .target(name: "CropGoldens", dependencies: ["CropScenario", "CropEngine", "CropRender", "CropImageIO"]),
        // The public library: replay and verify from Swift; and assertions for test suites.
        .target(name: "CropReplay", dependencies: ["CropGeometry", "CropScenario", "CropEngine", "CropRender", "CropGoldens"]),
        .target(name: "CropReplayTesting", dependencies: ["CropReplay"]),
        .target(name: "CropCLI", dependencies: ["CropScenario", "CropEngine", "CropRender", "CropImageIO", "CropGoldens"]),
        .executableTarget(name: "cropreplay", dependencies: ["CropCLI"]),
        .executableTarget(name: "cropreplay-bench", dependencies: ["CropCLI", "CropGoldens", "CropRender", "CropImageIO", "CropEngine", "CropScenario"]),
        // libFuzzer entry points (Fuzz/run.sh builds them with -sanitize=fuzzer -DFUZZING). Their
        // traps are deliberate: a crash is how a fuzz harness reports a broken invariant.
        .executableTarget(name: "cropreplay-fuzz", dependencies: ["CropScenario", "CropEngine", "CropRender", "CropImageIO"],
                          path: "Fuzz/Harness"),
        .target(name: "TestSupport", dependencies: ["CropScenario", "CropEngine", "CropRender", "CropImageIO", "CropGoldens", "CropCLI"], path: "Tests/TestSupport"),
        // Uses only the public API, as a client package would.
        .testTarget(name: "CropReplayAPITests", dependencies: ["CropReplayTesting"]),
        .testTarget(name: "CropReplayTests", dependencies: ["TestSupport", "CropGeometry", "CropScenario", "CropEngine", "CropRender", "CropImageIO", "CropGoldens", "CropCLI"]),
    ]
)
