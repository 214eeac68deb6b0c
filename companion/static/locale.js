// Times and numbers in the reader's own language and time zone (companion/web/i18n.py). The server
// writes a stored time as language-neutral UTC text in <time datetime="…" data-style="…"> and a
// number as <data class="number" value="…">: its clock is UTC, and it does not know the reader's
// time zone. This file shows them with the browser's own formats (Intl) in the page's language
// (<html lang>) and the device's time zone. Without JavaScript the server's text stays.
// No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";

  var STYLES = {
    "short": { dateStyle: "short", timeStyle: "short" }, // a date and time: 23.11.2026, 06:58
    "clock": { timeStyle: "medium" } // a time of day: 06:58:50
  };

  // From the element's attribute, not its text: running again (after a swap) changes nothing.
  function localize() {
    var lang = document.documentElement.lang || undefined;
    document.querySelectorAll("time[data-style]").forEach(function (el) {
      var moment = new Date(el.dateTime), style = STYLES[el.dataset.style];
      if (style && !isNaN(moment.getTime())) {
        el.textContent = new Intl.DateTimeFormat(lang, style).format(moment);
      }
    });
    document.querySelectorAll("data.number").forEach(function (el) {
      var value = Number(el.value);
      if (el.value !== "" && !isNaN(value)) {
        el.textContent = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(value);
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", localize);
  } else {
    localize();
  }
  document.addEventListener("htmx:afterSettle", localize);
})();
