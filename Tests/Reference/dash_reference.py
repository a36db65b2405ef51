"""An independent reference for dashed borders (docs/behaviour.md, "Rendering").

Builds each border's dash pieces as polygons from the rules' words (a straight side's dash is
its band's full width between the dash ends, an arc's dash is the annular sector between the
radii through its ends, a sharp corner's mitre square is filled when the dash runs through
it), unions them with shapely (arcs as 0.001-radian polylines), and compares every pixel's
exact area with the coverage CropReplay computed. Usage: dash_reference.py CASES.json, where
the file holds {"cases": [...], "coverage": [[[x, y, c], ...], ...]}; prints the worst error
and exits 1 when any pixel is off by more than 1/255.
"""
import json
import math
import sys

from shapely.geometry import Polygon, box
from shapely.ops import unary_union

STEP = 0.001  # radians between the vertices of an arc


def pattern(dash):
    return dash + dash if len(dash) % 2 else dash


def on_stretches(d, length):
    out, pos, i = [], 0.0, 0
    while pos < length:
        end = pos + d[i]
        if i % 2 == 0 and d[i] > 0:
            out.append((pos, min(end, length)))
        pos, i = end, (i + 1) % len(d)
    return out


def is_on(d, s):
    period = sum(d)
    m = s - math.floor(s / period) * period
    for i, l in enumerate(d):
        if m < l:
            return i % 2 == 0
        m -= l
    return False


def arc_points(cx, cy, r, a, b):
    n = max(2, int(math.ceil((b - a) / STEP)) + 1)
    return [(cx + r * math.cos(a + (b - a) * k / (n - 1)), cy + r * math.sin(a + (b - a) * k / (n - 1))) for k in range(n)]


def sector(cx, cy, r_in, r_out, a, b):
    outer = arc_points(cx, cy, r_out, a, b)
    inner = list(reversed(arc_points(cx, cy, r_in, a, b))) if r_in > 0 else [(cx, cy)]
    return Polygon(outer + inner)


def rounded_rect(x, y, w, h, r):
    if r <= 0:
        return box(x, y, x + w, y + h)
    pts = []
    for cx, cy, a in [(x + w - r, y + r, -math.pi / 2), (x + w - r, y + h - r, 0), (x + r, y + h - r, math.pi / 2), (x + r, y + r, math.pi)]:
        pts += arc_points(cx, cy, r, a, a + math.pi / 2)
    return Polygon(pts)


def pieces(c):
    s = c["scale"]
    w = c["width"] * s
    hw = w / 2
    x, y, fw, fh = (v * s for v in c["rect"])
    off = {"inside": -hw, "outside": hw, "center": 0}[c["position"]]
    d = pattern([v * s for v in c["dash"]])
    out = []
    if c["shape"] == "circle":
        r = min(fw, fh) / 2 + off
        if r <= 0:
            return None
        for a, b in on_stretches(d, 2 * math.pi * r):
            t = a / r
            while t < b / r:
                e = min(b / r, t + math.pi / 2)
                out.append(sector(x + fw / 2, y + fh / 2, max(0, r - hw), r + hw, t, e))
                t = e
        return out
    r0 = min(c["radius"] * s, fw / 2, fh / 2) if c["shape"] == "roundedRect" else 0
    x0, y0, cw, ch = x - off, y - off, fw + 2 * off, fh + 2 * off
    if cw <= 0 or ch <= 0:
        return None
    rc = max(0, r0 + off) if c["shape"] == "roundedRect" else 0
    x1, y1 = x0 + cw, y0 + ch
    sw, sh, q = cw - 2 * rc, ch - 2 * rc, math.pi / 2 * rc
    length = 2 * sw + 2 * sh + 4 * q
    stretches = on_stretches(d, length)
    s_top, s_right = 0, sw + q
    s_bottom = s_right + sh + q
    s_left = s_bottom + sw + q

    def within(lo, hi):
        return [(max(a, lo) - lo, min(b, hi) - lo) for a, b in stretches if min(b, hi) > max(a, lo)]

    out += [box(x0 + rc + a, y0 - hw, x0 + rc + b, y0 + hw) for a, b in within(s_top, s_top + sw)]
    out += [box(x1 - hw, y0 + rc + a, x1 + hw, y0 + rc + b) for a, b in within(s_right, s_right + sh)]
    out += [box(x1 - rc - b, y1 - hw, x1 - rc - a, y1 + hw) for a, b in within(s_bottom, s_bottom + sw)]
    out += [box(x0 - hw, y1 - rc - b, x0 + hw, y1 - rc - a) for a, b in within(s_left, s_left + sh)]
    if rc > 0:
        corners = [(x1 - rc, y0 + rc, -math.pi / 2, sw), (x1 - rc, y1 - rc, 0, s_right + sh),
                   (x0 + rc, y1 - rc, math.pi / 2, s_bottom + sw), (x0 + rc, y0 + rc, math.pi, s_left + sh)]
        for cx, cy, a0, s0 in corners:
            for a, b in within(s0, s0 + q):
                out.append(sector(cx, cy, max(0, rc - hw), rc + hw, a0 + a / rc, a0 + b / rc))
        return out
    eps = 1e-9

    def through(v):
        return is_on(d, v - eps) and is_on(d, v + eps)

    # The stroke's outer outline clips the mitres (it is rounded when the box is).
    outer_r = r0 + {"inside": 0, "outside": w, "center": hw}[c["position"]] if c["shape"] == "roundedRect" else 0
    outline = rounded_rect(x0 - hw, y0 - hw, cw + w, ch + w, outer_r)
    mitres = []
    if through(sw):
        mitres.append(box(x1, y0 - hw, x1 + hw, y0))
    if through(sw + sh):
        mitres.append(box(x1, y1, x1 + hw, y1 + hw))
    if through(2 * sw + sh):
        mitres.append(box(x0 - hw, y1, x0, y1 + hw))
    if is_on(d, 0) and is_on(d, length - eps):
        mitres.append(box(x0 - hw, y0 - hw, x0, y0))
    return out + [m.intersection(outline) for m in mitres]


def main():
    data = json.load(open(sys.argv[1]))
    worst = 0.0
    where = None
    for index, (case, got) in enumerate(zip(data["cases"], data["coverage"])):
        parts = pieces(case)
        if parts is None:
            continue
        union = unary_union(parts)
        values = {(int(x), int(y)): v for x, y, v in got}
        keys = set(values)
        if not union.is_empty:
            minx, miny, maxx, maxy = union.bounds
            for py in range(max(0, math.floor(miny)), min(case["canvas"][1], math.ceil(maxy))):
                for px in range(max(0, math.floor(minx)), min(case["canvas"][0], math.ceil(maxx))):
                    keys.add((px, py))
        for px, py in keys:
            exact = union.intersection(box(px, py, px + 1, py + 1)).area
            err = abs(exact - values.get((px, py), 0))
            if err > worst:
                worst, where = err, (index, px, py, exact, values.get((px, py), 0))
    print("worst pixel error %.7f (%.4f levels) at %s" % (worst, worst * 255, where))
    sys.exit(1 if worst > 1 / 255 else 0)


main()
