// A calendar's "Subscribe" link made a webcal: address of this site, so that a phone's
// calendar follows the fixtures as they change. Without this script the link fetches the
// calendar file once, which a calendar can still import.
(function () {
  "use strict";
  var links = document.querySelectorAll("a[data-subscribe]");
  for (var i = 0; i < links.length; i++) {
    var link = links[i];
    var path = link.getAttribute("href");
    if (path && path.charAt(0) === "/") {
      link.setAttribute("href", "webcal://" + window.location.host + path);
    }
  }
})();
