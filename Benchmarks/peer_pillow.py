#!/usr/bin/env python3
"""Peer pipeline for cropreplay-bench: the same kind of frame rendered with Pillow.

A 1600x1200 test-card-like photo is affine-transformed (bilinear) into a
390x844-point viewport at the given scale, a mask is drawn 4x supersampled and
composited, a border is stroked, and the frame is saved as PNG at compress
level 1. For the check case a saved frame is decoded and compared with numpy.
Prints one JSON object with the best (smallest) milliseconds of n runs, as cropreplay-bench reports its own.
"""
import io, json, sys, time

try:
    from PIL import Image, ImageDraw
    import numpy as np
except ImportError as e:  # the benchmark reports this and goes on without the peer
    print(json.dumps({"error": "missing %s" % e.name}))
    sys.exit(0)


def testcard(w=1600, h=1200):
    x = np.arange(w)[None, :].repeat(h, 0)
    y = np.arange(h)[:, None].repeat(w, 1)
    img = np.zeros((h, w, 3), np.uint8)
    img[..., 0] = x * 255 // (w - 1)
    img[..., 1] = y * 255 // (h - 1)
    img[..., 2] = np.where(((x // 64 + y // 64) % 2) == 0, 200, 80)
    img[(x % 100 == 0) | (y % 100 == 0)] = 255
    return Image.fromarray(img, "RGB")


def render(photo, scale, circle, shift, angle=0.0):
    W, H = 390 * scale, 844 * scale
    k = max(390 / 1600, 844 / 1200) * scale
    ox = (W - 1600 * k) / 2 + shift * scale
    oy = (H - 1200 * k) / 2
    if angle == 0:
        # output pixel -> source: u = (x - ox) / k
        coeffs = (1 / k, 0, -ox / k, 0, 1 / k, -oy / k)
    else:
        # About the image centre (cx, cy) on screen: u = Rot(-a)((x - cx) / k) + (Iw / 2).
        import math
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        cx, cy = ox + 800 * k, oy + 600 * k
        coeffs = (c / k, s / k, 800 - (c * cx + s * cy) / k, -s / k, c / k, 600 - (-s * cx + c * cy) / k)
    frame = photo.transform((W, H), Image.AFFINE, coeffs, resample=Image.BILINEAR)
    fw, fh = (335 * scale, 335 * scale) if circle else (330 * scale, 495 * scale)
    fx, fy = (W - fw) / 2, (H - fh) / 2
    ss = 4
    mask = Image.new("L", (W * ss, H * ss), 204)
    d = ImageDraw.Draw(mask)
    box = [fx * ss, fy * ss, (fx + fw) * ss, (fy + fh) * ss]
    (d.ellipse if circle else d.rectangle)(box, fill=0)
    mask = mask.resize((W, H), Image.BOX)
    black = Image.new("RGB", (W, H), (0, 0, 0))
    frame = Image.composite(black, frame, mask)
    d2 = ImageDraw.Draw(frame)
    (d2.ellipse if circle else d2.rectangle)([fx, fy, fx + fw, fy + fh], outline=(255, 255, 255), width=2 * scale)
    return frame


def best_ms(fn, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return min(times)


def main():
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    photo = testcard()
    out = {"scale": scale}
    for circle in (False, True):
        name = "circle" if circle else "rect"
        out[name + "_render_ms"] = best_ms(lambda: render(photo, scale, circle, 10), n)
        def render_save():
            buf = io.BytesIO()
            render(photo, scale, circle, 10).save(buf, "PNG", compress_level=1)
            return buf
        out[name + "_render_save_ms"] = best_ms(render_save, n)
    saved = io.BytesIO()
    render(photo, scale, False, 10).save(saved, "PNG", compress_level=1)
    data = saved.getvalue()
    actual = np.asarray(render(photo, scale, False, 10))
    def decode_compare():
        golden = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
        diff = np.abs(golden.astype(np.int16) - actual.astype(np.int16)).max(axis=2)
        return int((diff > 0).sum())
    out["decode_compare_ms"] = best_ms(decode_compare, n)
    out["check_ms"] = out["rect_render_ms"] + out["decode_compare_ms"]
    # The same rect frame with the photo turned 10 degrees (bilinear affine + mask + border).
    out["rect_render_angle10_ms"] = best_ms(lambda: render(photo, scale, False, 10, 10.0), n)
    print(json.dumps(out))


main()
