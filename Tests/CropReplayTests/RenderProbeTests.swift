import CropBitmap
import CropEngine
import CropExplore
import CropGeometry
import CropPipeline
import CropRender
import CropScenario
import TestSupport
import XCTest

/// The render probe that the explorer's `render` invariant and the fuzz targets use: its
/// windows and thumbnails are the frame they claim to be, it reports a frame of the wrong
/// size, and every scenario the fuzzers found or were seeded with renders through it.
final class RenderProbeTests: XCTestCase {
    /// An idle record on a 60 x 48 viewport with the 40 x 40 card at k = 1 and whole-point geometry.
    func exactRecord() throws -> (EditorConfig, FrameRecord) {
        let s = try scenario(
            #"{"editor": {"viewport": {"width": 60, "height": 48}, "image": {"testcard": [40, 40]}, "frame": {"size": [30, 24], "resizable": true, "minSize": [6, 6]}, "grid": {"visibility": "always"}, "faces": [[2, 3, 20, 12]]}}"#
        )
        var r = try replay(s).frames[0]
        r.imageRect = Rect(x: 10, y: 4, width: 40, height: 40)
        r.shown = ViewState(k: 1, cx: 30, cy: 24)
        r.box = Rect(x: 15, y: 12, width: 30, height: 24)
        return (s.editor, r)
    }

    func testAWindowIsThatPartOfTheFrame() throws {
        let (editor, record) = try exactRecord()
        let image = PremultipliedImage(Testcard.image(width: 40, height: 40))
        for scale in [1, 2] {
            let c = Compositor(editor: editor, scale: scale)
            let full = c.render(record, image: image, layers: c.layers(for: record))
            for (x, y, w, h) in [(10, 8, 20, 16), (0, 0, 60, 48), (31, 27, 29, 21), (44, 0, 16, 48)] {
                let seen = RenderProbe.window(record, x: Double(x), y: Double(y), width: w, height: h)
                let part = c.render(seen, image: image, layers: c.layers(for: seen))
                XCTAssertEqual(part.width, w * scale)
                XCTAssertEqual(part.height, h * scale)
                for j in 0..<part.height {
                    for i in 0..<part.width where part[i, j] != full[i + x * scale, j + y * scale] {
                        XCTFail("window (\(x), \(y)) at scale \(scale): pixel (\(i), \(j)) differs from the frame's")
                        return
                    }
                }
            }
        }
    }

    func testAThumbnailScalesTheWholeGeometry() throws {
        let (editor, record) = try exactRecord()
        let small = RenderProbe.thumbnail(record, factor: 0.5)
        XCTAssertEqual(small.viewportWidth, 30)
        XCTAssertEqual(small.viewportHeight, 24)
        XCTAssertEqual(small.box, Rect(x: 7.5, y: 6, width: 15, height: 12))
        XCTAssertEqual(small.imageRect, Rect(x: 5, y: 2, width: 20, height: 20))
        XCTAssertEqual(small.k, 0.5)
        let image = PremultipliedImage(Testcard.image(width: 40, height: 40))
        XCTAssertNil(RenderProbe.checkThumbnail(record, editor: editor, factor: 0.5, image: image))
    }

    func testAFrameOfAnotherSizeIsReported() throws {
        let (editor, record) = try exactRecord()
        var broken = record
        broken.viewportWidth = -5  // the compositor draws an empty canvas; the probe expects -5 x 48
        let image = PremultipliedImage(Testcard.image(width: 40, height: 40))
        let problem = try XCTUnwrap(
            RenderProbe.render(broken, editor: editor, scale: 1, image: image, split: 3, place: "frame 0"))
        XCTAssertEqual(problem, "frame 0 renders 0x48 pixels, not the viewport's -5x48")
        broken.viewportWidth = .infinity
        XCTAssertNotNil(RenderProbe.render(broken, editor: editor, scale: 2, image: image, split: 3, place: "frame 0"))
        XCTAssertNil(RenderProbe.render(record, editor: editor, scale: 2, image: image, split: 3, place: "frame 0"))
        // A thumbnail keeps at least one point a side.
        XCTAssertEqual(RenderProbe.thumbnail(broken, factor: 1e-9).viewportHeight, 1)
    }

    /// Every fuzz seed and every scenario kept from a fuzz finding replays (where the engine
    /// can) and renders through windows on every anchor, at several sizes and face sizes.
    func testFuzzSeedsAndFindingsRenderThroughEveryWindow() throws {
        var files: [String] = []
        for folder in [packageRoot + "/Fuzz/seeds", packageRoot + "/Tests/CropReplayTests/Fixtures/fuzz"]
        where FileIO.isDirectory(folder) {
            files += try FileIO.scenarioFiles(folder)
        }
        XCTAssertGreaterThanOrEqual(files.count, 6)
        var rendered = 0
        for path in files {
            let loaded = try LoadedScenario.load(path: path)
            guard let trace = try? loaded.replay() else { continue }  // an engine error is not the renderer's
            let editor = loaded.scenario.editor
            let scale = editor.viewport.scale
            var w = 1600
            var h = 1200
            if case .testcard(let tw, let th) = editor.image {
                w = tw
                h = th
            }
            let image = PremultipliedImage(Testcard.image(width: w, height: h))
            let picks = Set([0, trace.frames.count / 2, trace.frames.count - 1])
            for n in picks where trace.frames[n].imageIndex == 0 {
                let f = trace.frames[n]
                XCTAssertNil(RenderProbe.checkThumbnail(f, editor: editor, factor: 0.125, image: image), path)
                for anchor in 0..<RenderProbe.anchorCount {
                    for (size, faces) in [(8, anchor), (30, anchor + 2)] {
                        var window = RenderProbe.Window(anchor: anchor, width: size, height: size + 3)
                        window.faceSize = faces
                        window.split = size / 2
                        XCTAssertNil(
                            RenderProbe.check(f, editor: editor, scale: scale, image: image, window: window), path)
                        rendered += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(rendered, 100)
    }

    /// The explorer's render invariant runs on its own and renders clean on every preset.
    func testTheExplorerRendersASampleOfItsFrames() throws {
        for preset in Preset.all.map(\.name) {
            var config = Explorer.Config(preset: preset, policy: nil, count: 8, seed: 11)
            config.invariants = [.render]
            let summary = try Explorer.run(config)
            XCTAssertEqual(summary.findings.count, 0, "\(preset): \(summary.findings.first?.violation ?? "")")
            XCTAssertEqual(summary.tallies[.render]?.scripts, 8)
            XCTAssertGreaterThan(summary.frames, 50, preset)
        }
    }
}
