// Keeps a result form's draft in this browser while it is typed, so that a dropped connection or
// a closed tab loses nothing: saved at every change, keyed by the fixture, put back when the
// empty form is opened again, and forgotten once the fixture's page says the result was kept.
// A convenience only: without it the form works the same.
(function () {
  "use strict";

  var storage;
  try {
    storage = window.localStorage;
  } catch (error) {
    return;
  }
  if (!storage) {
    return;
  }

  // The fixture's page after a submission: the draft has done its work.
  document.querySelectorAll("[data-clear-draft]").forEach(function (element) {
    storage.removeItem(element.getAttribute("data-clear-draft"));
  });

  var form = document.querySelector("form[data-draft]");
  if (!form) {
    return;
  }
  var key = form.getAttribute("data-draft");
  // The token is the session's and changes at login, and the submission key is the form's own
  // (a key kept from a submission since withdrawn would be refused); the rest is the typing.
  var skipped = { csrf_token: true, submission_key: true };

  function fields() {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.name && !skipped[field.name] && field.type !== "submit";
    });
  }

  function save() {
    var draft = {};
    fields().forEach(function (field) {
      if (field.type === "radio") {
        if (field.checked) {
          draft[field.name] = field.value;
        }
      } else {
        draft[field.name] = field.value;
      }
    });
    try {
      storage.setItem(key, JSON.stringify(draft));
    } catch (error) {
      // A full or refused store keeps nothing; the form still works.
    }
  }

  function restore() {
    var saved;
    try {
      saved = JSON.parse(storage.getItem(key) || "null");
    } catch (error) {
      saved = null;
    }
    if (!saved) {
      return false;
    }
    var restored = false;
    fields().forEach(function (field) {
      if (!Object.prototype.hasOwnProperty.call(saved, field.name)) {
        return;
      }
      if (field.type === "radio") {
        field.checked = field.value === saved[field.name];
      } else if (field.value !== saved[field.name]) {
        field.value = saved[field.name];
        restored = true;
      }
    });
    return restored;
  }

  // Only an empty form is filled from the draft: a form shown again with its problems holds
  // what was sent, which is newer.
  if (form.getAttribute("data-fresh") === "true" && restore()) {
    var note = document.createElement("p");
    note.className = "notice draft-restored";
    note.setAttribute("role", "status");
    note.textContent = "The result you were typing on this device has been put back. Check it, then submit.";
    form.insertAdjacentElement("beforebegin", note);
    form.querySelectorAll("textarea.hands").forEach(function (area) {
      area.dispatchEvent(new Event("input"));
    });
  }
  form.addEventListener("input", save);
  form.addEventListener("change", save);
})();
