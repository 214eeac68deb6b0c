// Tap to pick (issue 23): in a holding cell (Lockup Roll Call, [data-taps]) every tile has two tap
// targets, the tile itself and, on the seat's own device, its quieter "face down" box:
// - the tile tapped once is picked face up; tapped again it turns face down; a third tap puts it back;
// - "face down" tapped once picks the tile face down (its own box follows); tapped again it takes
//   back just that tap: the tile is as before, face up if it had been picked, else not picked.
// The form keeps its plain fields (a "tile" and a "down" checkbox per tile), so the post is the
// same as without JavaScript, where the server takes a tile ticked "face down" as picked.
// data-taps holds how many tiles may still go face down this round (L-RC6): past it the unticked
// "face down" boxes are disabled and the reason is shown (#holding-cell-down-full).
// No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";

  // The page can tap this way (lockup.css, .taps: the tile's box covers the tile).
  document.documentElement.classList.add("taps");

  function boxes(cell, name) {
    return Array.prototype.slice.call(cell.querySelectorAll("input[name=" + name + "]"));
  }

  function partner(box, name) {
    var tile = box.closest(".lk-tile");
    return tile && tile.querySelector("input[name=" + name + "]");
  }

  function downsLeft(cell) {
    return Number(cell.dataset.taps) - boxes(cell, "down").filter(function (d) { return d.checked; }).length;
  }

  // The L-RC6 limit on the targets: the unticked "face down" boxes are disabled once it is reached.
  function limit(cell) {
    var full = downsLeft(cell) <= 0;
    var reason = cell.querySelector("#holding-cell-down-full");
    boxes(cell, "down").forEach(function (down) {
      var off = full && !down.checked;
      down.disabled = off;
      down.setAttribute("aria-describedby", off && reason ? reason.id : "holding-cell-down-hint");
    });
    if (reason) { reason.hidden = !full || boxes(cell, "down").every(function (d) { return d.checked; }); }
  }

  // A tap on a tile: its checkbox has just been toggled by the browser.
  function cycle(box, cell) {
    var down = partner(box, "down");
    if (box.checked) {
      if (down) { down.checked = false; }  // first tap: picked face up
      return;
    }
    if (down && !down.checked && downsLeft(cell) > 0) {
      box.checked = true;  // second tap: still picked, now face down
      down.checked = true;
      down.dataset.picked = "1";  // "face down" tapped next: back to face up
      return;
    }
    if (down) { down.checked = false; }  // third tap (or no face down left): put back
    var all = cell.querySelector("input[name=all]");
    if (all) { all.checked = false; }
  }

  // A tap on "face down": one tap picks the tile face down; the next one takes that tap back.
  function faceDown(down) {
    var box = partner(down, "tile");
    if (!box) { return; }
    if (down.checked) {
      down.dataset.picked = box.checked ? "1" : "";
      box.checked = true;
    } else {
      box.checked = down.dataset.picked === "1";
    }
  }

  // "All the tiles": picks (or puts back) every tile at once; "face down" then turns one face down.
  function pickAll(all, cell) {
    boxes(cell, "tile").forEach(function (box) {
      box.checked = all.checked;
      var down = partner(box, "down");
      if (down && !all.checked) { down.checked = false; }
    });
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    var cell = box instanceof HTMLInputElement && box.closest("[data-taps]");
    if (!cell) { return; }
    if (box.name === "tile") {
      cycle(box, cell);
    } else if (box.name === "down") {
      faceDown(box);
    } else if (box.name === "all") {
      pickAll(box, cell);
    }
    limit(cell);
  });

  // A holding cell shown again with boxes ticked (a refused post keeps them): the limit at once.
  function limitAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-taps]"), limit);
  }
  document.addEventListener("DOMContentLoaded", limitAll);
  document.addEventListener("htmx:afterSettle", limitAll);
})();
