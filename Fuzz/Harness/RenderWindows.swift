import CropBitmap
import CropEngine
import CropExplore
import CropRender
import CropScenario

// Rendering for the fuzz targets: a few frames of a replayed trace through RenderProbe's
// small windows past every edge (the explorer's render sample uses the same probe), and
// the first crops cut from the image.

/// Test card images by size, plain and premultiplied (building a 1600 x 1200 card per input
/// would dominate the time).
nonisolated(unsafe) var testcards: [Int: (RGBAImage, PremultipliedImage)] = [:]

func testcard(width: Int, height: Int) -> (plain: RGBAImage, premultiplied: PremultipliedImage)? {
    guard width >= 1, height >= 1, width <= 16384, height <= 16384, width * height <= 4_000_000 else { return nil }
    let key = width << 20 | height
    if let image = testcards[key] { return image }
    if testcards.count > 16 { testcards.removeAll() }
    // The card needs two pixels a side; a one-pixel image (a loaded crop) is flat grey.
    let plain =
        width >= 2 && height >= 2
        ? Testcard.image(width: width, height: height)
        : RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 128, count: width * height * 4))
    let image = (plain, PremultipliedImage(plain))
    testcards[key] = image
    return image
}

/// Renders two frames of `trace` (the first, the last or the first touching one, and one
/// chosen) through two windows each (RenderProbe: faces around every window edge, handles and a
/// grid), and cuts the first crops; any problem RenderProbe reports is a crash.
func renderWindows(_ scenario: Scenario, trace: Trace, imageWidth: Int, imageHeight: Int, choices: inout ByteChoices) {
    guard !trace.frames.isEmpty else { return }
    let scale = scenario.editor.viewport.scale
    var picks = [choices.int(2) == 0 ? 0 : trace.frames.count - 1, choices.int(trace.frames.count)]
    if let touching = trace.frames.firstIndex(where: \.isTouching), choices.int(2) == 0 { picks[0] = touching }
    for n in picks {
        let record = trace.frames[n]
        var size = (imageWidth, imageHeight)
        if record.imageIndex > 0, let crop = trace.crops.first(where: { $0.loadsAsImageIndex == record.imageIndex }) {
            size = (crop.width, crop.height)
        }
        guard let image = testcard(width: size.0, height: size.1)?.premultiplied else { continue }
        for _ in 0..<2 {
            var w = RenderProbe.Window(
                anchor: choices.int(RenderProbe.anchorCount), width: 4 + choices.int(44), height: 4 + choices.int(44))
            w.dx = Double(choices.int(17)) / 2 - 4
            w.dy = Double(choices.int(17)) / 2 - 4
            w.handles = choices.int(4) != 0
            w.grid =
                choices.int(4) == 0 ? nil : GridSpec(lines: 1 + choices.int(4), width: [1, 0.5, 3, 40][choices.int(4)])
            w.faceSize = choices.int(5)
            w.split = choices.int(w.height * scale + 1)
            if let problem = RenderProbe.check(record, editor: scenario.editor, scale: scale, image: image, window: w) {
                fatalError(problem)
            }
        }
    }
    // A thumbnail of one frame (the image need not be that frame's: any image must render).
    if choices.int(4) == 0, let image = testcard(width: imageWidth, height: imageHeight)?.premultiplied,
        let problem = RenderProbe.checkThumbnail(
            trace.frames[picks[1]], editor: scenario.editor, factor: 0.125, image: image)
    {
        fatalError(problem)
    }
    // Crops, when small enough to cut on every input.
    // (The pipeline refuses crops beyond the image limits before cutting them; so does this.)
    for crop in trace.crops.prefix(2)
    where crop.width <= 16384 && crop.height <= 16384 && crop.width * crop.height <= 250_000 {
        var source = (imageWidth, imageHeight)
        if crop.sourceImageIndex > 0,
            let from = trace.crops.first(where: { $0.loadsAsImageIndex == crop.sourceImageIndex })
        {
            source = (from.width, from.height)
        }
        guard let image = testcard(width: source.0, height: source.1)?.plain else { continue }
        let cut = CropPixels.cut(image, crop: crop)
        precondition(
            cut.width == crop.width && cut.height == crop.height && cut.pixels.count == cut.width * cut.height * 4)
    }
}

/// Choices read from the fuzzer's bytes, one or more bytes each; 0 once the bytes run out,
/// so every input is a finite, deterministic sequence of decisions.
struct ByteChoices {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var exhausted: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    /// A choice in 0 ..< n (n >= 1): one byte for n <= 256, two otherwise.
    mutating func int(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        if n <= 256 { return Int(byte()) % n }
        return (Int(byte()) << 8 | Int(byte())) % n
    }

    /// A number in [lo, hi] from four bytes.
    mutating func number(_ lo: Double, _ hi: Double) -> Double {
        var bits: UInt32 = 0
        for _ in 0..<4 { bits = bits << 8 | UInt32(byte()) }
        return lo + (hi - lo) * Double(bits) / Double(UInt32.max)
    }
}
