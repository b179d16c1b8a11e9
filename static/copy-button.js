// A "Copy" button beside a secret shown once (an API token): it selects the secret and puts it
// on the clipboard where the browser allows, and says which it did. Without this script the
// button stays hidden and the secret is selected and copied by hand.
(function () {
  "use strict";
  var buttons = document.querySelectorAll("button[data-copy]");
  for (var i = 0; i < buttons.length; i++) {
    (function (button) {
      var target = document.getElementById(button.getAttribute("data-copy"));
      var status = document.getElementById(button.getAttribute("data-copy-status"));
      if (!target) {
        return;
      }
      button.hidden = false;
      button.addEventListener("click", function () {
        var range = document.createRange();
        range.selectNodeContents(target);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        var say = function (words) {
          if (status) {
            status.textContent = words;
          }
        };
        var selected = "Selected: copy it with your browser's Copy.";
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(target.textContent).then(
            function () { say("Copied to the clipboard."); },
            function () { say(selected); }
          );
        } else {
          say(selected);
        }
      });
    })(buttons[i]);
  }
})();
