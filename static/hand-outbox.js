// Hands kept on the phone until they reach the table: a hand entered on the table's page goes
// to an outbox in the browser's storage (it survives a reload and a closed tab), then to the
// service, in order, each with the key the page gave it, so a resend keeps it once. Without
// signal the hands wait, and the page says so; they are sent when the connection returns. A
// hand sent after another goes "after" that hand's key, so the service, not the phone, says
// where a game ended. A hand the service refuses stops the outbox, with its words, until the
// player takes it out. Every rule stays with the service: this only keeps and sends.
// Without this script the form posts as usual, one hand at a time.
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  var shown = document.getElementById("hand-outbox");
  if (!shown || !window.fetch || !window.localStorage || !window.JSON) {
    return;
  }
  // Where hands go: the API (a table's page, its link the authority), or the page's own
  // address (a captain's fixture page, signed in, with the form's token) answering in JSON.
  function attribute(name) {
    return (form && form.getAttribute(name)) || shown.getAttribute(name);
  }
  var api = attribute("data-hands-api");
  var post = attribute("data-hands-post");
  if (!api && !post) {
    return;
  }
  var csrf = shown.getAttribute("data-csrf-token") || "";
  var storeKey = "fives-hands:" + (api || post);
  var sending = false;
  var stopped = null;
  var retry = null;

  function load() {
    try {
      var kept = JSON.parse(window.localStorage.getItem(storeKey) || "[]");
      return Array.isArray(kept) ? kept : [];
    } catch (error) {
      return [];
    }
  }

  function save(hands) {
    window.localStorage.setItem(storeKey, JSON.stringify(hands));
  }

  function freshKey() {
    if (window.crypto && window.crypto.getRandomValues) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      return Array.prototype.map.call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
    }
    return String(Date.now()) + String(Math.random()).slice(2);
  }

  function element(tag, text) {
    var made = document.createElement(tag);
    if (text) {
      made.textContent = text;
    }
    return made;
  }

  function render() {
    var hands = load();
    shown.innerHTML = "";
    shown.hidden = hands.length === 0;
    if (hands.length === 0) {
      return;
    }
    var words = hands.length === 1 ? "1 hand is" : hands.length + " hands are";
    var heading = stopped
      ? words + " waiting on this phone: the first was not kept."
      : words + " waiting on this phone, to be sent " +
        (navigator.onLine === false ? "when the connection returns." : "now.");
    shown.appendChild(element("p", heading));
    var list = element("ol");
    hands.forEach(function (hand) {
      list.appendChild(element("li", hand.line));
    });
    shown.appendChild(list);
    if (stopped) {
      shown.appendChild(element("p", stopped));
      var drop = element("button", "Take out the first waiting hand");
      drop.type = "button";
      drop.className = "secondary";
      drop.addEventListener("click", takeOutFirst);
      shown.appendChild(drop);
    }
  }

  // The first waiting hand taken out: the next one goes where it would have gone.
  function takeOutFirst() {
    var hands = load();
    var first = hands.shift();
    if (first && hands.length > 0) {
      hands[0].game = first.game;
      hands[0].hand = first.hand;
      hands[0].after = first.after;
    }
    save(hands);
    stopped = null;
    render();
    send();
  }

  function tableChanged() {
    document.dispatchEvent(new Event("live:stale"));
  }

  function later() {
    if (retry === null) {
      retry = window.setTimeout(function () {
        retry = null;
        send();
      }, 5000);
    }
  }

  function send() {
    var hands = load();
    if (sending || stopped || hands.length === 0) {
      render();
      return;
    }
    sending = true;
    var hand = hands[0];
    var body = { key: hand.key, line: hand.line };
    if (hand.after) {
      body.after = hand.after;
    } else {
      body.game = hand.game;
      body.hand = hand.hand;
    }
    var request = {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store"
    };
    if (!api) {
      var fields = new URLSearchParams();
      fields.set("csrf_token", csrf);
      fields.set("key", body.key);
      fields.set("score", body.line);
      Object.keys(body).forEach(function (name) {
        if (name === "after" || name === "game" || name === "hand") {
          fields.set(name, String(body[name]));
        }
      });
      request = {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Accept": "application/json"
        },
        body: fields.toString(),
        credentials: "same-origin",
        cache: "no-store"
      };
    }
    fetch(api || post, request).then(function (response) {
      return response.json().catch(function () {
        return {};
      }).then(function (answer) {
        sending = false;
        if (response.ok) {
          var now = load();
          if (now.length > 0 && now[0].key === hand.key) {
            now.shift();
            save(now);
          }
          tableChanged();
          send();
        } else if (response.status >= 500) {
          later();
          render();
        } else {
          stopped = answer.error || "The service refused it.";
          render();
          tableChanged();
        }
      });
    }, function () {
      // No connection: kept, and tried again when it returns.
      sending = false;
      render();
      later();
    });
  }

  document.addEventListener("submit", function (event) {
    var target = event.target;
    if (!target || target.id !== "hand-form") {
      return;
    }
    var input = target.querySelector("input[name=score]");
    var line = input ? input.value.trim() : "";
    if (line === "") {
      return;
    }
    event.preventDefault();
    var hands = load();
    var keyField = target.querySelector("input[name=key]");
    var hand = { key: keyField.value, line: line };
    if (hands.length > 0) {
      hand.after = hands[hands.length - 1].key;
    } else {
      hand.game = Number(target.querySelector("input[name=game]").value);
      hand.hand = Number(target.querySelector("input[name=hand]").value);
    }
    hands.push(hand);
    save(hands);
    keyField.value = freshKey();
    input.value = "";
    input.focus();
    render();
    send();
  });

  window.addEventListener("online", send);
  render();
  send();
})();
