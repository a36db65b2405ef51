#!/usr/bin/env python3
"""Drives `cropreplay play` in headless Chromium over the DevTools protocol (a small CDP
client on the standard library only: no Playwright, no websocket package).

    playground_cdp.py URL CHROMIUM OUTDIR
    playground_cdp.py URL CHROMIUM OUTDIR --product
    playground_cdp.py URL CHROMIUM OUTDIR --drag

Opens the page, records a session of real touch events (Input.dispatchTouchEvent): a
one-finger drag past the edge and release, then a two-finger pinch below the minimum zoom
and release, each followed by its spring back; takes screenshots of the image at rest,
mid-drag, settled, mid-pinch and settled again; stops the recording. Writes OUTDIR/result.json
(the page's final frame values, the recorded scenario and CDP log) and OUTDIR/*.png, and the
touch events it sent as OUTDIR/sent.cdp.jsonl.

With --product: the page as a visitor sees it, at 1280x1040. Reads the typed controls (what
kind each is, their ranges, that no text field holds JSON), sends an out-of-range value and
reads the one-line error the page shows, turns a nullable key on through its checkbox,
picks a colour, then zooms in with a pinch and screenshots the whole page mid-drag, a finger
down (OUTDIR/page.png). Writes OUTDIR/product.json.

With --drag (the example package's test of `play --model NAME`, Examples/CustomBehaviour):
reads the model the page names, records one finger dragging down and left past the edge and
releasing, waits until nothing settles, stops, and writes OUTDIR/drag.json: the model, the
page's line about the photo and its replay command, the frame values mid-drag, the recorded
scenario and the live trace (`/api/recording/trace.json`), and OUTDIR/before.png and
OUTDIR/dragged.png.

Exit 0 on success, 1 with a message otherwise.
"""
import base64, contextlib, json, os, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request


class CDP:
    def __init__(self, ws_url):
        host_port, path = ws_url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the DevTools socket closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError("no websocket upgrade: " + head.split(b"\r\n", 1)[0].decode())
        self.buffer = head.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        n = len(data)
        header = bytes([0x81])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("the DevTools socket closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _receive(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise RuntimeError("the DevTools socket was closed by Chromium")
            if opcode in (0, 1, 2):
                message += payload
                if b0 & 0x80:
                    return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = self._receive()
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"page error in {expression!r}: {r['exceptionDetails']}")
        return r["result"].get("value")


