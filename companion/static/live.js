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
  // Two kinds of request replace the panel: an action's answer (which may carry a message, such
  // as a refusal) and the reload the poller asks for when another device moved the table. htmx
  // fixes a request's target when it sends it, so whichever answer lands second finds its panel
  // gone and is dropped; a reload must never win over an action. So no reload is sent while an
  // action is under way (its answer is the fresher table), and an action aborts a reload already
  // sent. Actions are forgotten after 30 s, so a lost answer cannot stop the reloads for good.
  var actions = new Map();  // xhr -> when it was sent

  function busy() {
    var now = Date.now();
    actions.forEach(function (sent, xhr) {
      if (now - sent > 30000) {
        actions.delete(xhr);
      }
    });
    return actions.size > 0;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail || {};
    if (detail.elt && detail.elt.id === "live-refresh") {
      if (busy()) {
        event.preventDefault();
      }
      return;
    }
    if (detail.target && detail.target.id === "game-panel") {
      actions.set(detail.xhr, Date.now());
      var reload = document.getElementById("live-refresh");
      if (reload && window.htmx) {
        window.htmx.trigger(reload, "htmx:abort");
      }
    }
  });
  ["htmx:afterRequest", "htmx:sendError", "htmx:timeout", "htmx:sendAbort"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (event.detail && event.detail.xhr) {
        actions.delete(event.detail.xhr);
      }
    });
  });
  // Any answer at all (even a 204 or a refusal) means the host is back.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status > 0) {
      show(false);
    }
  });
})();
