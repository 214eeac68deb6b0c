// The live table (companion/web/live.py): shows "Reconnecting…" while the host cannot be
// reached, and hides it again as soon as a request gets through. htmx keeps polling by itself;
// when the host answers again the poll reports whether the game moved meanwhile, and the panel
// reloads if it did. No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";

  function banner() {
    return document.getElementById("live-status");
  }

  function show(lost) {
    var el = banner();
    if (el) {
      el.hidden = !lost;
    }
    document.body.classList.toggle("live-lost", lost);
  }

  // A request that never reached the host (server stopped, Wi-Fi lost) or timed out.
  document.addEventListener("htmx:sendError", function () { show(true); });
  document.addEventListener("htmx:timeout", function () { show(true); });
  // A reload asked for before an action's answer replaced the panel must not swap over that
  // answer (it may carry a message, such as "the table has moved on"): its element is gone.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.id === "live-refresh" && !document.body.contains(elt)) {
      event.detail.shouldSwap = false;
    }
  });
  // Any answer at all (even a 204 or a refusal) means the host is back.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status > 0) {
      show(false);
    }
  });
})();
