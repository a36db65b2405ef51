/// The playground page: the editor's frame (rendered by the server), pointer input turned
/// into fingers (shown on the frame), and a side panel: recording, the frame's trace values
/// with the frame rates, the buttons, and the typed controls built from `PlayControls`
/// (served in `/api/state`). Everything is inline: no external asset, font or script.
enum PlayPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">
        <title>CropReplay playground</title>
        <style>
        :root { --ink: #1c2430; --soft: #5b6675; --faint: #8a94a3; --line: #dde2e8; --card: #fff; --bg: #eef1f5;\#
         --accent: #2563c9; --rec: #d93636; --ok: #1f8a4c; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--ink); font: 14px/1.4 system-ui, -apple-system,\#
         "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header { display: flex; align-items: center; gap: 24px; padding: 14px 24px; background: #161c26; color:\#
         #f3f5f8; }
        header h1 { margin: 0; font-size: 20px; font-weight: 650; letter-spacing: -0.01em; white-space: nowrap; }
        header h1 span { color: #8fb4ff; font-weight: 500; }
        header p { margin: 0; color: #b7c0cc; font-size: 13px; max-width: 640px; }
        header code { color: #e6ecf5; background: #262f3d; padding: 0 4px; border-radius: 4px; font-size: 12px; }
        #scenario { margin-left: auto; text-align: right; font-size: 12.5px; color: #b7c0cc; white-space: nowrap; }
        #scenario b { display: block; color: #f3f5f8; font-size: 14px; font-weight: 600; }
        main { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 20px; padding: 18px 24px; }
        .col { display: flex; flex-direction: column; gap: 14px; width: 380px; }
        #stagecol { width: auto; }
        #hint { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; font-size: 12px; color:\#
         var(--soft); line-height: 1.3; }
        #hint > div { display: grid; grid-template-columns: auto 1fr; column-gap: 7px; align-items: start; }
        #hint b { color: var(--ink); font-weight: 650; font-size: 13px; display: block; }
        .key { display: inline-flex; align-items: center; justify-content: center; min-width: 22px; height:\#
         22px; padding: 0 5px; border-radius: 11px; background: var(--accent); color: #fff; font-size: 12px;\#
         font-weight: 600; }
        #stage { position: relative; border-radius: 14px; overflow: hidden; box-shadow: 0 10px 30px rgba(20, 30,\#
         50, 0.25); background: #000; align-self: flex-start; }
        #frame { display: block; touch-action: none; user-select: none; -webkit-user-drag: none; cursor: grab; }
        #frame:active { cursor: grabbing; }
        .finger { position: absolute; width: 44px; height: 44px; margin: -22px 0 0 -22px; border-radius: 50%;\#
         background: rgba(255, 255, 255, 0.35); border: 2px solid rgba(255, 255, 255, 0.9); box-shadow: 0 0 0\#
         4px rgba(37, 99, 201, 0.45); pointer-events: none; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px; }
        .card h2 { margin: 0 0 8px; font-size: 11.5px; font-weight: 700; letter-spacing: 0.08em; text-transform:\#
         uppercase; color: var(--soft); display: flex; align-items: center; gap: 8px; }
        .card h2 .aside { margin-left: auto; text-transform: none; letter-spacing: 0; font-weight: 500; color:\#
         var(--faint); }
        button { font: inherit; font-size: 13px; border: 1px solid #c9d1db; background: #f7f9fb; color:\#
         var(--ink); border-radius: 8px; padding: 5px 10px; cursor: pointer; }
        button:hover:not(:disabled) { background: #eaf0f7; }
        button:disabled { opacity: 0.45; cursor: default; }
        #record { background: var(--rec); border-color: var(--rec); color: #fff; font-weight: 600; padding: 6px 14px; }
        #record:hover:not(:disabled) { background: #bf2a2a; }
        #stop { font-weight: 600; padding: 6px 14px; }
        .recrow { display: flex; align-items: center; gap: 10px; }
        #recState { font-size: 13px; color: var(--soft); }
        #recState.on { color: var(--rec); font-weight: 600; }
        #recState.on::before { content: ""; display: inline-block; width: 9px; height: 9px; border-radius: 50%;\#
         background: var(--rec); margin-right: 6px; animation: blink 1s infinite; }
        @keyframes blink { 50% { opacity: 0.2; } }
        #downloads { margin-top: 8px; font-size: 13px; }
        #downloads a { color: var(--accent); font-weight: 600; margin-right: 10px; }
        .note { margin: 6px 0 0; color: var(--faint); font-size: 12px; }
        .tools { display: flex; flex-wrap: wrap; gap: 6px; }
        .tools .sep { width: 100%; height: 0; }
        #values { display: grid; grid-template-columns: auto 1fr auto 1fr; gap: 4px 10px; font-size: 13px;\#
         align-items: baseline; }
        #values .wide { grid-column: span 3; }
        #values dt { color: var(--faint); }
        #values dd { margin: 0; font-variant-numeric: tabular-nums; font-family: ui-monospace, "SF Mono", Menlo,\#
         Consolas, monospace; font-size: 12.5px; }
        .pill { display: inline-block; padding: 0 7px; border-radius: 9px; font-family: system-ui, sans-serif;\#
         font-size: 12px; background: #eef1f5; color: var(--soft); }
        .pill.active { background: #dbe7fb; color: var(--accent); font-weight: 600; }
        .pill.good { background: #dcf3e5; color: var(--ok); font-weight: 600; }
        .pill.bad { background: #fbe1e1; color: var(--rec); font-weight: 600; }
        #stats { margin-top: 10px; padding-top: 8px; border-top: 1px solid var(--line); display: grid;\#
         grid-template-columns: auto 1fr; gap: 2px 10px; font-size: 12.5px; }
        #stats b { font-variant-numeric: tabular-nums; }
        #stats span { color: var(--faint); }
        #error { display: none; background: #fdecec; border: 1px solid #f3b9b9; color: #9b1c1c; border-radius:\#
         10px; padding: 8px 12px; font-size: 13px; font-family: ui-monospace, Menlo, Consolas, monospace;\#
         word-break: break-word; }
        #error.shown { display: block; }
        details.sec { border-top: 1px solid var(--line); }
        details.sec:first-of-type { border-top: 0; }
        details.sec summary { list-style: none; cursor: pointer; display: flex; align-items: center; gap: 8px;\#
         padding: 7px 0; font-weight: 600; font-size: 13.5px; }
        details.sec summary::-webkit-details-marker { display: none; }
        details.sec summary::before { content: "\25B8"; color: var(--faint); font-size: 11px; width: 10px; }
        details.sec[open] summary::before { content: "\25BE"; }
        details.sec summary .switch { margin-left: auto; }
        .doc { margin: 0 0 6px; font-size: 12px; color: var(--faint); }
        fieldset.secbody { border: 0; margin: 0; padding: 0 0 8px; min-width: 0; }
        fieldset.secbody:disabled .row { opacity: 0.45; }
        .row { display: grid; grid-template-columns: 112px 1fr; align-items: center; gap: 8px; min-height: 30px; }
        .row > label { color: var(--soft); font-size: 13px; }
        .row.bad > label { color: var(--rec); font-weight: 600; }
        .ctl { display: flex; align-items: center; gap: 6px; min-width: 0; }
        .ctl input[type=number] { width: 78px; }
        .ctl input[type=text] { width: 120px; }
        input[type=number], input[type=text], select { font: inherit; font-size: 13px; padding: 3px 6px; border:\#
         1px solid #c9d1db; border-radius: 6px; background: #fff; color: var(--ink); }
        select { padding: 3px 4px; max-width: 190px; }
        input:focus, select:focus { outline: 2px solid rgba(37, 99, 201, 0.35); border-color: var(--accent); }
        .unit { color: var(--soft); font-size: 12px; }
        .range { color: var(--faint); font-size: 11.5px; white-space: nowrap; }
        .times { color: var(--faint); }
        input[type=color] { width: 34px; height: 26px; padding: 1px 2px; border: 1px solid #c9d1db;\#
         border-radius: 6px; background: #fff; }
        input[type=range] { width: 110px; accent-color: var(--accent); }
        .pct { font-size: 12px; color: var(--soft); width: 36px; font-variant-numeric: tabular-nums; }
        .switch { position: relative; display: inline-flex; align-items: center; gap: 6px; font-size: 12px;\#
         color: var(--soft); font-weight: 500; }
        .switch input { appearance: none; -webkit-appearance: none; width: 32px; height: 18px; border-radius:\#
         9px; background: #c5cdd8; position: relative; cursor: pointer; margin: 0; transition: background 0.15s; }
        .switch input::after { content: ""; position: absolute; top: 2px; left: 2px; width: 14px; height: 14px;\#
         border-radius: 50%; background: #fff; transition: left 0.15s; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3); }
        .switch input:checked { background: var(--accent); }
        .switch input:checked::after { left: 16px; }
        .inner.off { opacity: 0.4; }
        </style></head>
        <body>
        <header>
          <h1>CropReplay <span>playground</span></h1>
          <p>A live photo-crop editor. Drag, pinch and twist the photo: the server runs every frame through the\#
         recognizers and snap-back policy that <code>cropreplay run</code> replays in CI, and <b>Record</b>\#
         saves your gesture as a regression test.</p>
          <div id="scenario"><b id="scenarioName">-</b><span id="scenarioInfo"></span></div>
        </header>
        <main>
          <div class="col" id="stagecol">
            <div id="hint">
              <div><span class="key">1</span><span><b>Drag</b> one finger or the mouse</span></div>
              <div><span class="key">2</span><span><b>Pinch</b> two fingers, ctrl/&#x2318; + wheel or a\#
         trackpad</span></div>
              <div><span class="key">&#x21BB;</span><span><b>Twist</b> two fingers, or shift + drag</span></div>
            </div>
            <div id="stage"><img id="frame" alt="the editor's current frame, rendered by the server"\#
         draggable="false"></div>
          </div>
          <div class="col" id="middle">
            <section class="card" id="recording"><h2>Recording <span class="aside">a gesture as a test</span></h2>
              <div class="recrow"><button id="record">&#x25CF; Record</button><button id="stop"\#
         disabled>&#x25A0; Stop</button><span id="recState">not recording</span></div>
              <div id="downloads" hidden>Saved: <a id="dlScenario" download>recorded.json</a><a id="dlCdp"\#
         download>recorded.cdp.jsonl</a><a id="dlTrace" download>live trace</a></div>
              <p class="note" id="recNote">Record restarts from the initial fit and keeps the fingers of every\#
         frame; Stop offers a scenario that <code id="runCommand">cropreplay run</code> replays to the same\#
         frames, and a CDP touch log.</p>
            </section>
            <section class="card" id="current"><h2>Current frame <span class="aside" id="frameNo"></span></h2>
              <dl id="values"></dl>
              <div id="stats"></div>
            </section>
            <section class="card"><h2>Buttons <span class="aside">not while a finger is down or recording</span></h2>
              <div class="tools">
                <button data-b='{"quarterTurn":"counterclockwise"}'>&#x21BA; Turn left</button>
                <button data-b='{"quarterTurn":"clockwise"}'>&#x21BB; Turn right</button>
                <button data-b='{"flip":"horizontal"}'>&#x2194; Flip</button>
                <button data-b='{"flip":"vertical"}'>&#x2195; Flip</button>
                <span class="sep"></span>
                <button data-b='{"aspect":"original"}'>Original</button>
                <button data-b='{"aspect":"free"}'>Free</button>
                <button data-b='{"aspect":[1,1]}'>1:1</button>
                <button data-b='{"restore":true}'>Restore</button>
                <button id="reset">Reset</button>
              </div>
            </section>
            <div id="error" role="alert"></div>
            <section class="card"><h2>Policy <span class="aside">changes apply at once, from the initial\#
         fit</span></h2><div id="groupPolicy"></div></section>
          </div>
          <div class="col" id="right">
            <section class="card"><h2>Editor</h2><div id="groupEditor"></div></section>
          </div>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const img = $("frame");
        let S = null;                 // /api/state
        const fingers = new Map();    // page id -> [x, y] in points, in landing order
        let touchesDirty = false, inFlight = false, clockStart = 0, framesSent = 0, active = false, lastUrl = null;
        let settling = false, recording = false, frameTimes = [], lastValues = null;
        window.playground = { frames: 0, values: null, errors: [] };

        function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if\#
         (text !== undefined) e.textContent = text; return e; }
        function showError(text) {
          $("error").textContent = text || ""; $("error").classList.toggle("shown", !!text);
          document.querySelectorAll(".row.bad").forEach((r) => r.classList.remove("bad"));
          if (!text) return;
          window.playground.errors.push(text);
          // Mark the control the message names ("the form: editor.policy.rubberBand: ...").
          const m = /: ([A-Za-z]+(?:\.[A-Za-z]+)+):/.exec(text);
          if (!m) return;
          let best = null;
          for (const r of document.querySelectorAll(".row[data-key]")) {
            if ((m[1] === r.dataset.key || m[1].startsWith(r.dataset.key + ".")) && (!best ||\#
         r.dataset.key.length > best.dataset.key.length)) best = r;
          }
          if (best) best.classList.add("bad");
        }

        async function api(path, body) {
          const r = await fetch(path, { method: body === undefined ? "GET" : "POST", body: body === undefined ?\#
         undefined : JSON.stringify(body) });
          const j = await r.json();
          if (!r.ok) { showError(j.error); return null; }
          showError("");
          return j;
        }

        function applyState(s) {
          if (!s) return;
          S = s; window.playground.editor = s.editor; window.playground.viewport = s.viewport;
          img.style.width = s.viewport[0] + "px"; img.style.height = s.viewport[1] + "px";
          $("stagecol").style.width = Math.max(300, s.viewport[0]) + "px";
          $("scenarioName").textContent = s.name;
          $("scenarioInfo").textContent = (s.model !== "reference" ? "model " + s.model + " \u00B7 " : "") + s.image +\#
         " \u00B7 " + s.viewport[0] + "\u00D7" + s.viewport[1] + " pt \u00B7 " + s.fps + " fps";
          $("runCommand").textContent = "cropreplay run" + (s.model !== "reference" ? " --model " + s.model : "");
          recording = s.recording;
          $("record").disabled = recording; $("stop").disabled = !recording;
          buildForm();
          showRecording();
          kick();
        }

        // --- Pointer input into fingers -------------------------------------------------------
        function toPoints(e) {
          const r = img.getBoundingClientRect();
          return [(e.clientX - r.left) * S.viewport[0] / r.width, (e.clientY - r.top) * S.viewport[1] / r.height];
        }
        function setFinger(id, p) { fingers.set(id, p); touchesDirty = true; showFingers(); kick(); }
        function liftFinger(id) { if (fingers.delete(id)) { touchesDirty = true; showFingers(); kick(); } }
        function showFingers() {
          document.querySelectorAll(".finger").forEach((f) => f.remove());
          const r = img.getBoundingClientRect();
          for (const p of fingers.values()) {
            const f = el("div", "finger");
            f.style.left = (p[0] * r.width / S.viewport[0]) + "px"; f.style.top = (p[1] * r.height /\#
         S.viewport[1]) + "px";
            $("stage").appendChild(f);
          }
        }

        let twist = null;  // shift + drag: two fingers turning about the press point
        img.addEventListener("pointerdown", (e) => {
          if (!S) return;
          img.setPointerCapture(e.pointerId);
          const p = toPoints(e);
          if (e.pointerType === "mouse" && e.shiftKey) {
            twist = { c: p, id: e.pointerId };
            setFinger("twistA", [p[0] - 60, p[1]]); setFinger("twistB", [p[0] + 60, p[1]]);
          } else {
            setFinger("p" + e.pointerId, p);
          }
          e.preventDefault();
        });
        img.addEventListener("pointermove", (e) => {
          if (!S) return;
          const p = toPoints(e);
          if (twist && twist.id === e.pointerId) {
            const a = (p[0] - twist.c[0]) * Math.PI / 360;   // half a degree per point
            const dx = 60 * Math.cos(a), dy = 60 * Math.sin(a);
            setFinger("twistA", [twist.c[0] - dx, twist.c[1] - dy]); setFinger("twistB", [twist.c[0] + dx,\#
         twist.c[1] + dy]);
          } else if (fingers.has("p" + e.pointerId)) {
            setFinger("p" + e.pointerId, p);
          }
        });
        function up(e) {
          if (twist && twist.id === e.pointerId) { twist = null; liftFinger("twistA"); liftFinger("twistB"); }
          liftFinger("p" + e.pointerId);
        }
        img.addEventListener("pointerup", up); img.addEventListener("pointercancel", up);

        let wheel = null;  // ctrl/cmd + wheel, trackpad pinch: two fingers spreading about the cursor
        img.addEventListener("wheel", (e) => {
          if (!S || !(e.ctrlKey || e.metaKey)) return;
          e.preventDefault();
          const p = toPoints(e);
          if (!wheel) wheel = { c: p, d: 80, timer: 0 };
          wheel.d = Math.min(2000, Math.max(4, wheel.d * Math.exp(-e.deltaY / 200)));
          setFinger("wheelA", [wheel.c[0] - wheel.d / 2, wheel.c[1]]); setFinger("wheelB", [wheel.c[0] + wheel.d\#
         / 2, wheel.c[1]]);
          clearTimeout(wheel.timer);
          wheel.timer = setTimeout(() => { wheel = null; liftFinger("wheelA"); liftFinger("wheelB"); }, 200);
        }, { passive: false });

        // --- The frame loop: one tick request per display frame while anything moves --------
        function kick() {
          if (!active) { active = true; clockStart = performance.now() - 1000 / S.fps; framesSent = 0;\#
         requestAnimationFrame(loop); }
        }
        async function loop() {
          if (!S) return;
          const busy = fingers.size > 0 || touchesDirty || settling || recording;
          if (!busy && !inFlight) { active = false; return; }
          requestAnimationFrame(loop);
          if (inFlight) return;
          const due = Math.floor((performance.now() - clockStart) * S.fps / 1000) - framesSent;
          if (due < 1) return;
          const frames = Math.min(due, 30);
          if (due > 30) { clockStart = performance.now() - 1000 / S.fps; framesSent = 0; } else { framesSent +=\#
         frames; }
          const body = { frames };
          if (touchesDirty) { body.touches = [...fingers].map(([id, p]) => [id, p[0], p[1]]); touchesDirty = false; }
          inFlight = true;
          try {
            await tick(body);
          } catch (err) { showError(String(err)); }
          inFlight = false;
        }
        // One tick request: the frame shown, its values in the panel (a refused tick lifts the fingers).
        async function tick(body) {
          const r = await fetch("/api/tick", { method: "POST", body: JSON.stringify(body) });
          if (!r.ok) { showError((await r.json()).error); fingers.clear(); showFingers(); return; }
          const values = JSON.parse(r.headers.get("X-Frame"));
          const url = URL.createObjectURL(await r.blob());
          img.src = url; if (lastUrl) URL.revokeObjectURL(lastUrl); lastUrl = url;
          settling = values.settling; recording = values.recording;
          showValues(values);
        }
        // The current frame without advancing time (after a reset, a new editor, a recording).
        async function refresh() { await tick({ frames: 0 }); if (settling) kick(); }

        const f3 = (x) => Number(x).toFixed(3), f1 = (x) => Number(x).toFixed(1);
        function phase(name, p) { return '<span class="pill' + (p === "possible" ? "" : " active") + '">' + name\#
         + " " + p + "</span>"; }
        function showValues(v) {
          window.playground.frames++; window.playground.values = v; lastValues = v;
          frameTimes.push(performance.now());
          $("frameNo").textContent = "frame " + v.frame + " \u00B7 " + f3(v.t) + " s";
          const pairs = [
            ["state", '<span class="pill ' + (v.valid ? "good" : "bad") + '">' + (v.valid ? "valid" : "invalid:\#
         the policy acts") + "</span>"], ["mask", f3(v.mask)],
            ["zoom", f3(v.zoom) + "\u00D7"], ["angle", f1(v.angle) + "\u00B0"],
            ["centre", f1(v.cx) + ", " + f1(v.cy)], ["", ""],
          ];
          $("values").innerHTML = pairs.map(([k, x]) => "<dt>" + k + "</dt><dd>" + x + "</dd>").join("") +
            '<dt title="x, y, width, height in points">box</dt><dd class="wide">' + v.box.map(f1).join(", ") + "</dd>" +
            '<dt>gestures</dt><dd style="grid-column: span 3">' + phase("pan", v.pan) + " " + phase("pinch",\#
         v.pinch) + " " + phase("rotation", v.rotation) +
            (v.animating || v.settling ? ' <span class="pill active">settling</span>' : "") + "</dd>";
          showStats(); showRecording();
        }
        // Frames shown by this page over the last second, and the server's median time per frame.
        function showStats() {
          const now = performance.now(); while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
          const shown = frameTimes.length;
          const v = lastValues;
          $("stats").innerHTML = "<span>shown</span><div>" + (shown === 0 && !active ? "<b>at rest</b>: frames\#
         are drawn only while something moves" :
            "<b>" + shown + "</b> frame" + (shown === 1 ? "" : "s") + " in the last second (" + (S ? S.fps :\#
         "-") + " fps clock)") + "</div>" +
            "<span>server</span><div>" + (v && v.serverFrames > 0 ? "<b>" + v.serverMs.toFixed(1) + " ms</b>\#
         median to advance, render and encode a frame (last " + v.serverFrames + ")" : "-") + "</div>";
        }
        setInterval(showStats, 250);
        function showRecording() {
          const st = $("recState");
          st.classList.toggle("on", recording);
          st.textContent = recording ? "recording \u00B7 frame " + (lastValues ? lastValues.frame : 0) :\#
         (window.playground.recorded ? "stopped" : "not recording");
        }

        // --- Buttons and recording --------------------------------------------------------------
        document.querySelectorAll("button[data-b]").forEach((b) => b.addEventListener("click", async () => {
          const s = await api("/api/button", JSON.parse(b.dataset.b)); if (s) { settling = true; kick(); }
        }));
        $("reset").addEventListener("click", async () => { applyState(await api("/api/reset", {})); refresh(); });
        $("record").addEventListener("click", async () => {
          $("downloads").hidden = true; window.playground.recorded = null;
          applyState(await api("/api/record", {})); refresh();
        });
        $("stop").addEventListener("click", async () => {
          fingers.clear(); touchesDirty = true; showFingers();
          const r = await api("/api/stop", {});
          if (r && r.scenario) {
            window.playground.recorded = r;
            $("dlScenario").href = "/api/recording/scenario.json"; $("dlCdp").href = "/api/recording/cdp.jsonl";\#
         $("dlTrace").href = "/api/recording/trace.json"; $("downloads").hidden = false;
          }
          applyState(await api("/api/state"));
        });

        // --- The side panel's typed controls, built from S.controls (PlayControls) ---------------
        let draft = null, applyTimer = 0;
        const openSections = {};
        const clone = (x) => JSON.parse(JSON.stringify(x));
        const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
        function get(o, p) { for (const k of p) { if (o == null) return undefined; o = o[k]; } return o; }
        function put(o, p, v) { for (const k of p.slice(0, -1)) { if (o[k] == null || typeof o[k] !== "object")\#
         o[k] = {}; o = o[k]; } o[p[p.length - 1]] = v; }
        function drop(o, p) { const parent = get(o, p.slice(0, -1)); if (parent && typeof parent === "object")\#
         delete parent[p[p.length - 1]]; }
        const num = (x) => String(+Number(x).toPrecision(6));
        // A range's bound: 10000 stays, 1000000 reads 10⁶.
        const bound = (x) => (x >= 1e5 && Math.log10(x) % 1 === 0) ? "10" +\#
         String(Math.log10(x)).split("").map((d) =>\#
         "\u2070\u00B9\u00B2\u00B3\u2074\u2075\u2076\u2077\u2078\u2079"[d]).join("") : num(x);

        function buildForm() {
          draft = {};
          for (const sec of S.controls) if (!(sec.root in draft)) draft[sec.root] = clone(S[sec.root] || {});
          document.querySelectorAll(".card [id^=group]").forEach((h) => { h.innerHTML = ""; });
          for (const sec of S.controls) {
            let host = $("group" + sec.group);
            if (!host) {   // another group: a card of its own in the right-hand column
              const card = el("section", "card"); card.append(el("h2", "", sec.group));
              host = el("div"); host.id = "group" + sec.group; card.append(host); $("right").append(card);
            }
            host.appendChild(sectionElement(sec));
          }
          showWhen();
        }
        function switchEl(checked, onChange, text) {
          const l = el("label", "switch"); const cb = el("input"); cb.type = "checkbox"; cb.checked = checked;
          cb.addEventListener("change", () => onChange(cb.checked));
          l.append(cb); if (text) l.append(el("span", "", text));
          return [l, cb];
        }
        function sectionElement(sec) {
          const d = el("details", "sec");
          d.open = sec.title in openSections ? openSections[sec.title] : sec.open;
          d.addEventListener("toggle", () => { openSections[sec.title] = d.open; });
          const sum = el("summary"); sum.append(el("span", "", sec.title));
          const root = draft[sec.root];
          const body = el("fieldset", "secbody");
          if (sec.optional) {
            const on = get(root, sec.optional) != null;
            const [sw, cb] = switchEl(on, (v) => { put(root, sec.optional, v ? {} : null); body.disabled = !v;\#
         send(); }, on ? "on" : "off");
            cb.dataset.path = [sec.root, ...sec.optional].join(".");
            sw.addEventListener("click", (e) => e.stopPropagation());
            sum.append(sw); body.disabled = !on;
          }
          d.append(sum);
          body.append(el("p", "doc", sec.doc));
          const inline = new Set();
          for (const c of sec.controls) if (c.type === "color" && c.opacityKey) inline.add(c.path.slice(0,\#
         -1).concat(c.opacityKey).join("."));
          for (const c of sec.controls) if (!inline.has(c.path.join("."))) body.append(row(sec, c, root));
          d.append(body);
          return d;
        }
        function row(sec, c, root) {
          const r = el("div", "row"); r.title = c.doc; r.dataset.key = [sec.root, ...c.path].join(".");
          const id = "c-" + r.dataset.key.replace(/\./g, "-");
          const label = el("label", "", c.label); label.htmlFor = id; r.append(label);
          if (c.when) { r.dataset.whenPath = JSON.stringify([sec.root, ...c.path.slice(0, -1), c.when.key]);\#
         r.dataset.whenValues = JSON.stringify(c.when.values); }
          const cur = get(root, c.path);
          // Off, a key that may be missing but not null is left out.
          const write = (v) => {
            if (v === null && c.leavesOut) drop(root, c.path); else put(root, c.path, v);
            send();
          };
          let w;
          if (c.type === "color" && c.opacityKey) {
            const op = sec.controls.find((o) => same(o.path, c.path.slice(0, -1).concat(c.opacityKey)));
            const opPath = op.path, opValue = get(root, opPath);
            w = colorEl(cur == null ? c.default : cur, id, write, opValue == null ? op.default : opValue, (a) =>\#
         { put(root, opPath, a); send(); }, op.step);
            w.querySelector("input[type=range]").dataset.path = [sec.root, ...opPath].join(".");
          } else if (c.type === "color") {
            w = colorEl(cur == null ? c.default : cur, id, write, null, null, 0);
          } else if (c.type === "variants") {
            w = variantsEl(c, cur || {}, id, write);
          } else if (c.type === "nullable") {
            w = nullableEl(c, cur === undefined ? c.default : cur, id, write);
          } else {
            w = widget(c, cur == null ? c.default : cur, id, write);
          }
          const first = w.querySelector(c.type === "nullable" ? ".inner input, .inner select" : "input, select");
          if (first) first.dataset.path = r.dataset.key;
          if (c.type === "nullable") w.querySelector("input[data-nullable]").dataset.nullable = r.dataset.key;
          r.append(w);
          return r;
        }
        function rangeText(k) { return (k.aboveMin ? "> " : "") + bound(k.min) + " \u2013 " + bound(k.max); }
        function widget(k, value, id, onValue) {
          const box = el("div", "ctl");
          if (k.type === "number") {
            const input = el("input"); input.type = "number"; input.id = id; input.min = k.min; input.max =\#
         k.max; input.step = k.step; input.value = num(value);
            input.addEventListener("change", () => {
              if (input.value === "" || !isFinite(Number(input.value))) { showError(id.slice(2).replace(/-/g,\#
         ".") + ": expected a number, " + rangeText(k)); return; }
              onValue(Number(input.value));
            });
            box.append(input);
            if (k.unit) box.append(el("span", "unit", k.unit));
            box.append(el("span", "range", rangeText(k)));
          } else if (k.type === "toggle") {
            const [sw, cb] = switchEl(!!value, onValue); cb.id = id; box.append(sw);
          } else if (k.type === "choice") {
            const s = el("select"); s.id = id;
            for (const o of k.options) { const opt = el("option", "", o); opt.value = o; s.append(opt); }
            s.value = value; s.addEventListener("change", () => { onValue(s.value); showWhen(); });
            box.append(s);
          } else if (k.type === "size" || k.type === "point") {
            const point = k.type === "point";
            const pair = (value && value.length === 2) ? value.slice() : [1, 1];
            [0, 1].forEach((i) => {
              const input = el("input"); input.type = "number"; input.min = point ? -k.max : 0; input.max =\#
         k.max; input.step =\#
         k.step; input.value = num(pair[i]);
              if (i === 0) input.id = id;
              input.setAttribute("aria-label", point ? (i === 0 ? "x" : "y") : (i === 0 ? "width" : "height"));
              input.addEventListener("change", () => { pair[i] = Number(input.value); onValue(pair.slice()); });
              if (i === 1) box.append(el("span", "times", point ? "," : "\u00D7"));
              box.append(input);
            });
            box.querySelectorAll("input").forEach((i) => { i.style.width = "64px"; });
          } else if (k.type === "lengths") {
            const input = el("input"); input.type = "text"; input.id = id; input.placeholder = "solid";\#
         input.value = (value || []).map(num).join(" ");
            input.setAttribute("inputmode", "decimal");
            input.addEventListener("change", () => {
              const parts = input.value.trim() === "" ? [] : input.value.trim().split(/[\s,]+/);
              const v = parts.map(Number);
              if (v.some((x) => !isFinite(x))) { showError(id.slice(2).replace(/-/g, ".") + ": expected lengths\#
         in points separated by spaces, e.g. 4 4"); return; }
              onValue(v);
            });
            box.append(input, el("span", "unit", "pt"), el("span", "range", "empty: solid"));
          } else if (k.type === "json") {   // a key of a shape of its own: its value as JSON
            const input = el("input"); input.type = "text"; input.id = id; input.value = JSON.stringify(value);
            input.addEventListener("change", () => {
              let v;
              try { v = JSON.parse(input.value); } catch (e) {
                showError(id.slice(2).replace(/-/g, ".") + ": expected a JSON value"); return;
              }
              onValue(v);
            });
            box.append(input);
          }
          return box;
        }
        function colorEl(hex, id, onHex, alpha, onAlpha, step) {
          const box = el("div", "ctl");
          const pick = el("input"); pick.type = "color"; pick.id = id; pick.value = hex.slice(0, 7).toLowerCase();
          const inHex = onAlpha === null;
          if (inHex) alpha = hex.length === 9 ? parseInt(hex.slice(7), 16) / 255 : 1;
          const slider = el("input"); slider.type = "range"; slider.min = 0; slider.max = 1; slider.step = inHex\#
         ? 1 / 255 : step; slider.value = alpha;
          slider.setAttribute("aria-label", "opacity");
          const pct = el("span", "pct", Math.round(alpha * 100) + "%");
          const hexOut = () => {
            const a = Math.round(Number(slider.value) * 255);
            return pick.value.toUpperCase() + (a === 255 ? "" : a.toString(16).toUpperCase().padStart(2, "0"));
          };
          pick.addEventListener("change", () => onHex(inHex ? hexOut() : pick.value.toUpperCase()));
          slider.addEventListener("input", () => { pct.textContent = Math.round(Number(slider.value) * 100) + "%"; });
          slider.addEventListener("change", () => { if (inHex) onHex(hexOut()); else onAlpha(Number(slider.value)); });
          box.append(pick, slider, pct);
          return box;
        }
        function nullableEl(c, value, id, onValue) {
          const box = el("div", "ctl");
          let on = value !== null, last = on ? value : c.on;
          const inner = widget(Object.assign({}, c.value), last, id, (v) => { last = v; if (on) onValue(v); });
          inner.classList.add("inner");
          const [sw, cb] = switchEl(on, (v) => { on = v; setOff(); onValue(on ? last : null); });
          cb.dataset.nullable = "1";
          const offText = el("span", "range", c.offLabel);
          function setOff() { inner.classList.toggle("off", !on); inner.querySelectorAll("input,\#
         select").forEach((i) => { i.disabled = !on; }); offText.hidden = on; }
          setOff();
          box.append(sw, inner, offText);
          return box;
        }
        function variantsEl(c, object, id, onObject) {
          const box = el("div", "ctl");
          const keys = [...new Set(c.variants.map((v) => v.key))];
          let index = c.variants.findIndex((v) => "constant" in v && v.key in object && same(object[v.key],\#
         v.constant));
          if (index < 0) index = c.variants.findIndex((v) => !("constant" in v) && v.key in object &&\#
         object[v.key] !== null && typeof object[v.key] !== "string");
          if (index < 0) index = 0;
          const s = el("select"); s.id = id;
          c.variants.forEach((v, i) => { const o = el("option", "", v.label); o.value = String(i); s.append(o); });
          s.value = String(index);
          const values = c.variants.map((v, i) => (i === index ? object[v.key] : v.initial));
          const emit = () => {
            const v = c.variants[Number(s.value)], next = clone(object);
            for (const k of keys) delete next[k];
            next[v.key] = "constant" in v ? v.constant : values[Number(s.value)];
            onObject(next);
          };
          box.append(s);
          let inner = null;
          const showInner = () => {
            if (inner) inner.remove(); inner = null;
            const i = Number(s.value), v = c.variants[i];
            if (v.value) { inner = widget(v.value, values[i], id + "-value", (x) => { values[i] = x; emit(); });\#
         inner.style.display = "contents"; box.append(inner); }
          };
          s.addEventListener("change", () => { showInner(); emit(); });
          showInner();
          return box;
        }
        // Controls shown only for some values of a sibling (an animation curve's parameters).
        function showWhen() {
          for (const r of document.querySelectorAll(".row[data-when-path]")) {
            const p = JSON.parse(r.dataset.whenPath), values = JSON.parse(r.dataset.whenValues);
            r.hidden = !values.includes(get(draft, p));
          }
        }
        // Before sending: keys shown only for some sibling values are left out otherwise (and get
        // their defaults when they appear).
        function normalize() {
          for (const sec of S.controls) for (const c of sec.controls) {
            if (!c.when) continue;
            const root = draft[sec.root], parent = c.path.slice(0, -1);
            if (get(root, parent) == null) continue;
            if (c.when.values.includes(get(root, parent.concat(c.when.key)))) { if (get(root, c.path) ===\#
         undefined) put(root, c.path, c.default); } else drop(root, c.path);
          }
        }
        function send() { clearTimeout(applyTimer); applyTimer = setTimeout(applyForm, 60); }
        async function applyForm() {
          normalize();
          const body = clone(draft);
          if (body.editor) { delete body.editor.image; delete body.editor.faces; }   // the served ones stay
          const s = await api("/api/apply", body);
          if (s) { applyState(s); refresh(); window.playground.applied = (window.playground.applied || 0) + 1; }
        }

        api("/api/state").then((s) => { applyState(s); refresh(); });
        </script></body></html>
        """#
}
