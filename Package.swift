// swift-tools-version:6.0
// CropReplay: a headless gesture-replay simulation engine for photo-crop editors.
//
// The targets follow the data pipeline; each depends only on targets above it:
//
//   CCropKernels                            per-pixel C kernels (fast in debug builds)
//   CropGeometry, CropJSON, CropBitmap      values, JSON, bitmaps
//   CropScenario                            scenario model, decoding, presets, schema
//   CropEngine                              timeline, recognizers, policies, the pure reducer, traces
//   CropReplayEngine                        the product for apps: CropGeometry, CropJSON, CropScenario
//                                                 and CropEngine re-exported (no files, no C library)
//   CropRender                              compositor: a frame record + an image -> pixels
//   CropImageIO (+ C shims for libpng,      PNG and JPEG decoding, PNG, APNG, GIF and WebP
//     libjpeg-turbo, libdeflate, libwebp)         encoding (bitmaps only)
//   CSignalCleanup                          temporary files removed on an interrupting signal
//   CropPipeline                            files, loading, render sessions, `run` outputs
//   CropGoldens, CropCompare, CropExplore   check/record, policy comparison, invariant explorer
//   CropConformance                         a user's editor model against the reference, script by script
//   CropImport                              recorded touches (CDP, WebDriver, getevent, app sessions) into scenarios
//   CropFit                                 an app's recorded frames against the model; fitting its parameters
//   CropHTTP, CropPlay                      a minimal HTTP/1.1 server; the live playground on it
//   CropReview                              `review`: accepting check's failures from a local page
//   CropReplayCLI -> cropreplay             the command line
//   CropReplay -> CropReplayTesting         the public library (re-exports CropReplayEngine), test assertions
//                                                 and exploration (CropExplore)
import PackageDescription

