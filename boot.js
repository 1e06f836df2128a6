// Étoile before (and without) Python. This is the only script of the page that is not Python:
// it runs first, in the page's head, and
//   - shows the loading screen in the saved or the browser's language, in the saved colour theme;
//   - if Python cannot start at all (the page is marked data-ready="failed", or an error escapes
//     before the app is ready), shows the failure screen, which offers to reload, to download every
//     value Étoile stored in this browser, and to clear them (after asking) and reload.
(function () {
  "use strict";
  var LANGUAGES = /^(en|fr|ru|es)$/;
  var PREFIXES = ["etoile:", "etoile-aside:", "etoile-pending:"];
  var root = document.documentElement;

  function ours(key) {
    return PREFIXES.some(function (prefix) { return key.indexOf(prefix) === 0; });
  }

  function storedKeys() {
    var keys = [];
    try {
      for (var i = 0; i < localStorage.length; i++) if (ours(localStorage.key(i))) keys.push(localStorage.key(i));
    } catch (e) {}
    return keys;
  }

  var lang = "", theme = "system";
  try {
    // A regular expression, not JSON.parse: whatever the saved value holds, reading it cannot fail.
    var saved = localStorage.getItem("etoile:settings") || "";
    lang = (saved.match(/"language":"(en|fr|ru|es)"/) || [])[1] || "";
    theme = (saved.match(/"theme":"(system|light|dark)"/) || [])[1] || theme;
  } catch (e) {}
  if (!LANGUAGES.test(lang)) {
    lang = ((navigator.languages || [navigator.language])[0] || "en").slice(0, 2).toLowerCase();
    if (!LANGUAGES.test(lang)) lang = "en";
  }
  root.lang = lang;
  root.dataset.theme = theme;

  function fail() {
    var loading = document.getElementById("loading"), fatal = document.getElementById("fatal");
    if (loading) loading.hidden = true;
    if (fatal) fatal.hidden = false;
    var app = document.getElementById("app");
    if (app) app.hidden = true;
  }

  function failBeforeReady() {
    if (root.dataset.ready !== "true") root.dataset.ready = "failed";
  }

  function download() {
    var items = {};
    storedKeys().forEach(function (key) { items[key] = localStorage.getItem(key); });
    var text = JSON.stringify({ kind: "etoile-saved-data", items: items }, null, 1);
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = "etoile-saved-data-" + new Date().toISOString().slice(0, 10) + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  function ask(open) {
    var confirm = document.getElementById("fatal-confirm");
    confirm.hidden = !open;
    document.querySelector(open ? "[data-recover=clear-cancel]" : "[data-recover=clear]").focus();
  }

  var actions = {
    reload: function () { location.reload(); },
    download: download,
    clear: function () { ask(true); },
    "clear-cancel": function () { ask(false); },
    "clear-confirm": function () {
      storedKeys().forEach(function (key) { localStorage.removeItem(key); });
      location.reload();
    },
  };

  window.addEventListener("error", failBeforeReady);
  window.addEventListener("unhandledrejection", failBeforeReady);
  new MutationObserver(function () {
    if (root.dataset.ready === "failed") fail();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-i18n]").forEach(function (element) { element.hidden = element.lang !== lang; });
    document.getElementById("fatal").addEventListener("click", function (event) {
      var button = event.target.closest("[data-recover]");
      if (button) actions[button.dataset.recover]();
    });
    if (root.dataset.ready === "failed") fail();
  });
})();
