// Running totals while a scorer types a game's hands, one line per hand as the form explains.
// A convenience only: without it the form works the same, and the server checks everything.
(function () {
  "use strict";

  // The hand's two scores, before any pegs after a bar: "14 9", "14-9" or "14, 9".
  function score(line) {
    var match = line.split("|")[0].trim().match(/^(\d+)\s*[\s,-]\s*(\d+)$/);
    return match ? [Number(match[1]), Number(match[2])] : null;
  }

  document.querySelectorAll("textarea.hands").forEach(function (area) {
    var totals = document.createElement("p");
    totals.className = "hint live-totals";
    totals.setAttribute("aria-live", "polite");
    area.insertAdjacentElement("afterend", totals);

    function update() {
      var home = 0, away = 0, hands = 0, unread = 0;
      area.value.split("\n").forEach(function (line) {
        if (!line.trim()) {
          return;
        }
        var hand = score(line);
        if (hand) {
          home += hand[0];
          away += hand[1];
          hands += 1;
        } else {
          unread += 1;
        }
      });
      if (hands === 0 && unread === 0) {
        totals.textContent = "";
        return;
      }
      totals.textContent = "After " + hands + (hands === 1 ? " hand: " : " hands: ") +
        area.dataset.home + " " + home + ", " + area.dataset.away + " " + away +
        (unread ? " (" + unread + (unread === 1 ? " line" : " lines") + " not read yet)" : "");
    }

    area.addEventListener("input", update);
    update();
  });
})();