let package = Package(
    name: "CropReplay",
    products: [
        .executable(name: "cropreplay", targets: ["cropreplay"]),
        .library(name: "CropReplayEngine", targets: ["CropReplayEngine"]),
        .library(name: "CropReplay", targets: ["CropReplay"]),
        .library(name: "CropReplayTesting", targets: ["CropReplayTesting"]),
        // The command line as a library: your own executable runs it with your policies and
        // curves registered (`CropReplayCommand.main(registering:)`).
        .library(name: "CropReplayCLI", targets: ["CropReplayCLI"]),
        // `swift package cropreplay check|record|run|compare|explore ...` in a package that
        // depends on CropReplay (docs/goldens.md#the-swiftpm-plugin).
        .plugin(name: "CropReplayPlugin", targets: ["CropReplayPlugin"]),
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
        // libjpeg-turbo from the system (Debian: libjpeg62-turbo-dev, Homebrew: jpeg-turbo),
        // found by pkg-config: camera photos are JPEG.
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // The only code that includes jpeglib.h: setjmp/longjmp stay inside C.
        .target(name: "CJPEGShim", dependencies: ["CLibJPEG"]),
        // libdeflate from the system (Debian: libdeflate-dev, Homebrew: libdeflate), found by
        // pkg-config: deflate for animations, sheets and crops (its level 7 is 2-3% smaller than
        // zlib's level 6 and faster), the golden decoder's inflate and CRC-32, built optimised.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // The only code that includes libdeflate.h: whole-buffer calls with return codes.
        .target(name: "CDeflateShim", dependencies: ["CLibDeflate"]),
        // libwebp from the system (Debian: libwebp-dev, Homebrew: webp), found by pkg-config:
        // animated WebP (libwebpmux's animation encoder; libwebpdemux's decoder reads it back),
        // a fraction of an APNG's size and played inline by GitHub and browsers.
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // The only code that includes the webp headers: whole-frame calls with return codes.
        // libwebpdemux (same package, same folder as libwebpmux) is linked by name.
        .target(name: "CWebPShim", dependencies: ["CLibWebP"], linkerSettings: [.linkedLibrary("webpdemux")]),
        // rounded() calls libm's floor/ceil/round (exact operations); link libm explicitly.
        .target(
            name: "CropGeometry",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "CropJSON"),
        // The compositor's per-pixel kernels in C: fast in debug builds too (see crop_kernels.h).
        .target(name: "CCropKernels"),
        .target(name: "CropBitmap", dependencies: ["CCropKernels"]),
        .target(name: "CropScenario", dependencies: ["CropGeometry", "CropJSON"]),
        .target(name: "CropEngine", dependencies: ["CropGeometry", "CropJSON", "CropScenario"]),
        .target(
            name: "CropRender",
            dependencies: ["CropGeometry", "CropScenario", "CropEngine", "CropBitmap", "CCropKernels"]
        ),
        .target(
            name: "CropImageIO",
            dependencies: ["CropBitmap", "CPNGShim", "CJPEGShim", "CDeflateShim", "CWebPShim", "CCropKernels"]
        ),
        // Removal of temporary files and staged folders on SIGINT/SIGTERM/SIGHUP: a C signal
        // handler over a static table, so it does only async-signal-safe work.
        .target(name: "CSignalCleanup"),
        .target(
            name: "CropPipeline",
            dependencies: [
                "CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender",
                "CropImageIO", "CSignalCleanup",
            ]
        ),
        .target(
            name: "CropGoldens",
            dependencies: [
                "CCropKernels", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender", "CropImageIO",
                "CropPipeline",
            ]
        ),
        .target(
            name: "CropCompare",
            dependencies: [
                "CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender",
                "CropImageIO", "CropPipeline",
            ]
        ),
        // A small HTTP/1.1 server of the project's own (no package registry is reachable): the playground's.
        .target(name: "CropHTTP", dependencies: ["CropJSON"]),
        .target(
            name: "CropPlay",
            dependencies: [
                "CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender", "CropImageIO",
                "CropPipeline", "CropImport", "CropHTTP",
            ]
        ),
        // `review`: check's failures on the local server, accepted (recorded) or skipped one by one.
        .target(
            name: "CropReview",
            dependencies: ["CropJSON", "CropScenario", "CropPipeline", "CropGoldens", "CropHTTP"]
        ),
        // Recorded touches (CDP, WebDriver, getevent) into scenarios.
        .target(name: "CropImport", dependencies: ["CropGeometry", "CropJSON", "CropScenario"]),
        // A real app's recorded frames against the model (`conform --trace`), and the search for
        // the editor parameters that reproduce them (`fit`).
        .target(
            name: "CropFit",
            dependencies: [
                "CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropPipeline", "CropGoldens", "CropImport",
            ]
        ),
        .target(
            name: "CropExplore",
            dependencies: ["CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender"]
        ),
        // A user's editor model against the reference model on the same scripts (`conform`).
        .target(
            name: "CropConformance",
            dependencies: ["CropJSON", "CropScenario", "CropEngine", "CropPipeline", "CropGoldens"]
        ),
        .target(
            name: "CropReplayCLI",
            dependencies: [
                "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender", "CropImageIO",
                "CropPipeline", "CropGoldens", "CropCompare", "CropExplore", "CropImport", "CropHTTP", "CropPlay",
                "CropConformance", "CropFit", "CropReview",
            ]
        ),
        .executableTarget(name: "cropreplay", dependencies: ["CropReplayCLI"]),
        // Runs the package's own command line (an executable using CropReplayCLI) or cropreplay
        // in the package's folder; writing goldens needs --allow-writing-to-package-directory.
        .plugin(
            name: "CropReplayPlugin",
            capability: .command(
                intent: .custom(
                    verb: "cropreplay",
                    description: "Run cropreplay (check, record, run, compare, explore, ...) in this package"),
                permissions: [
                    .writeToPackageDirectory(reason: "record writes goldens; run, compare and explore write outputs")
                ]
            )
        ),
        // The engine product for apps: no file access, no system library (see docs/app.md).
        .target(name: "CropReplayEngine", dependencies: ["CropGeometry", "CropJSON", "CropScenario", "CropEngine"]),
        // The public library: a curated surface (see Sources/CropReplay/Exports.swift).
        .target(
            name: "CropReplay",
            dependencies: [
                "CropReplayEngine", "CropGeometry", "CropScenario", "CropEngine", "CropBitmap", "CropImageIO",
                "CropPipeline", "CropGoldens", "CropFit",
            ]
        ),
        .target(name: "CropReplayTesting", dependencies: ["CropReplay", "CropExplore"]),
        .executableTarget(
            name: "cropreplay-bench",
            dependencies: [
                "CCropKernels", "CropReplayCLI", "CropPipeline", "CropGoldens", "CropRender", "CropImageIO",
                "CropEngine", "CropScenario", "CropBitmap", "CropHTTP", "CropPlay", "CropCompare", "CropFit",
            ]
        ),
        // libFuzzer entry points (Fuzz/run.sh builds them with -sanitize=fuzzer -DFUZZING). Their
        // traps are deliberate: a crash is how a fuzz harness reports a broken invariant.
        .executableTarget(
            name: "cropreplay-fuzz",
            dependencies: [
                "CropImport", "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender", "CropImageIO",
                "CropPipeline", "CropExplore", "CropHTTP", "CropPlay", "CropGoldens", "CropReview",
            ],
            path: "Fuzz/Harness"
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "CropJSON", "CropScenario", "CropEngine", "CropBitmap", "CropRender", "CropImageIO",
                "CropPipeline", "CropGoldens", "CropExplore", "CropReplayCLI",
            ],
            path: "Tests/TestSupport"
        ),
        // Uses only the public API, as a client package would.
        .testTarget(name: "CropReplayAPITests", dependencies: ["CropReplayTesting"], exclude: ["PublicAPI.txt"]),
        .testTarget(
            name: "CropReplayTests",
            dependencies: [
                "TestSupport", "CCropKernels", "CropGeometry", "CropJSON", "CropScenario", "CropEngine", "CropBitmap",
                "CropRender", "CropImageIO", "CropPipeline", "CropGoldens", "CropCompare", "CropExplore",
                "CropReplayCLI", "CropImport", "CropHTTP", "CropPlay", "CropConformance", "CropFit",
                "CropReview",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
