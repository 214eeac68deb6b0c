// The live table (companion/web/live.py): what htmx cannot do by itself. htmx polls, swaps the
// fresh panel by morphing it (idiomorph) and keeps one request at a time on #game-panel (hx-sync);
// this file
// - posts a step nobody has a choice in as soon as the page shows it;
// - shows "Reconnecting…" while the host cannot be reached, and hides it as soon as a request
//   gets through;
// - brings the reason of a refused tap (an error answer swapped in) into view;
// - keeps, during a refresh caused by another device (the poll's answer), what the player has
//   typed, ticked or chosen but not sent, and the <details> they opened or closed — as long as
//   the panel still asks the same question (data-question of #live-poll). A form that now answers
//   another question is drawn afresh: a value typed for the old one must not be sent for the new.
// No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";

  function show(lost) {
    var el = document.getElementById("live-status");
    if (el) {
      el.hidden = !lost;
    }
    document.body.classList.toggle("live-lost", lost);
  }

  // A request that never reached the host (server stopped, Wi-Fi lost) or timed out.
  document.addEventListener("htmx:sendError", function () { show(true); });
  document.addEventListener("htmx:timeout", function () { show(true); });
  // Any answer at all (even a 204 or a refusal) means the host is back.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status > 0) {
      show(false);
    }
  });

  // A question whose answer is forced (form[data-auto], Lockup) is posted by the page as soon as
  // it shows it, once per event it follows (data-auto). Not htmx's "load" trigger: it fires once
  // per element, and a morph keeps the element from one such step to the next.
  var autoPosted = null;

  document.addEventListener("htmx:load", function (event) {
    var form = document.querySelector("form[data-auto]");
    // Only once htmx has processed the form (the panel's own load, not the seats' beside it).
    if (form && event.target.contains(form) && form.dataset.auto !== autoPosted && window.htmx) {
      autoPosted = form.dataset.auto;
      window.htmx.trigger(form, "submit");
    }
  });

  // Whether the swap under way keeps what the player entered: only a poll's, only while the
  // question stays the same (checked when the poller itself is morphed, before any form).
  var keeping = false;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    keeping = !!elt && elt.id === "live-poll";
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    keeping = false;
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status >= 400) {
      showRefusal(event.detail.target);
    }
  });

  // A refused tap (403, 409, 422: swapped in with its reason, base.html) must be seen where the
  // player is looking: the reason is brought into view, wherever the tap was on a long page. A
  // panel that focuses its own prompt (autofocus: Lockup's, which repeats the reason there) is
  // left to htmx, which focuses it after the swap.
  function showRefusal(target) {
    var scope = target && target.isConnected ? target : document.getElementById("main");
    var alert = scope && scope.querySelector("[role=alert]");
    if (alert && !scope.querySelector("[autofocus]")) {
      alert.scrollIntoView({block: "center"});
    }
  }

  // What the player changed on this page and has not sent: the live value differs from the one
  // the page was drawn with (a hidden field never does).
  function entered(el) {
    if (el instanceof HTMLInputElement) {
      if (el.type === "checkbox" || el.type === "radio") {
        return el.checked !== el.defaultChecked;
      }
      return el.type !== "hidden" && el.value !== el.defaultValue;
    }
    if (el instanceof HTMLTextAreaElement) {
      return el.value !== el.defaultValue;
    }
    if (el instanceof HTMLOptionElement) {
      var select = el.closest("select");
      return !!select && chosen(select);
    }
    return false;
  }

  // Whether the player changed what a <select> shows. Without a "selected" attribute a single
  // choice shows its first option: that is what it was drawn with.
  function chosen(select) {
    var options = Array.prototype.slice.call(select.options);
    if (select.multiple) {
      return options.some(function (o) { return o.selected !== o.defaultSelected; });
    }
    var drawn = options.findIndex(function (o) { return o.defaultSelected; });
    return select.selectedIndex !== (drawn < 0 ? 0 : drawn);
  }

  function install(morph) {
    var callbacks = morph.defaults.callbacks;
    callbacks.beforeNodeMorphed = function (old, fresh) {
      if (keeping && old.id === "live-poll" && fresh.getAttribute) {
        keeping = old.getAttribute("data-question") === fresh.getAttribute("data-question");
      }
      return true;
    };
    callbacks.beforeAttributeUpdated = function (name, el) {
      if (!keeping) {
        return true;
      }
      if (name === "open" && el instanceof HTMLDetailsElement) {
        return false;  // opened or closed by the player: stays so
      }
      if (name === "value" || name === "checked" || name === "selected") {
        return !entered(el);
      }
      return true;
    };
  }

  // The extension runs (deferred) before this file, which comes later in <head>.
  if (window.Idiomorph) {
    install(window.Idiomorph);
  }
})();
