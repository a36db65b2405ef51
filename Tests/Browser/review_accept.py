#!/usr/bin/env python3
"""Drives `cropreplay review`'s page in headless Chromium over the DevTools protocol (the
launcher and CDP client of playground_cdp.py).

    review_accept.py URL CHROMIUM OUTDIR ACCEPT SKIP

Opens the page, reads what it lists, clicks Accept (a real mouse click) on the item named
ACCEPT and Skip on the item named SKIP, waiting for each outcome. Then, from a page of
another origin (a data: URL) holding the review's token, tries to accept SKIP twice: with
fetch and the token header (a CORS request) and as a simple no-cors POST (no header); and
finally clicks Finish. Writes OUTDIR/result.json. Exit 0 when it ran, 1 with a message.
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_cdp import chromium_page, wait_for  # noqa: E402


def main():
    url, chromium, out, accept, skip = sys.argv[1:6]
    result = {}
    with chromium_page(chromium, "1200,1400") as cdp:
        cdp.call("Page.navigate", url=url)
        wait_for(cdp, "document.querySelectorAll('.item').length > 0 && "
                 "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)",
                 "the review page and its images to load")
        result["items"] = cdp.evaluate(
            "Array.from(document.querySelectorAll('.item')).map(i => ({name: i.dataset.name,"
            " heading: i.querySelector('h2').textContent, diffViews: i.querySelectorAll('.diffview').length,"
            " plots: i.querySelectorAll('svg').length, traceRows: i.querySelectorAll('table tr').length,"
            " accept: i.querySelector('button.accept') !== null}))")
        result["headline"] = cdp.evaluate("document.querySelector('h1').textContent")
        token = cdp.evaluate("document.querySelector('meta[name=cropreplay-token]').content")

        def click(selector):
            r = cdp.evaluate("(() => { const b = document.querySelector(%s); b.scrollIntoView({block: 'center'});"
                             " const r = b.getBoundingClientRect();"
                             " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()" % json.dumps(selector))
            for kind in ("mousePressed", "mouseReleased"):
                cdp.call("Input.dispatchMouseEvent", type=kind, x=r["x"], y=r["y"], button="left", clickCount=1)

        def item(name):
            return ".item[data-name=%s]" % json.dumps(name)

        click(item(accept) + " button.accept")
        wait_for(cdp, "document.querySelector(%s).dataset.decision !== 'pending'" % json.dumps(item(accept)),
                 "the Accept to be answered", timeout=60)
        click(item(skip) + " button.skip")
        wait_for(cdp, "document.querySelector(%s).dataset.decision !== 'pending'" % json.dumps(item(skip)),
                 "the Skip to be answered")
        result["decisions"] = cdp.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('.item')).map(i => [i.dataset.name,"
            " {decision: i.dataset.decision, outcome: i.querySelector('.outcome').textContent}]))")

        # Another origin that somehow holds the token cannot decide.
        cdp.call("Page.navigate", url="data:text/html,<title>elsewhere</title>")
        wait_for(cdp, "document.title === 'elsewhere'", "the other page to load")
        base = url.rstrip("/")
        result["crossOrigin"] = cdp.evaluate("""(async () => {
            const out = {};
            try {
              const r = await fetch(%(base)s + '/api/accept', {method: 'POST', headers: {'Content-Type':
                'application/json', 'X-CropReplay-Token': %(token)s}, body: JSON.stringify({scenario: %(skip)s})});
              out.cors = 'answered ' + r.status;
            } catch (e) { out.cors = 'refused'; }
            try {
              await fetch(%(base)s + '/api/accept', {method: 'POST', mode: 'no-cors',
                body: JSON.stringify({scenario: %(skip)s})});
              out.simple = 'sent';
            } catch (e) { out.simple = 'refused'; }
            return out;
        })()""" % {"base": json.dumps(base), "token": json.dumps(token), "skip": json.dumps(skip)})

        cdp.call("Page.navigate", url=url)
        wait_for(cdp, "document.getElementById('finish') !== null", "the review page to load again")
        click("#finish")
        wait_for(cdp, "document.body.dataset.finished !== undefined", "Finish to be answered")
        result["finished"] = cdp.evaluate("document.getElementById('done').textContent")
    with open(os.path.join(out, "result.json"), "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print(f"review_accept.py: {e}", file=sys.stderr)
        sys.exit(1)
