// Étoile before (and without) Python. Besides unpack.js, which only puts the app's package in place while the
// interpreter starts, this is the page's one script that is not Python: it runs first, in the page's head, and
//   - sets the saved or the browser's language and the saved colour theme;
//   - draws the real screen of the route being opened at once, from the <template>s the build drew with the
//     app's own Python views (etoileBoot.start(), called right after #app), and swaps them as links are
//     followed (every screen but home is a file of its own, so that index.html stays light, fetched first);
//     a route with no such screen (a saved game's table) shows the loading screen instead;
//   - keeps every click and change that needs Python (Start, a setting) in a queue, the control marked
//     "starting…", until Python takes over the page with etoileBoot.handOver() and carries them out;
//   - if Python cannot start at all (the page is marked data-ready="failed", or an error escapes
//     before the app is ready), shows the failure screen, which offers to reload, to download every
//     value Étoile stored in this browser, and to clear them (after asking) and reload.
(function () {
  "use strict";
  var LANGUAGES = ["en", "fr", "ru", "es"];
  var PREFIXES = ["etoile:", "etoile-aside:", "etoile-pending:", "etoile-cache:"];
  var CACHE = "etoile-cache:"; // tables the computer players computed: cleared with the rest, never downloaded
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

  function stored(key) {
    try { return localStorage.getItem(key) !== null; } catch (e) { return false; }
  }

  function savedSettings() {
    // Whatever the saved value holds, reading it cannot fail: anything unexpected reads as nothing saved.
    try {
      var data = JSON.parse(localStorage.getItem("etoile:settings")).data;
      return data && typeof data === "object" ? data : {};
    } catch (e) {
      return {};
    }
  }

  // The language as Python picks it: the saved one, else the first of the browser's that Étoile speaks.
  var settings = savedSettings();
  var lang = LANGUAGES.indexOf(settings.language) >= 0 ? settings.language : "";
  (navigator.languages || [navigator.language]).forEach(function (tag) {
    var base = String(tag || "").split("-")[0].toLowerCase();
    if (!lang && LANGUAGES.indexOf(base) >= 0) lang = base;
  });
  lang = lang || "en";
  root.lang = lang;
  root.dataset.theme = ["system", "light", "dark"].indexOf(settings.theme) >= 0 ? settings.theme : "system";
  if (["slow", "normal", "fast", "off"].indexOf(settings.speed) >= 0) root.dataset.speed = settings.speed;

  // -- the screens drawn before Python ---------------------------------------------------------------

  var handedOver = false;
  var queue = [];

  function routeKey() {
    return location.hash.replace(/^#/, "").split("/").filter(Boolean).join("/");
  }

  function screenFor(key) {
    var screens = document.querySelectorAll("template[data-route]");
    for (var i = 0; i < screens.length; i++) {
      var data = screens[i].dataset;
      if (data.lang === lang && data.route === key && !(data.unless && stored(data.unless))) return screens[i];
    }
    return null;
  }

  function draw(shown) {
    // Draw the screen of the route, if the build drew it; ``shown`` runs once it is on screen. A screen kept in a
    // file of its own (every one but home: data-src) is fetched the first time, the loading screen shown meanwhile.
    var app = document.getElementById("app"), loading = document.getElementById("loading");
    var key = routeKey(), screen = screenFor(key);
    if (screen && screen.dataset.src && !screen.content.firstChild) {
      fetchScreen(screen, key, shown);
      screen = null;
    }
    if (screen) {
      app.replaceChildren(screen.content.cloneNode(true));
      app.setAttribute("data-predrawn", lang + ":" + key);
      document.title = screen.dataset.title;
      if (shown) shown();
    } else {
      app.replaceChildren();
      app.removeAttribute("data-predrawn");
    }
    loading.hidden = !!screen;
  }

  function fetchScreen(screen, key, shown) {
    if (screen.dataset.fetching) return;
    screen.dataset.fetching = "true";
    fetch(screen.dataset.src)
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        screen.innerHTML = html;
        if (!handedOver && routeKey() === key) draw(shown);
      })
      .catch(function () {
        delete screen.dataset.fetching; // the loading screen stays until Python draws the page; a later visit asks again
      });
  }

  function followLink() {
    if (handedOver) return;
    // As Python does on a route change: the new screen starts at its top, its heading focused (and read out).
    draw(function () {
      window.scrollTo(0, 0);
      var heading = document.querySelector("#main h1");
      if (heading) heading.focus();
    });
  }

  function dataOf(control) {
    var data = {};
    for (var i = 0; i < control.attributes.length; i++) {
      var attribute = control.attributes[i];
      if (attribute.name.indexOf("data-") === 0 && attribute.name !== "data-pending") {
        data[attribute.name.slice(5)] = attribute.value;
      }
    }
    return data;
  }

  function startingText() {
    var words = document.getElementById("boot-words");
    var word = words && words.content.querySelector('[data-i18n="boot.starting"][lang="' + lang + '"]');
    return word ? word.textContent : "…";
  }

  function onClick(event) {
    var control = !handedOver && event.target.closest && event.target.closest("#app [data-action]");
    if (!control || /^(INPUT|SELECT|TEXTAREA)$/.test(control.tagName)) return;
    event.preventDefault();
    if (control.hasAttribute("data-pending")) return; // a second click on a control that waits adds nothing
    control.setAttribute("data-pending", startingText());
    control.setAttribute("aria-busy", "true");
    queue.push({ kind: "click", data: dataOf(control) });
  }

  function onChange(event) {
    var control = event.target;
    if (handedOver || !control.closest || !control.closest("#app") || !control.dataset.action) return;
    if (control.type === "file") {
      if (control.files.length) queue.push({ kind: "file", data: dataOf(control), file: control.files[0] });
      control.value = "";
    } else {
      queue.push({ kind: "change", data: dataOf(control), value: control.type === "checkbox" ? control.checked : control.value });
    }
  }

  function handOver() {
    // Python has drawn over the screen: what the player did meanwhile is now its to carry out. Text typed in a
    // field that has not been left yet counts as changed, so the model holds what the player sees.
    handedOver = true;
    window.removeEventListener("hashchange", followLink);
    document.querySelectorAll("#app [data-pending]").forEach(function (control) {
      control.removeAttribute("data-pending");
      control.removeAttribute("aria-busy");
    });
    document.querySelectorAll("#app input[data-action]").forEach(function (field) {
      if ((field.type === "text" || field.type === "number") && field.value !== field.defaultValue) {
        queue.push({ kind: "change", data: dataOf(field), value: field.value });
      }
    });
    var done = queue;
    queue = [];
    return done;
  }

  document.addEventListener("click", onClick, true);
  document.addEventListener("change", onChange, true);
  window.addEventListener("hashchange", followLink);

  // -- failure ----------------------------------------------------------------------------------------

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
    storedKeys().forEach(function (key) { if (key.indexOf(CACHE) !== 0) items[key] = localStorage.getItem(key); });
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

  function start() {
    // Called by the page right after #app: the loading and failure screens are there, in every language.
    document.querySelectorAll("[data-i18n]").forEach(function (element) { element.hidden = element.lang !== lang; });
    draw();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.getElementById("fatal").addEventListener("click", function (event) {
      var button = event.target.closest("[data-recover]");
      if (button) actions[button.dataset.recover]();
    });
    if (root.dataset.ready === "failed") fail();
  });

  window.etoileBoot = { start: start, handOver: handOver };
})();