def wait_for(cdp, expression, what, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if cdp.evaluate(expression):
            return
        time.sleep(0.05)
    raise RuntimeError(f"timed out waiting for {what} ({expression})")


@contextlib.contextmanager
def chromium_page(chromium, window):
    """Headless Chromium with a fresh profile, its DevTools port chosen by the system; yields a
    CDP client attached to its page, and kills the browser afterwards."""
    profile = tempfile.mkdtemp(prefix="cropreplay-chromium-")
    proc = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", f"--window-size={window}", "about:blank"],
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
        yield cdp
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


def product(url, chromium, out):
    with chromium_page(chromium, "1280,1040") as cdp:
        cdp.call("Emulation.setDeviceMetricsOverride", width=1280, height=1040, deviceScaleFactor=1, mobile=False)
        cdp.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        cdp.call("Page.navigate", url=url)
        wait_for(cdp, "window.playground && window.playground.frames > 0", "the first frame")
        result = {}
        result["controls"] = cdp.evaluate("""(() => {
            const all = (q) => [...document.querySelectorAll(q)];
            const by = (p) => document.querySelector(`[data-path="${p}"]`);
            const kind = (p) => { const e = by(p); return e ? (e.tagName === 'SELECT' ? 'select' : e.type) : null; };
            return {
              colours: all('input[type=color]').map(e => e.value),
              opacities: all('input[type=range]').length,
              numbers: all('input[type=number]').length,
              numbersWithRange: all('input[type=number]').filter(e => e.min !== '' && e.max !== '' && e.step !== '').length,
              texts: all('input[type=text]').map(e => e.value),
              selects: all('select').length,
              toggles: all('.switch input[type=checkbox]').length,
              nullables: all('input[data-nullable]').map(e => e.dataset.nullable),
              kinds: Object.fromEntries(['editor.policy.kind', 'editor.policy.rubberBand', 'editor.frame.resizable', 'editor.mask.color',
                'editor.mask.opacity', 'editor.policy.momentum', 'editor.background', 'editor.viewport.scale'].map(p => [p, kind(p)])),
              rubberBand: (() => { const e = by('editor.policy.rubberBand'); return [e.min, e.max, e.step, e.value]; })(),
              groups: all('.card h2').map(e => e.firstChild.textContent.trim()),
              title: document.querySelector('h1').textContent,
              record: [document.getElementById('record').textContent, document.getElementById('stop').textContent],
              hint: document.getElementById('hint').textContent.replace(/\s+/g, ' ').trim(),
            }; })()""")

        def set_value(path, value):
            cdp.evaluate(f"""(() => {{ const e = document.querySelector('[data-path="{path}"]');
                e.value = {json.dumps(value)}; e.dispatchEvent(new Event('change')); }})()""")

        # The validator's one-line error for an out-of-range value, shown in the page.
        applied = cdp.evaluate("window.playground.applied || 0")
        set_value("editor.policy.rubberBand", "0")
        wait_for(cdp, "document.getElementById('error').classList.contains('shown')", "the error line")
        result["error"] = cdp.evaluate("document.getElementById('error').textContent")
        result["errorRow"] = cdp.evaluate("[...document.querySelectorAll('.row.bad')].map(r => r.dataset.key)")
        set_value("editor.policy.rubberBand", "0.55")
        wait_for(cdp, f"(window.playground.applied || 0) > {applied}", "the corrected value to apply")
        result["errorAfterFix"] = cdp.evaluate("document.getElementById('error').textContent")
        # A nullable key: momentum on through its checkbox, then off again.
        applied = cdp.evaluate("window.playground.applied")
        cdp.evaluate("document.querySelector('[data-nullable=\"editor.policy.momentum\"]').click()")
        wait_for(cdp, f"window.playground.applied > {applied}", "momentum to apply")
        result["momentumOn"] = cdp.evaluate("window.playground.editor.policy.momentum")
        applied = cdp.evaluate("window.playground.applied")
        cdp.evaluate("document.querySelector('[data-nullable=\"editor.policy.momentum\"]').click()")
        wait_for(cdp, f"window.playground.applied > {applied}", "momentum off to apply")
        result["momentumOff"] = cdp.evaluate("window.playground.editor.policy.momentum")
        # A start key that may be left out (the photo point, a point): on, moved, then off: left out.
        applied = cdp.evaluate("window.playground.applied")
        cdp.evaluate("document.querySelector('[data-nullable=\"start.at\"]').click()")
        wait_for(cdp, f"window.playground.applied > {applied}", "the start point to apply")
        result["startAtOn"] = cdp.evaluate("S.start")
        applied = cdp.evaluate("window.playground.applied")
        set_value("start.at", "700")
        wait_for(cdp, f"window.playground.applied > {applied}", "the moved start point to apply")
        result["startAtMoved"] = cdp.evaluate("S.start && S.start.at")
        result["startAtRange"] = cdp.evaluate("[...document.querySelectorAll('#c-start-at, [aria-label=y]')]"
                                              ".filter(e => e.closest('[data-key=\"start.at\"]'))"
                                              ".map(e => [e.min, e.max, e.step])")
        applied = cdp.evaluate("window.playground.applied")
        cdp.evaluate("document.querySelector('[data-nullable=\"start.at\"]').click()")
        wait_for(cdp, f"window.playground.applied > {applied}", "the start point off to apply")
        result["startAtOff"] = cdp.evaluate("S.start")
        # A colour picker and its opacity slider.
        mask = cdp.evaluate("window.playground.editor.mask")
        applied = cdp.evaluate("window.playground.applied")
        set_value("editor.mask.color", "#203040")
        wait_for(cdp, f"window.playground.applied > {applied}", "the mask colour to apply")
        applied = cdp.evaluate("window.playground.applied")
        set_value("editor.mask.opacity", "0.3")
        wait_for(cdp, f"window.playground.applied > {applied}", "the mask opacity to apply")
        result["mask"] = cdp.evaluate("window.playground.editor.mask")
        applied = cdp.evaluate("window.playground.applied")
        set_value("editor.mask.color", mask["color"].lower())
        wait_for(cdp, f"window.playground.applied > {applied}", "the mask colour to apply")
        applied = cdp.evaluate("window.playground.applied")
        set_value("editor.mask.opacity", str(mask["opacity"]))
        wait_for(cdp, f"window.playground.applied > {applied}", "the mask opacity to apply")
        result["maskRestored"] = cdp.evaluate("window.playground.editor.mask")
        result["errors"] = cdp.evaluate("window.playground.errors")

        rect, vw, vh, touch = frame_touches(cdp)

        settled = ("window.playground.values && !window.playground.values.settling && "
                   "window.playground.values.pan !== 'changed' && window.playground.values.pinch !== 'changed'")
        cx, cy = vw / 2, vh / 2
        zoom_before = cdp.evaluate("window.playground.values.zoom")
        touch("touchStart", [(1, cx - 50, cy), (2, cx + 50, cy)])
        for i in range(1, 21):
            time.sleep(1 / 60)
            d = 50 + 40 * i / 20
            touch("touchMove", [(1, cx - d, cy), (2, cx + d, cy)])
        touch("touchEnd", [])
        wait_for(cdp, settled, "the pinch to settle")
        result["zoom"] = [zoom_before, cdp.evaluate("window.playground.values.zoom")]
        # A slow drag, the finger kept down for the screenshot.
        touch("touchStart", [(3, cx + 20, cy + 60)])
        for i in range(1, 46):
            time.sleep(1 / 60)
            touch("touchMove", [(3, cx + 20 - 1.5 * i, cy + 60 - 0.8 * i)])
        time.sleep(0.3)
        result["stats"] = cdp.evaluate("document.getElementById('stats').textContent")
        result["midDrag"] = cdp.evaluate("window.playground.values")
        result["fingers"] = cdp.evaluate("document.querySelectorAll('.finger').length")
        data = cdp.call("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(out, "page.png"), "wb") as f:
            f.write(base64.b64decode(data))
        touch("touchEnd", [])
        wait_for(cdp, settled, "the drag to settle")
        time.sleep(1.3)
        result["statsAtRest"] = cdp.evaluate("document.getElementById('stats').textContent")
        with open(os.path.join(out, "product.json"), "w") as f:
            json.dump(result, f, indent=1)


def frame_touches(cdp):
    """The frame's rect on the page, the viewport in points, and a function that sends touch
    events at viewport points [(id, x, y), ...] with timestamps from now."""
    rect = cdp.evaluate("(() => { const r = document.getElementById('frame').getBoundingClientRect();"
                        " return [r.left, r.top, r.width, r.height]; })()")
    vw, vh = cdp.evaluate("window.playground.viewport")
    t0 = time.time()

    def touch(kind, points):
        pts = [{"x": rect[0] + x * rect[2] / vw, "y": rect[1] + y * rect[3] / vh, "id": i} for i, x, y in points]
        cdp.call("Input.dispatchTouchEvent", type=kind, touchPoints=pts, timestamp=round(time.time() - t0, 6))

    return rect, vw, vh, touch


def drag(url, chromium, out):
    with chromium_page(chromium, "900,1000") as cdp:
        cdp.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        cdp.call("Page.navigate", url=url)
        wait_for(cdp, "window.playground && window.playground.frames > 0", "the first frame")
        rect, vw, vh, touch = frame_touches(cdp)

        def shot(name):
            time.sleep(0.12)  # let the page show the latest frame
            data = cdp.call("Page.captureScreenshot", format="png",
                            clip={"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1})["data"]
            with open(os.path.join(out, name + ".png"), "wb") as f:
                f.write(base64.b64decode(data))

        result = {"model": cdp.evaluate("S.model"), "info": cdp.evaluate("document.getElementById('scenarioInfo').textContent"),
                  "runCommand": cdp.evaluate("document.getElementById('runCommand').textContent")}
        cdp.evaluate("document.getElementById('record').click()")
        wait_for(cdp, "window.playground.values && window.playground.values.recording", "recording to start")
        shot("before")
        result["before"] = cdp.evaluate("window.playground.values")
        # One finger: down at (180, 300), 20 moves of 10 points left and 15 down, then a lift.
        touch("touchStart", [(1, 180, 300)])
        for i in range(1, 21):
            time.sleep(1 / 60)
            touch("touchMove", [(1, 180 - 10 * i, 300 + 15 * i)])
        shot("dragged")
        result["midDrag"] = cdp.evaluate("window.playground.values")
        touch("touchEnd", [])
        wait_for(cdp, "window.playground.values && !window.playground.values.settling && "
                 "window.playground.values.pan !== 'changed'", "the drag to end and settle")
        time.sleep(0.2)
        cdp.evaluate("document.getElementById('stop').click()")
        wait_for(cdp, "window.playground.recorded", "the recording")
        result["recorded"] = cdp.evaluate("window.playground.recorded")
        result["trace"] = cdp.evaluate("fetch('/api/recording/trace.json').then(r => r.text())")
        result["values"] = cdp.evaluate("window.playground.values")
        result["errors"] = cdp.evaluate("window.playground.errors")
        with open(os.path.join(out, "drag.json"), "w") as f:
            json.dump(result, f, indent=1)


def main():
    url, chromium, out = sys.argv[1], sys.argv[2], sys.argv[3]
    if sys.argv[4:] == ["--product"]:
        os.makedirs(out, exist_ok=True)
        return product(url, chromium, out)
    if sys.argv[4:] == ["--drag"]:
        os.makedirs(out, exist_ok=True)
        return drag(url, chromium, out)
    os.makedirs(out, exist_ok=True)
    with chromium_page(chromium, "900,1000") as cdp:
        cdp.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        cdp.call("Page.navigate", url=url)
        wait_for(cdp, "window.playground && window.playground.frames > 0", "the first frame")
        rect = cdp.evaluate("(() => { const r = document.getElementById('frame').getBoundingClientRect();"
                            " return [r.left, r.top, r.width, r.height]; })()")
        vw, vh = cdp.evaluate("window.playground.viewport")
        sent = []
        t0 = time.time()

        def touch(kind, points):
            pts = [{"x": rect[0] + x * rect[2] / vw, "y": rect[1] + y * rect[3] / vh, "id": i} for i, x, y in points]
            params = {"type": kind, "touchPoints": pts, "timestamp": round(time.time() - t0, 6)}
            cdp.call("Input.dispatchTouchEvent", **params)
            sent.append(params)

        def shot(name):
            time.sleep(0.12)  # let the page show the latest frame
            data = cdp.call("Page.captureScreenshot", format="png",
                            clip={"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1})["data"]
            with open(os.path.join(out, name + ".png"), "wb") as f:
                f.write(base64.b64decode(data))

        settled = ("window.playground.values && !window.playground.values.settling && "
                   "window.playground.values.pan !== 'changed' && window.playground.values.pinch !== 'changed'")
        cdp.evaluate("document.getElementById('record').click()")
        wait_for(cdp, "window.playground.values && window.playground.values.recording", "recording to start")
        shot("start")
        # One finger: down at (180, 300), 20 moves of 15 points down, then a hold and a lift.
        touch("touchStart", [(1, 180, 300)])
        for i in range(1, 21):
            time.sleep(1 / 60)
            touch("touchMove", [(1, 180, 300 + 15 * i)])
        shot("dragged")
        valid_mid_drag = cdp.evaluate("window.playground.values.valid")
        touch("touchEnd", [])
        wait_for(cdp, settled, "the drag's spring back")
        shot("drag-settled")
        # Two fingers 100 points apart closing to 30 (scale 0.3, below the minimum zoom).
        touch("touchStart", [(2, 140, 330), (3, 240, 330)])
        for i in range(1, 16):
            time.sleep(1 / 60)
            d = 50 - 35 * i / 15
            touch("touchMove", [(2, 190 - d, 330), (3, 190 + d, 330)])
        shot("pinched")
        touch("touchEnd", [])
        wait_for(cdp, settled, "the pinch's spring back")
        shot("pinch-settled")
        cdp.evaluate("document.getElementById('stop').click()")
        wait_for(cdp, "window.playground.recorded", "the recording")
        # Stop then reloads the state and rebuilds the form: edit it only after that.
        wait_for(cdp, "S && !S.recording", "the state after Stop")
        result = cdp.evaluate("({values: window.playground.values, recorded: window.playground.recorded, "
                              "errors: window.playground.errors, frames: window.playground.frames})")
        result["validMidDrag"] = valid_mid_drag
        # The side panel: switch the policy to clamp through the generated form, apply, drag
        # past the edge again: the image stops at the edge (valid throughout).
        policy = cdp.evaluate("""(() => {
            const select = document.querySelector('select[data-path="editor.policy.kind"]');
            select.value = 'clamp'; select.dispatchEvent(new Event('change')); return select.value; })()""")
        wait_for(cdp, "window.playground.editor.policy.kind === 'clamp' || window.playground.errors.length > 0",
                 "the clamp policy to apply")
        if cdp.evaluate("window.playground.errors.length") > 0:
            raise RuntimeError("applying the clamp policy: " + "; ".join(cdp.evaluate("window.playground.errors")))
        time.sleep(0.3)
        touch("touchStart", [(4, 180, 300)])
        for i in range(1, 21):
            time.sleep(1 / 60)
            touch("touchMove", [(4, 180, 300 + 15 * i)])
        shot("clamped")
        result["clampValidMidDrag"] = cdp.evaluate("window.playground.values.valid")
        result["clampPan"] = cdp.evaluate("window.playground.values.pan")
        touch("touchEnd", [])
        wait_for(cdp, settled, "the clamped drag to end")
        result["policyField"] = policy
        # A mouse: ctrl + wheel up zooms in about the cursor (two synthetic fingers spreading).
        zoom_before = cdp.evaluate("window.playground.values.zoom")
        cx, cy = rect[0] + 187 * rect[2] / vw, rect[1] + 333 * rect[3] / vh
        for _ in range(4):
            cdp.call("Input.dispatchMouseEvent", type="mouseWheel", x=cx, y=cy, deltaX=0, deltaY=-60, modifiers=2)
            time.sleep(0.03)
        time.sleep(0.4)
        wait_for(cdp, settled, "the wheel pinch to end")
        result["wheelZoom"] = [zoom_before, cdp.evaluate("window.playground.values.zoom")]
        # A mouse drag pans.
        cx_before = cdp.evaluate("window.playground.values.cx")
        cdp.call("Input.dispatchMouseEvent", type="mousePressed", x=cx, y=cy, button="left", buttons=1, clickCount=1)
        for i in range(1, 11):
            time.sleep(1 / 60)
            cdp.call("Input.dispatchMouseEvent", type="mouseMoved", x=cx + 4 * i, y=cy, button="left", buttons=1)
        cdp.call("Input.dispatchMouseEvent", type="mouseReleased", x=cx + 40, y=cy, button="left", buttons=0, clickCount=1)
        wait_for(cdp, settled, "the mouse drag to end")
        result["mouseDragCx"] = [cx_before, cdp.evaluate("window.playground.values.cx")]
        with open(os.path.join(out, "sent.cdp.jsonl"), "w") as f:
            for p in sent:
                f.write(json.dumps(p) + "\n")
        result["rect"] = rect
        with open(os.path.join(out, "result.json"), "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # one line for the Swift test's failure message
        print(f"playground_cdp.py: {e}", file=sys.stderr)
        sys.exit(1)
