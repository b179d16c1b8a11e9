// A page that updates itself: the part of the page marked `data-live-feed` listens to the
// live feed it names (server-sent events) and, when something it shows changes, fetches the
// page again and puts the new part in place of the old, so the reader keeps their place and
// nothing reloads. Changes close together are taken as one (at most one fetch a second). The
// part is left alone while the reader is typing in it. Another script may say the part is out
// of date (`live:stale`); each update is announced (`live:updated`). Without this script the page is as it
// was served, and a reload shows what changed.
(function () {
  "use strict";
  var region = document.querySelector("[data-live-feed]");
  if (!region || !window.EventSource || !window.DOMParser || !window.fetch) {
    return;
  }
  var waiting = null;
  var fetching = false;
  var again = false;

  function fieldInside() {
    var active = document.activeElement;
    return active && region.contains(active) &&
      (active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT")
      ? active : null;
  }

  // Typing: a field of the part with something in it. An empty field keeps its focus across
  // the update (a scorer waiting for the next hand keeps the keyboard).
  function typingInside() {
    var field = fieldInside();
    return field !== null && (field.tagName === "SELECT" || field.value !== "");
  }

  function refresh() {
    waiting = null;
    if (fetching || typingInside()) {
      again = true;
      return;
    }
    fetching = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html === null) {
          return;
        }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(region.id);
        if (fresh) {
          var focused = fieldInside();
          region.innerHTML = fresh.innerHTML;
          if (focused && focused.id) {
            var refocus = document.getElementById(focused.id);
            if (refocus) {
              refocus.focus();
            }
          }
          document.dispatchEvent(new Event("live:updated"));
          var status = document.getElementById("live-status");
          if (status) {
            var now = new Date();
            status.textContent = "Updated at " + now.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }) + ".";
          }
        }
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) {
          again = false;
          soon();
        }
      });
  }

  function soon() {
    if (waiting === null) {
      waiting = window.setTimeout(refresh, 1000);
    }
  }

  var feed = new EventSource(region.getAttribute("data-live-feed"));
  ["table", "round", "hands", "fixture", "reload"].forEach(function (kind) {
    feed.addEventListener(kind, soon);
  });
  // Another script knows the part is out of date (a hand it sent was kept).
  document.addEventListener("live:stale", soon);
  region.addEventListener("focusout", function () {
    if (again) {
      again = false;
      soon();
    }
  });
})();
