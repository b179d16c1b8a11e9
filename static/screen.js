// The room's screen pages by itself: the round's tables a screenful at a time, then the
// standings a screenful at a time, then again, so a long round is all shown within a minute
// (each screenful shown for up to ten seconds, less when there are many). The round's clock
// counts down each second. After the live feed brings the page up to date, the paging goes on
// from where it was. Without this script every line is shown, as served.
(function () {
  "use strict";
  var FULL_CYCLE_MS = 55000;
  var MOST_PER_PAGE_MS = 10000;
  var clockLeft = null;
  var clockFrom = Date.now();
  var at = 0;

  // Every line the screen pages through, in order, grouped in screenfuls by their height.
  function pages() {
    var lines = [];
    var tables = document.querySelectorAll(".screen-list > li");
    var standings = document.querySelectorAll("#screen-standings tbody tr");
    Array.prototype.forEach.call(tables, function (line) { lines.push(line); });
    Array.prototype.forEach.call(standings, function (line) { lines.push(line); });
    lines.forEach(function (line) { line.classList.remove("screen-hidden"); });
    var room = window.innerHeight * 0.8;
    var made = [];
    var page = [];
    var used = 0;
    var part = null;
    lines.forEach(function (line) {
      var inTables = line.parentNode.classList.contains("screen-list");
      var height = line.getBoundingClientRect().height || 1;
      if (page.length > 0 && (used + height > room || inTables !== part)) {
        made.push(page);
        page = [];
        used = 0;
      }
      part = inTables;
      page.push(line);
      used += height;
    });
    if (page.length > 0) {
      made.push(page);
    }
    return made;
  }

  function show() {
    var made = pages();
    if (made.length <= 1) {
      return MOST_PER_PAGE_MS;
    }
    at = at % made.length;
    made.forEach(function (page, number) {
      page.forEach(function (line) {
        line.classList.toggle("screen-hidden", number !== at);
      });
    });
    var shownTables = made[at][0].parentNode.classList.contains("screen-list");
    var tables = document.getElementById("screen-tables");
    var standings = document.getElementById("screen-standings");
    if (tables) {
      tables.hidden = !shownTables;
    }
    if (standings) {
      standings.hidden = shownTables;
    }
    var marker = document.querySelector(".screen-page");
    if (marker) {
      marker.textContent = "(" + (at + 1) + " of " + made.length + ")";
    }
    return Math.min(MOST_PER_PAGE_MS, FULL_CYCLE_MS / made.length);
  }

  function turn() {
    var wait = show();
    at += 1;
    window.setTimeout(turn, wait);
  }

  function readClock() {
    var clock = document.getElementById("screen-clock");
    clockLeft = clock ? Number(clock.getAttribute("data-left")) : null;
    clockFrom = Date.now();
  }

  function tick() {
    var shown = document.getElementById("clock-left");
    var clock = document.getElementById("screen-clock");
    if (shown && clock && clockLeft !== null) {
      var left = Math.max(0, Math.round(clockLeft - (Date.now() - clockFrom) / 1000));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      shown.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      clock.classList.toggle("out", left === 0);
    }
  }

  document.addEventListener("live:updated", function () {
    readClock();
    tick();
    at = Math.max(0, at - 1);
    show();
    at += 1;
  });
  readClock();
  tick();
  window.setInterval(tick, 1000);
  turn();
})();
