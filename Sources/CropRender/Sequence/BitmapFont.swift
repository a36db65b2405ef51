import CropBitmap

/// A 5x7 bitmap font for labels on contact sheets and comparisons: digits,
/// upper-case letters and a little punctuation; lower case is drawn upper case, except an
/// `s` right after a digit (seconds: `0.20s`), which has its own small glyph.
package enum BitmapFont {
    package static let glyphWidth = 5, glyphHeight = 7, advance = 6

    /// Rows top to bottom, 5 bits each (bit 4 = leftmost column).
    static let glyphs: [Character: [UInt8]] = [
        "0": [14, 17, 19, 21, 25, 17, 14], "1": [4, 12, 4, 4, 4, 4, 14], "2": [14, 17, 1, 2, 4, 8, 31],
        "3": [31, 2, 4, 2, 1, 17, 14], "4": [2, 6, 10, 18, 31, 2, 2], "5": [31, 16, 30, 1, 1, 17, 14],
        "6": [6, 8, 16, 30, 17, 17, 14], "7": [31, 1, 2, 4, 8, 8, 8], "8": [14, 17, 17, 14, 17, 17, 14],
        "9": [14, 17, 17, 15, 1, 2, 12],
        "A": [14, 17, 17, 31, 17, 17, 17], "B": [30, 17, 17, 30, 17, 17, 30], "C": [14, 17, 16, 16, 16, 17, 14],
        "D": [28, 18, 17, 17, 17, 18, 28], "E": [31, 16, 16, 30, 16, 16, 31], "F": [31, 16, 16, 30, 16, 16, 16],
        "G": [14, 17, 16, 23, 17, 17, 15], "H": [17, 17, 17, 31, 17, 17, 17], "I": [14, 4, 4, 4, 4, 4, 14],
        "J": [7, 2, 2, 2, 2, 18, 12], "K": [17, 18, 20, 24, 20, 18, 17], "L": [16, 16, 16, 16, 16, 16, 31],
        "M": [17, 27, 21, 21, 17, 17, 17], "N": [17, 17, 25, 21, 19, 17, 17], "O": [14, 17, 17, 17, 17, 17, 14],
        "P": [30, 17, 17, 30, 16, 16, 16], "Q": [14, 17, 17, 17, 21, 18, 13], "R": [30, 17, 17, 30, 20, 18, 17],
        "S": [15, 16, 16, 14, 1, 1, 30], "T": [31, 4, 4, 4, 4, 4, 4], "U": [17, 17, 17, 17, 17, 17, 14],
        "V": [17, 17, 17, 17, 17, 10, 4], "W": [17, 17, 17, 21, 21, 21, 10], "X": [17, 17, 10, 4, 10, 17, 17],
        "Y": [17, 17, 17, 10, 4, 4, 4], "Z": [31, 1, 2, 4, 8, 16, 31],
        ".": [0, 0, 0, 0, 0, 12, 12], ":": [0, 12, 12, 0, 12, 12, 0], "-": [0, 0, 0, 31, 0, 0, 0],
        "/": [1, 1, 2, 4, 8, 16, 16], "#": [10, 10, 31, 10, 31, 10, 10], "=": [0, 0, 31, 0, 31, 0, 0],
        "(": [2, 4, 8, 8, 8, 4, 2], ")": [8, 4, 2, 2, 2, 4, 8], "%": [24, 25, 2, 4, 8, 19, 3],
        "+": [0, 4, 4, 31, 4, 4, 0],
        "_": [0, 0, 0, 0, 0, 0, 31], ",": [0, 0, 0, 0, 12, 4, 8], "s": [0, 0, 15, 16, 14, 1, 30],
    ]

    /// Width in pixels of `text` at integer `size`.
    package static func width(_ text: String, size: Int = 1) -> Int { text.count * advance * size }

    /// Draws `text` with its top-left at (x, y), clipped to the frame.
    package static func draw(
        _ text: String, x: Int, y: Int, size: Int = 1, color: (UInt8, UInt8, UInt8), into f: inout RGBFrame
    ) {
        var cx = x
        var previous: Character = " "
        for original in text {
            let ch = original == "s" && previous.isNumber ? original : Character(original.uppercased())
            previous = original
            if let rows = glyphs[ch] {
                for (r, bits) in rows.enumerated() {
                    for c in 0..<glyphWidth where bits & (16 >> UInt8(c)) != 0 {
                        for dy in 0..<size {
                            for dx in 0..<size {
                                let px = cx + c * size + dx
                                let py = y + r * size + dy
                                if px >= 0 && py >= 0 && px < f.width && py < f.height {
                                    let i = (py * f.width + px) * 3
                                    f.pixels[i] = color.0
                                    f.pixels[i + 1] = color.1
                                    f.pixels[i + 2] = color.2
                                }
                            }
                        }
                    }
                }
            }
            cx += advance * size
        }
    }
}
