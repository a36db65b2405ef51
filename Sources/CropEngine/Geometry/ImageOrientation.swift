import CropGeometry

/// The orientation of the shown image (docs/behaviour.md, "View state and mapping"): mirrored left-right if
/// `mirrored`, then turned clockwise `turns` times. The oriented image is an exact pixel permutation of the
/// source; nothing is resampled.
public struct ImageOrientation: Equatable, Hashable, Sendable {
    /// Clockwise quarter turns, 0...3: any number of turns is kept modulo 4 (`turns -= 1` from
    /// 0 gives 3), so no orientation outside 0...3 exists.
    public var turns: Int {
        get { quarterTurns }
        set { quarterTurns = ((newValue % 4) + 4) % 4 }
    }
    /// The photo mirrored left-right, before the turns.
    public var mirrored: Bool
    private var quarterTurns: Int

    /// An orientation of `turns` clockwise quarter turns (taken modulo 4) and an optional mirror.
    public init(turns: Int = 0, mirrored: Bool = false) {
        quarterTurns = ((turns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    package static let identity = ImageOrientation()

    /// The oriented size of a `width` x `height` source.
    package func size(width: Int, height: Int) -> (width: Int, height: Int) {
        turns % 2 == 0 ? (width, height) : (height, width)
    }

    /// One more quarter turn, clockwise or not.
    package func turned(clockwise: Bool) -> ImageOrientation {
        ImageOrientation(turns: turns + (clockwise ? 1 : 3), mirrored: mirrored)
    }

    /// The picture mirrored about a vertical line (horizontal flip) or a horizontal one.
    package func flipped(horizontal: Bool) -> ImageOrientation {
        ImageOrientation(turns: horizontal ? (4 - turns) % 4 : (6 - turns) % 4, mirrored: !mirrored)
    }

    /// Where oriented pixel (i, j) lies in a `width` x `height` source, as an affine map of pixel
    /// indices: source index = origin + i * dx + j * dy (row-major, in pixels).
    package func sourceMap(width w: Int, height h: Int) -> (origin: Int, dx: Int, dy: Int) {
        // Source pixel (x, y) = A(i, j) built by undoing the turns, then the mirror.
        // Start from the oriented pixel and walk back: each clockwise turn maps (x, y) of a
        // W x H image to (H-1-y, x), so its inverse maps (i, j) to (j, H'-1-i) where H' is the
        // height before the turn.
        var ox = 0
        var oy = 0  // source coordinates of oriented (0, 0)
        var ix = 1
        var iy = 0  // source step for i + 1
        var jx = 0
        var jy = 1  // source step for j + 1
        // Sizes of the image before each turn, from the source up.
        var sizes: [(Int, Int)] = [(w, h)]
        var current = (w, h)
        for _ in 0..<turns {
            current = (current.1, current.0)
            sizes.append(current)
        }
        // Undo the turns, last first: oriented (x, y) in a W' x H' image came from (y, W'-1-x)
        // of the image before the turn (W = H', H = W').
        for step in stride(from: turns, to: 0, by: -1) {
            let (wAfter, _) = sizes[step]
            // (x, y) -> (y, wAfter - 1 - x)
            (ox, oy) = (oy, wAfter - 1 - ox)
            (ix, iy) = (iy, -ix)
            (jx, jy) = (jy, -jx)
        }
        if mirrored {
            ox = w - 1 - ox
            ix = -ix
            jx = -jx
        }
        return (oy * w + ox, iy * w + ix, jy * w + jx)
    }
}
