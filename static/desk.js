// The organiser's entrant list, narrowed as a name is typed: every row whose entrant's name
// holds the text (any case) stays, the others are hidden. Without this script the search box
// is not shown and the whole list is there.
(function () {
  "use strict";
  var box = document.getElementById("entrant-search");
  var table = document.getElementById("entrant-list");
  if (!box || !table) {
    return;
  }
  box.hidden = false;
  var label = document.querySelector("label[for='entrant-search']");
  if (label) {
    label.hidden = false;
  }
  var status = document.getElementById("entrant-search-count");
  box.addEventListener("input", function () {
    var wanted = box.value.trim().toLowerCase();
    var rows = table.tBodies[0].rows;
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var name = rows[i].querySelector("th").textContent.toLowerCase();
      var keep = wanted === "" || name.indexOf(wanted) !== -1;
      rows[i].hidden = !keep;
      if (keep) {
        shown++;
      }
    }
    if (status) {
      status.textContent = wanted === "" ? "" : shown + " of " + rows.length + " shown";
    }
  });
})();
