#!/usr/bin/env python3
"""Whether Chromium plays an animated PNG: opens PAGE (a file:// or http:// URL showing the
animation) in headless Chromium over the DevTools protocol and takes screenshots in real
time, every 80 ms for up to 8 s, until two differ.

    apng_plays.py PAGE CHROMIUM

Prints the number of distinct screenshots seen (1 means the picture never changed). Exit 0
when it ran, 1 with a message otherwise. Uses the Chromium launcher and CDP client of playground_cdp.py.
"""
import os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_cdp import chromium_page, wait_for  # noqa: E402


def main():
    page_url, chromium = sys.argv[1], sys.argv[2]
    with chromium_page(chromium, "400,300") as cdp:
        cdp.call("Page.navigate", url=page_url)
        wait_for(cdp, "document.images.length > 0 && document.images[0].complete && document.images[0].naturalWidth > 0",
                 "the animation to load")
        seen = set()
        end = time.time() + 8
        while time.time() < end and len(seen) < 2:
            seen.add(cdp.call("Page.captureScreenshot", format="png")["data"])
            time.sleep(0.08)
        print(len(seen))


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print(f"apng_plays.py: {e}", file=sys.stderr)
        sys.exit(1)
