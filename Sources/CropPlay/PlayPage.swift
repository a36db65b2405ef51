/// The playground page: the editor's frame (rendered by the server), pointer input turned
/// into fingers, a side panel with the frame's trace values, the buttons, record/stop and a
/// form for the editor generated from the scenario schema.
enum PlayPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">
        <title>CropReplay playground</title>
        <style>
        body { font: 13px system-ui, sans-serif; margin: 0; display: flex; gap: 16px; padding: 12px; background: #f4f4f4; }
        #stage { position: relative; flex: none; }
        #frame { display: block; touch-action: none; user-select: none; -webkit-user-drag: none; background: #222; cursor: grab; }
        #side { flex: 1; min-width: 280px; max-width: 460px; }
        #side section { background: #fff; border-radius: 6px; padding: 8px 10px; margin-bottom: 10px; }
        #values { font: 12px ui-monospace, monospace; white-space: pre; }
        #error { color: #b00; min-height: 1em; }
        button { margin: 2px; }
        fieldset { border: 1px solid #ddd; margin: 4px 0; padding: 2px 6px; }
        legend { font-weight: 600; }
        label { display: flex; justify-content: space-between; gap: 8px; margin: 2px 0; }
        label input[type=number], label select, label input[type=text] { width: 150px; }
        .rec { color: #c00; font-weight: 600; }
        </style></head>
        <body>
        <div id="stage"><img id="frame" alt="the editor's current frame" draggable="false"></div>
        <div id="side">
          <section><b id="title">CropReplay playground</b>
            <div>Drag with one finger or the mouse; pinch with two fingers, ctrl/cmd + wheel or a trackpad; twist with two fingers or shift + drag.</div>
            <div id="stats">-</div></section>
          <section>
            <button id="record">Record</button><button id="stop" disabled>Stop</button>
            <a id="dlScenario" download hidden>scenario.json</a> <a id="dlCdp" download hidden>cdp.jsonl</a>
            <span id="recState"></span><br>
            <button data-b='{"quarterTurn":"counterclockwise"}'>&#x21BA; turn</button>
            <button data-b='{"quarterTurn":"clockwise"}'>&#x21BB; turn</button>
            <button data-b='{"flip":"horizontal"}'>flip &#x2194;</button>
            <button data-b='{"flip":"vertical"}'>flip &#x2195;</button>
            <button data-b='{"aspect":"original"}'>original</button>
            <button data-b='{"aspect":"free"}'>free</button>
            <button data-b='{"aspect":[1,1]}'>1:1</button>
            <button data-b='{"restore":true}'>restore</button>
            <button id="reset">reset</button>
            <div id="error"></div></section>
          <section><b>Current frame</b><div id="values"></div></section>
          <section><b>Editor</b> <button id="apply">Apply</button><form id="form"></form></section>
        </div>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const img = $("frame");
        let S = null;                 // /api/state
        const fingers = new Map();    // page id -> [x, y] in points, in landing order
        let touchesDirty = false, inFlight = false, clockStart = 0, framesSent = 0, active = false, lastUrl = null;
        let settling = false, recording = false, frameTimes = [];
        window.playground = { frames: 0, values: null, errors: [] };

        function showError(text) { $("error").textContent = text || ""; if (text) window.playground.errors.push(text); }

        async function api(path, body) {
          const r = await fetch(path, { method: body === undefined ? "GET" : "POST", body: body === undefined ? undefined : JSON.stringify(body) });
          const j = await r.json();
          if (!r.ok) { showError(j.error); return null; }
          showError("");
          return j;
        }

        function applyState(s) {
          if (!s) return;
          S = s; window.playground.editor = s.editor;
          img.style.width = s.viewport[0] + "px"; img.style.height = s.viewport[1] + "px";
          $("title").textContent = "CropReplay playground: " + s.name + " (" + s.fps + " fps)";
          recording = s.recording;
          $("record").disabled = recording; $("stop").disabled = !recording;
          $("recState").innerHTML = recording ? '<span class="rec">&#x25CF; recording</span>' : "";
          buildForm(s.editor, s.schema);
          kick();
        }

        // --- Pointer input into fingers -------------------------------------------------------
        function toPoints(e) {
          const r = img.getBoundingClientRect();
          return [(e.clientX - r.left) * S.viewport[0] / r.width, (e.clientY - r.top) * S.viewport[1] / r.height];
        }
        function setFinger(id, p) { fingers.set(id, p); touchesDirty = true; kick(); }
        function liftFinger(id) { if (fingers.delete(id)) { touchesDirty = true; kick(); } }

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
            setFinger("twistA", [twist.c[0] - dx, twist.c[1] - dy]); setFinger("twistB", [twist.c[0] + dx, twist.c[1] + dy]);
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
          setFinger("wheelA", [wheel.c[0] - wheel.d / 2, wheel.c[1]]); setFinger("wheelB", [wheel.c[0] + wheel.d / 2, wheel.c[1]]);
          clearTimeout(wheel.timer);
          wheel.timer = setTimeout(() => { wheel = null; liftFinger("wheelA"); liftFinger("wheelB"); }, 200);
        }, { passive: false });

        // --- The frame loop: one tick request per display frame while anything moves --------
        function kick() {
          if (!active) { active = true; clockStart = performance.now() - 1000 / S.fps; framesSent = 0; requestAnimationFrame(loop); }
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
          if (due > 30) { clockStart = performance.now() - 1000 / S.fps; framesSent = 0; } else { framesSent += frames; }
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
          if (!r.ok) { showError((await r.json()).error); fingers.clear(); return; }
          const values = JSON.parse(r.headers.get("X-Frame"));
          const url = URL.createObjectURL(await r.blob());
          img.src = url; if (lastUrl) URL.revokeObjectURL(lastUrl); lastUrl = url;
          settling = values.settling; recording = values.recording;
          showValues(values);
        }
        // The current frame without advancing time (after a reset, a new editor, a recording).
        async function refresh() { await tick({ frames: 0 }); if (settling) kick(); }
        function showValues(v) {
          window.playground.frames++; window.playground.values = v;
          const now = performance.now(); frameTimes.push(now); while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
          $("stats").textContent = frameTimes.length + " frames/s shown; server frame time " + v.frameMs.toFixed(1) + " ms";
          const f = (x) => Number(x).toFixed(3);
          $("values").textContent = "frame " + v.frame + "  t " + f(v.t) + " s\nzoom " + f(v.zoom) + "  valid " + v.valid +
            "  angle " + f(v.angle) + "\ncentre (" + f(v.cx) + ", " + f(v.cy) + ")\nbox [" + v.box.map(f).join(", ") + "]\nmask " + f(v.mask) +
            "  animating " + v.animating + "  settling " + v.settling + "\npan " + v.pan + "  pinch " + v.pinch + "  rotation " + v.rotation;
        }

        // --- Buttons and recording --------------------------------------------------------------
        document.querySelectorAll("button[data-b]").forEach((b) => b.addEventListener("click", async () => {
          const s = await api("/api/button", JSON.parse(b.dataset.b)); if (s) { settling = true; kick(); }
        }));
        $("reset").addEventListener("click", async () => { applyState(await api("/api/reset", {})); refresh(); });
        $("record").addEventListener("click", async () => {
          $("dlScenario").hidden = true; $("dlCdp").hidden = true;
          applyState(await api("/api/record", {})); refresh();
        });
        $("stop").addEventListener("click", async () => {
          fingers.clear(); touchesDirty = true;
          const r = await api("/api/stop", {});
          if (r && r.scenario) {
            window.playground.recorded = r;
            $("dlScenario").href = "/api/recording/scenario.json"; $("dlScenario").hidden = false;
            $("dlCdp").href = "/api/recording/cdp.jsonl"; $("dlCdp").hidden = false;
          }
          applyState(await api("/api/state"));
        });

        // --- The editor form, generated from the schema -----------------------------------------
        function resolve(schema, root) { while (schema && schema.$ref) schema = root.definitions[schema.$ref.split("/").pop()]; return schema || {}; }
        function buildForm(editor, root) {
          const form = $("form"); form.innerHTML = "";
          const def = resolve(root.properties.editor, root);
          for (const [key, sub] of Object.entries(def.properties)) {
            if (key === "image") continue;   // the served image stays
            form.appendChild(field(key, resolve(sub, root), editor[key], root, [key]));
          }
        }
        function field(key, schema, value, root, path) {
          if (schema.type === "object" && schema.properties) {
            const fs = document.createElement("fieldset"); const lg = document.createElement("legend"); lg.textContent = key; fs.appendChild(lg);
            for (const [k, s] of Object.entries(schema.properties)) fs.appendChild(field(k, resolve(s, root), value ? value[k] : undefined, root, path.concat(k)));
            return fs;
          }
          const label = document.createElement("label"); label.textContent = key;
          let input;
          if (schema.enum) {
            input = document.createElement("select");
            for (const v of schema.enum) { const o = document.createElement("option"); o.value = JSON.stringify(v); o.textContent = String(v); input.appendChild(o); }
            input.value = JSON.stringify(value);
          } else if (schema.type === "boolean") {
            input = document.createElement("input"); input.type = "checkbox"; input.checked = !!value;
          } else if (schema.type === "number" || schema.type === "integer") {
            input = document.createElement("input"); input.type = "number"; input.step = "any"; input.value = value;
          } else {
            input = document.createElement("input"); input.type = "text"; input.value = JSON.stringify(value === undefined ? null : value);
          }
          input.dataset.path = JSON.stringify(path); input.dataset.kind = schema.enum ? "enum" : schema.type || "json";
          // A key the editor does not have (another curve's parameter, say) is sent only once edited.
          if (value === undefined) { input.dataset.absent = "1"; if (input.type !== "checkbox" && !schema.enum) input.value = ""; }
          input.addEventListener("change", () => { input.dataset.touched = "1"; });
          label.appendChild(input); return label;
        }
        $("apply").addEventListener("click", async () => {
          const editor = JSON.parse(JSON.stringify(S.editor)); delete editor.image;
          for (const input of $("form").querySelectorAll("[data-path]")) {
            const path = JSON.parse(input.dataset.path); let v;
            if (input.dataset.absent && !input.dataset.touched) continue;
            try {
              if (input.dataset.kind === "boolean") v = input.checked;
              else if (input.dataset.kind === "number" || input.dataset.kind === "integer") v = Number(input.value);
              else v = JSON.parse(input.value);
            } catch (err) { showError(path.join(".") + ": " + err.message); return; }
            let o = editor; for (const k of path.slice(0, -1)) { if (o[k] == null) o[k] = {}; o = o[k]; }
            o[path[path.length - 1]] = v;
          }
          const s = await api("/api/editor", editor); if (s) { applyState(s); refresh(); }
        });

        api("/api/state").then((s) => { applyState(s); refresh(); });
        </script></body></html>
        """#
}
