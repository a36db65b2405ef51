#!/usr/bin/env python3
"""Generates the JPEG fixtures (committed; re-run only to change them). Needs Pillow.

upright.png: the picture every orientation must show, 48x32, four flat quadrants (red
top-left, green top-right, blue bottom-left, white bottom-right) on 16-pixel blocks, so
JPEG decoding keeps each quadrant's colour within a few levels whatever the codec.
orientation-N.jpg: the picture stored as a camera with EXIF orientation N would store it.
Also: progressive.jpg, grey.jpg, truncated.jpg (the first half of orientation-1.jpg).
"""
from PIL import Image

W, H = 48, 32
up = Image.new("RGB", (W, H))
for y in range(H):
    for x in range(W):
        left, top = x < W // 2, y < H // 2
        up.putpixel((x, y), (255, 0, 0) if left and top else (0, 255, 0) if top else (0, 0, 255) if left else (255, 255, 255))
up.save("upright.png")

# The transform from the upright picture to the stored pixels: the inverse of the one the
# orientation asks a viewer to apply (PIL's ROTATE_90 turns counter-clockwise).
T = Image.Transpose
store = {
    1: None,
    2: T.FLIP_LEFT_RIGHT,
    3: T.ROTATE_180,
    4: T.FLIP_TOP_BOTTOM,
    5: T.TRANSPOSE,
    6: T.ROTATE_90,
    7: T.TRANSVERSE,
    8: T.ROTATE_270,
}
for n, t in store.items():
    img = up if t is None else up.transpose(t)
    exif = Image.Exif()
    exif[0x0112] = n
    img.save(f"orientation-{n}.jpg", quality=95, exif=exif.tobytes(), subsampling=0)

up.save("progressive.jpg", quality=90, progressive=True)
up.convert("L").save("grey.jpg", quality=95)
data = open("orientation-1.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])
