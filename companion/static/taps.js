// Tap to pick (issue 23): in a holding cell (Lockup Roll Call, [data-taps]) a tile tapped once is
// picked face up, tapped again is turned face down, tapped a third time is put back. The form
// keeps its plain fields (a "tile" checkbox and a "face down" checkbox per tile): without
// JavaScript both are shown and ticked by hand; here the "face down" box is hidden and follows the
// tile's taps. data-taps holds how many tiles may still go face down this round (L-RC6).
// No inline script: the Content-Security-Policy forbids it.
(function () {
  "use strict";

  // The page can tap this way: the "face down" boxes are hidden (lockup.css, .taps).
  document.documentElement.classList.add("taps");

  function boxes(cell, name) {
    return Array.prototype.slice.call(cell.querySelectorAll("input[name=" + name + "]"));
  }

  function downOf(box) {
    var tile = box.closest(".lk-tile");
    return tile && tile.querySelector("input[name=down]");
  }

  // A tap on a tile: its checkbox has just been toggled by the browser.
  function cycle(box, cell) {
    var down = downOf(box);
    if (box.checked) {
      if (down) { down.checked = false; }  // first tap: picked face up
      return;
    }
    var left = Number(cell.dataset.taps) - boxes(cell, "down").filter(function (d) { return d.checked; }).length;
    if (down && !down.checked && left > 0) {
      box.checked = true;  // second tap: still picked, now face down
      down.checked = true;
      return;
    }
    if (down) { down.checked = false; }  // third tap (or no face down left): put back
    var all = cell.querySelector("input[name=all]");
    if (all) { all.checked = false; }
  }

  // "All the tiles": picks (or puts back) every tile at once; a tile tapped afterwards turns face down.
  function pickAll(all, cell) {
    boxes(cell, "tile").forEach(function (box) {
      box.checked = all.checked;
      var down = downOf(box);
      if (down && !all.checked) { down.checked = false; }
    });
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    var cell = box instanceof HTMLInputElement && box.closest("[data-taps]");
    if (!cell) { return; }
    if (box.name === "tile") {
      cycle(box, cell);
    } else if (box.name === "all") {
      pickAll(box, cell);
    }
  });
})();
