import CropBitmap
import CropEngine

/// An image seen through an orientation (docs/behaviour.md, "View state and mapping"): oriented pixel (i, j)
/// is source pixel `origin + i * dx + j * dy`. Nothing is copied or resampled; samplers and crops read the
/// source through this map.
package struct OrientedImage: Sendable {
    package let source: PremultipliedImage
    package let orientation: ImageOrientation
    package let width: Int
    package let height: Int
    package let origin: Int
    package let dx: Int
    package let dy: Int

    package init(_ source: PremultipliedImage, orientation: ImageOrientation) {
        self.source = source
        self.orientation = orientation
        (width, height) = orientation.size(width: source.width, height: source.height)
        (origin, dx, dy) = orientation.sourceMap(width: source.width, height: source.height)
    }

    package var isIdentity: Bool { orientation == .identity }
    package var isOpaque: Bool { source.isOpaque }

    /// The source pixel index of oriented pixel (i, j).
    @inline(__always)
    package func index(_ i: Int, _ j: Int) -> Int { origin &+ i &* dx &+ j &* dy }
}
