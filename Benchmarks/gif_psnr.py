#!/usr/bin/env python3
"""PSNR of an animated GIF against the frames it was made from.

usage: gif_psnr.py FRAMES_DIR FPS GIF [GIF...]

Two figures:
- quantization: each GIF frame against the source frame it shows (the one starting at or
  within half a centisecond around the GIF frame's start, whichever matches better): the
  colour error alone;
- timeline: each source frame (FRAMES_DIR/*.png, in name order, 1/FPS s apart) against the
  GIF frame on screen at its start time: colour error plus frames a GIF cannot show (a GIF
  shows at most 50 frames per second).
PSNR over all pixels (RGB, peak 255). Needs Pillow and numpy.
"""
import glob
import math
import sys

import numpy as np
from PIL import Image


def gif_frames(path):
    """(start time in seconds, RGB array) of every composed GIF frame."""
    im = Image.open(path)
    out = []
    t = 0.0
    for i in range(im.n_frames):
        im.seek(i)
        out.append((t, np.asarray(im.convert("RGB"), dtype=np.int32)))
        t += im.info.get("duration", 0) / 1000.0
    return out, t


def main():
    frames_dir, fps = sys.argv[1], float(sys.argv[2])
    sources = sorted(glob.glob(frames_dir + "/*.png"))
    for gif in sys.argv[3:]:
        shown, total = gif_frames(gif)
        se = 0.0
        count = 0
        k = 0
        for i, path in enumerate(sources):
            t = i / fps + 1e-9
            while k + 1 < len(shown) and shown[k + 1][0] <= t:
                k += 1
            src = np.asarray(Image.open(path).convert("RGB"), dtype=np.int32)
            d = src - shown[k][1]
            se += float((d * d).sum())
            count += d.size
        timeline = psnr(se / count)
        qse = 0.0
        qcount = 0
        cache = {}

        def source(i):
            i = max(0, min(len(sources) - 1, i))
            if i not in cache:
                cache[i] = np.asarray(Image.open(sources[i]).convert("RGB"), dtype=np.int32)
            return cache[i]

        for t, pixels in shown:
            best = None
            for i in {math.floor(t * fps + 1e-6), math.floor((t + 0.005) * fps), math.floor((t - 0.005) * fps)}:
                d = source(i) - pixels
                e = float((d * d).sum())
                best = e if best is None else min(best, e)
            qse += best
            qcount += pixels.size
        print(
            f"{gif}: {len(shown)} GIF frames, {total:.2f} s, quantization PSNR {psnr(qse / qcount):.2f} dB, "
            f"timeline PSNR {timeline:.2f} dB"
        )


def psnr(mse):
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


if __name__ == "__main__":
    main()
