// The new championship form shows only the parts the choices made use: a stage's own fields
// when that stage is chosen, the team match for teams, a table's games for best of or first
// to, and the scoring the table will have. A part is hidden and its fields disabled, so the
// browser does not send what the server would not read. Where a table scores by place or can
// be drawn, the server lists on the form (data-by-place, data-drawn-tables,
// data-drawn-team-matches), found by its own reading of those choices, so this script holds
// no rule of the game. Without it every part is shown, each saying when it is used.
(function () {
  "use strict";
  var form = document.getElementById("new-championship");
  if (!form) {
    return;
  }
  var parts = form.querySelectorAll("[data-shown-for]");

  function sent(name) {
    var field = form.elements[name];
    // A disabled field is not sent, so it counts as empty, as the server reads it.
    if (!field || field.disabled) {
      return "";
    }
    if (field.type === "checkbox") {
      return field.checked ? "on" : "";
    }
    return field.value.trim();
  }

  function listed(attribute, key) {
    return (form.getAttribute(attribute) || "").split(" ").indexOf(key) !== -1;
  }

  function byPlace() {
    return sent("entrants") !== "teams" && listed("data-by-place", sent("seats") + "/" + sent("partnerships"));
  }

  function canDraw() {
    if (sent("entrants") === "teams") {
      return listed("data-drawn-team-matches", sent("singles_games") + "/" + sent("pairs_games"));
    }
    var table = [sent("seats"), sent("partnerships"), sent("table_play"), sent("table_games")];
    return listed("data-drawn-tables", table.join("/"));
  }

  function value(name) {
    if (name === "by-place") {
      return byPlace() ? "yes" : "no";
    }
    if (name === "can-draw") {
      return canDraw() ? "yes" : "no";
    }
    return sent(name);
  }

  function hiddenWithin(control) {
    for (var node = control.parentElement; node && node !== form; node = node.parentElement) {
      if (node.hidden) {
        return true;
      }
    }
    return false;
  }

  function update() {
    // Twice: a choice may itself be in a part (partners only at four), and once that part is
    // hidden its field counts as empty for the parts that follow from it.
    for (var round = 0; round < 2; round++) {
      for (var i = 0; i < parts.length; i++) {
        var wanted = parts[i].getAttribute("data-values").split(" ");
        parts[i].hidden = wanted.indexOf(value(parts[i].getAttribute("data-shown-for"))) === -1;
      }
      for (var j = 0; j < form.elements.length; j++) {
        var control = form.elements[j];
        if (control.tagName !== "FIELDSET" && control.type !== "hidden" && control.type !== "submit") {
          control.disabled = hiddenWithin(control);
        }
      }
    }
  }

  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
