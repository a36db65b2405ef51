#!/usr/bin/env python3
"""Whether Chromium plays an animated PNG: opens PAGE (a file:// or http:// URL showing the
animation) in headless Chromium over the DevTools protocol and takes screenshots in real
time, every 80 ms for up to 8 s, until two differ.

    apng_plays.py PAGE CHROMIUM

Prints the number of distinct screenshots seen (1 means the picture never changed). Exit 0
when it ran, 1 with a message otherwise. Uses the CDP client of playground_cdp.py.
"""
import base64, json, os, shutil, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_cdp import CDP, wait_for  # noqa: E402


def main():
    page_url, chromium = sys.argv[1], sys.argv[2]
    profile = tempfile.mkdtemp(prefix="cropreplay-chromium-")
    proc = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=400,300", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("Chromium did not start (no DevToolsActivePort)")
            time.sleep(0.05)
        port = open(port_file).read().split("\n")[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        cdp = CDP(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        cdp.call("Page.enable")
        cdp.call("Page.navigate", url=page_url)
        wait_for(cdp, "document.images.length > 0 && document.images[0].complete && document.images[0].naturalWidth > 0",
                 "the animation to load")
        seen = set()
        end = time.time() + 8
        while time.time() < end and len(seen) < 2:
            seen.add(cdp.call("Page.captureScreenshot", format="png")["data"])
            time.sleep(0.08)
        print(len(seen))
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print(f"apng_plays.py: {e}", file=sys.stderr)
        sys.exit(1)
