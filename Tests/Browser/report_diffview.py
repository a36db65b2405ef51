#!/usr/bin/env python3
"""Drives the diff view of `check --artifacts`'s report.html in headless Chromium over the
DevTools protocol (the launcher and CDP client of playground_cdp.py).

    report_diffview.py PAGE CHROMIUM OUTDIR

On the first diff view: keys E (expected), A (actual), left/right (the split, shift for 1%),
B (blink, twice), and a real mouse click on the slider. Screenshots of the overlaid images
go to OUTDIR/*.png and the view's state after each step to OUTDIR/result.json. Exit 0 when
it ran, 1 with a message otherwise.
"""
import base64, json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_cdp import chromium_page, wait_for  # noqa: E402

KEYS = {"ArrowLeft": 37, "ArrowRight": 39}


def main():
    page_url, chromium, out = sys.argv[1], sys.argv[2], sys.argv[3]
    result = {"states": {}}
    with chromium_page(chromium, "1000,1400") as cdp:
        cdp.call("Page.navigate", url=page_url)
        wait_for(cdp, "document.querySelector('.diffview') !== null && Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)",
                 "the report and its images to load")
        result["views"] = cdp.evaluate("document.querySelectorAll('.diffview').length")
        # Layout: the diff view and the diff image side by side, tops aligned.
        result["layout"] = cdp.evaluate("""(() => {
            const v = document.querySelector('.diffview'), row = v.parentElement;
            const diff = row.querySelector('img[alt=diff]');
            const r = v.getBoundingClientRect(), d = diff ? diff.getBoundingClientRect() : null;
            return {diffBeside: d !== null && d.left >= r.right - 1 && Math.abs(d.top - r.top) < 2,
                    plots: document.querySelectorAll('svg').length};
        })()""")
        rect = cdp.evaluate("(() => { const r = document.querySelector('.diffview img.expected').getBoundingClientRect();"
                            " return {x: r.left, y: r.top, width: r.width, height: r.height}; })()")
        result["rect"] = rect

        def state(name):
            result["states"][name] = cdp.evaluate(
                "(() => { const v = document.querySelector('.diffview'); return {split: Number(v.dataset.split),"
                " showing: v.dataset.showing, blinking: v.dataset.blinking === 'true',"
                " slider: Number(v.querySelector('input').value)}; })()")

        def shot(name):
            data = cdp.call("Page.captureScreenshot", format="png", clip=dict(rect, scale=1))["data"]
            with open(os.path.join(out, name + ".png"), "wb") as f:
                f.write(base64.b64decode(data))
            return data

        def key(k, shift=False):
            params = {"key": k, "modifiers": 8 if shift else 0}
            if k in KEYS:
                params.update(code=k, windowsVirtualKeyCode=KEYS[k])
            else:
                params.update(code="Key" + k.upper(), text=k, windowsVirtualKeyCode=ord(k.upper()))
            cdp.call("Input.dispatchKeyEvent", type="keyDown", **params)
            params.pop("text", None)
            cdp.call("Input.dispatchKeyEvent", type="keyUp", **params)

        state("loaded")
        shot("split-start")
        cdp.evaluate("document.querySelector('.diffview').focus()")
        key("e")
        state("e")
        shot("expected-shown")
        key("a")
        state("a")
        shot("actual-shown")
        key("ArrowLeft")
        state("left-at-0")
        for _ in range(5):
            key("ArrowRight")
        state("right-5")
        shot("split-50")
        key("ArrowRight", shift=True)
        state("shift-right")
        # Blink: the pictures alternate on their own.
        key("b")
        state("blink-on")
        seen = {}
        end = time.time() + 2.0
        while time.time() < end:
            seen[cdp.evaluate("document.querySelector('.diffview').dataset.showing")] = True
            seen[shot("blink")] = True
            time.sleep(0.1)
        result["blinkShowings"] = sorted(k for k in seen if k in ("expected", "actual", "split"))
        result["blinkScreenshots"] = len([k for k in seen if k not in ("expected", "actual", "split")])
        key("b")
        state("blink-off")
        # A real click a quarter of the way along the slider.
        slider = cdp.evaluate("(() => { const r = document.querySelector('.diffview input').getBoundingClientRect();"
                              " return {x: r.left, y: r.top + r.height / 2, width: r.width}; })()")
        x, y = slider["x"] + slider["width"] * 0.25, slider["y"]
        for kind in ("mousePressed", "mouseReleased"):
            cdp.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        state("clicked")
        # The button blinks too.
        cdp.evaluate("document.querySelector('.diffview button.blink').click()")
        state("button")
        result["errors"] = cdp.evaluate("window.__errors || []")
    with open(os.path.join(out, "result.json"), "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print(f"report_diffview.py: {e}", file=sys.stderr)
        sys.exit(1)
