import CropBitmap
import CropImageIO

/// PNG encoding and decoding of frames and images (libpng underneath).
public enum PNG {
    /// An 8-bit RGB PNG of a rendered frame (compressed hard, as goldens are).
    public static func encode(_ frame: RGBFrame) throws -> [UInt8] { try PNGCodec.encode(frame, .golden) }

    /// An 8-bit RGBA PNG of an image (crops).
    public static func encode(_ image: RGBAImage) throws -> [UInt8] { try PNGCodec.encode(image, .golden) }

    /// Decodes any PNG to 8-bit straight RGBA (16-bit samples keep their high byte).
    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage { try PNGCodec.decode(bytes) }
}
