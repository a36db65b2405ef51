import CropGoldens
import CropJSON
import CropPipeline

/// The review page: per item `check` reports (FAIL, NEW, ERROR, ORPHANED), the check
/// report's own section (report lines, first trace differences, the changed field's plot,
/// the expected/actual diff views) with Accept and Skip buttons, and Finish at the end. The
/// run's token is in the page only (`<meta name="cropreplay-token">`); the page's script
/// sends it with every decision.
package enum ReviewPage {
    package static func html(_ session: ReviewSession, token: String) -> String {
        let counts = Dictionary(grouping: session.items, by: \.label).mapValues(\.count)
        let headline = ["FAIL", "NEW", "ERROR", "ORPHANED"].compactMap { label in
            counts[label].map { "\($0) \(label.lowercased())" }
        }
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay review</title>
            <meta name="cropreplay-token" content="\(HTML.escape(token))">

            """
        out += HTMLReport.style
        out += """
            <style>
            .item { border-top: 1px solid #ccc; margin-top: 20px; }
            .decide { display: flex; gap: 10px; align-items: center; margin: 10px 0; }
            .decide button, #finish { font-size: 14px; padding: 4px 14px; }
            .item[data-decision=accepted] .decide .outcome { color: #1a7f37; }
            .item[data-decision=skipped] .decide .outcome { color: #555; }
            .outcome { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; }
            #done { font-weight: bold; }
            </style>
            </head><body>
            <h1>CropReplay review: \(session.items.count) to decide (\(headline.joined(separator: ", "))),\
             \(session.passed) passed</h1>
            <p>Accept records the scenario's golden as <code>cropreplay record</code> would (an orphaned golden folder\
             is removed as <code>record --prune</code> would); Skip leaves it as it is. Finish ends the review.</p>

            """
        for item in session.items {
            // A reloaded page shows the decisions made so far.
            var decision = "pending"
            var outcome = ""
            switch item.decision {
            case .pending: break
            case .skipped: decision = "skipped"
            case .accepted(let lines):
                decision = "accepted"
                outcome = "accepted: " + lines.joined(separator: "\n")
            }
            out += "<section class=\"item\" data-name=\"\(HTML.escape(item.name))\" data-decision=\"\(decision)\">\n"
            if let result = item.result {
                out += HTMLReport.section(result, imagePrefix: "artifacts/")
            } else if let folder = item.orphanFolder {
                out += "<h2 class=\"error\">\(HTML.escape(item.name)) — orphaned</h2>\n"
                out += "<pre>\(HTML.escape(folder))/: no scenario named \(HTML.escape(item.name))</pre>\n"
            }
            out += "<div class=\"decide\">"
            if item.acceptable && decision != "accepted" {
                let what = item.orphanFolder == nil ? "record its golden" : "remove the folder"
                out += "<button type=\"button\" class=\"accept\" title=\"\(what)\">Accept</button>"
            }
            if decision != "accepted" { out += "<button type=\"button\" class=\"skip\">Skip</button>" }
            out += "<span class=\"outcome\">\(HTML.escape(outcome))</span></div>\n"
            out += "</section>\n"
        }
        out += """
            <p><button type="button" id="finish">Finish</button> <span id="done"></span></p>

            """
        out += HTMLReport.script
        out += script
        out += "</body></html>\n"
        return out
    }

    /// The buttons: each decision is a POST with the token; the item shows the outcome.
    static let script = """
        <script>
        (function () {
          const token = document.querySelector('meta[name=cropreplay-token]').content;
          function post(path, body) {
            return fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json',
              'X-CropReplay-Token': token}, body: JSON.stringify(body)})
              .then(function (r) { return r.json().then(function (j) { return {ok: r.ok, body: j}; }); });
          }
          document.querySelectorAll('.item').forEach(function (item) {
            const outcome = item.querySelector('.outcome');
            function decide(kind) {
              item.querySelectorAll('.decide button').forEach(function (b) { b.disabled = true; });
              outcome.textContent = kind === 'accept' ? 'recording...' : '';
              post('/api/' + kind, {scenario: item.dataset.name}).then(function (r) {
                if (r.ok) {
                  item.dataset.decision = kind === 'accept' ? 'accepted' : 'skipped';
                  outcome.textContent = (kind === 'accept' ? 'accepted: ' : '') + r.body.lines.join('\\n');
                  if (kind === 'skip') item.querySelectorAll('.decide button').forEach(function (b) {
                    b.disabled = false; });
                } else {
                  item.dataset.decision = 'refused';
                  outcome.textContent = 'refused: ' + r.body.error;
                  item.querySelectorAll('.decide button').forEach(function (b) { b.disabled = false; });
                }
              }, function (e) { outcome.textContent = 'the review is not running: ' + e; });
            }
            const accept = item.querySelector('button.accept');
            if (accept) accept.addEventListener('click', function () { decide('accept'); });
            const skip = item.querySelector('button.skip');
            if (skip) skip.addEventListener('click', function () { decide('skip'); });
          });
          document.getElementById('finish').addEventListener('click', function () {
            post('/api/finish', {}).then(function (r) {
              document.getElementById('done').textContent = r.ok
                ? 'Review finished: ' + (r.body.accepted.length ? 'accepted ' + r.body.accepted.join(', ')
                  : 'nothing accepted') + '. This page can be closed.'
                : 'refused: ' + r.body.error;
              document.body.dataset.finished = r.ok ? 'true' : 'false';
            });
          });
        })();
        </script>

        """
}
