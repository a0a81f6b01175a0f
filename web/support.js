// What the page needs before Python can start (docs/web.md, "When a browser cannot run the game"):
// WebAssembly (Pyodide), module scripts (PyScript's core.js) and module workers (the bot and the
// link reader, web/app/workers.py). Where one is missing, PyScript is stopped before it starts
// (core.js is a module script, deferred: it runs after this one) and the page says what is missing
// and what to use instead, in place of the board. Plain ES5, as it must run in the old browsers it
// is there for (e2e/test_unsupported.py). index.html and embed.html load it as a plain (blocking)
// script right after their <script type="py">.
(function () {
  var missing = [];
  try {  // the object, and a real engine behind it: an empty module compiles
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function" ||
        typeof WebAssembly.Module !== "function") throw 0;
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (e) { missing.push("wasm"); }
  try { if (!("noModule" in HTMLScriptElement.prototype)) throw 0; }
  catch (e) { missing.push("modules"); }
  var moduleWorkers = false;
  try {  // a browser that knows module workers reads `type`; an older one ignores it or throws
    var read = false, url = URL.createObjectURL(new Blob([""], {type: "text/javascript"}));
    try {
      new Worker(url, {get type() { read = true; return "module"; }}).terminate();
      moduleWorkers = read;
    } finally { URL.revokeObjectURL(url); }
  } catch (e) {}
  if (!moduleWorkers) missing.push("module-workers");
  if (!missing.length) return;

  var body = document.body;
  body.setAttribute("data-unsupported", missing.join(","));
  var scripts = document.querySelectorAll('script[type="py"]');
  for (var i = 0; i < scripts.length; i++) scripts[i].setAttribute("type", "text/x-not-started");
  var board = document.getElementById("board"), loading = document.getElementById("loading");
  if (board) board.innerHTML = "";
  if (loading) loading.hidden = true;

  // the page's language: ?lang= of an embed, the player's choice, else the browser's
  var lang = "", m = /[?&]lang=(\w+)/.exec(location.search);
  if (m && body.getAttribute("data-mode") === "embed") lang = m[1];
  if (!lang) {
    try { lang = JSON.parse(localStorage.getItem("nardy.prefs") || "{}").lang; } catch (e) {}
  }
  if (lang !== "en" && lang !== "ru")
    lang = String(navigator.language || "").toLowerCase().indexOf("ru") === 0 ? "ru" : "en";
  var ru = lang === "ru";
  var why = {
    "wasm": ru ? "Поддержка WebAssembly, на которой работает игра, отключена или отсутствует."
      : "WebAssembly, which the game runs on, is turned off or not supported.",
    "modules": ru ? "Игре нужны модули JavaScript, а этот браузер их не поддерживает."
      : "The game needs JavaScript modules, which this browser does not support.",
    "module-workers": ru ? "Боту игры нужны модульные web workers (фоновые потоки), а этот "
      + "браузер их не поддерживает." : "The game’s bot needs module web workers (a background "
      + "thread), which this browser does not support."
  };
  var tips = [ru ? "Откройте эту страницу в актуальной версии Firefox, Chrome, Edge или Safari."
                 : "Open this page in a current version of Firefox, Chrome, Edge or Safari."];
  if (missing.join() === "wasm") {
    tips.push(ru ? "На iPhone, iPad или Mac в режиме блокировки: в Safari откройте настройки "
                   + "страницы (кнопка «aA»), затем настройки веб-сайта, и выключите режим "
                   + "блокировки для этого сайта."
                 : "On an iPhone, iPad or Mac in Lockdown Mode: in Safari open the page settings "
                   + "(the “aA” button), then Website Settings, and turn Lockdown Mode off for "
                   + "this site.");
    tips.push(ru ? "Если WebAssembly выключен в настройках браузера (в Firefox: "
                   + "javascript.options.wasm в about:config) или политикой вашей организации, "
                   + "включите его снова или спросите администратора."
                 : "If WebAssembly was turned off in the browser’s settings (in Firefox: "
                   + "javascript.options.wasm in about:config) or by your organisation, turn it "
                   + "back on or ask your administrator.");
  } else {
    tips.push(ru ? "Или обновите этот браузер до последней версии."
                 : "Or update this browser to its latest version.");
  }
  var box = document.createElement("section"), add = function (parent, tag, text) {
    var node = document.createElement(tag);
    if (text) node.appendChild(document.createTextNode(text));
    parent.appendChild(node);
    return node;
  };
  box.id = "unsupported";
  box.className = "unsupported";
  box.setAttribute("role", "alert");
  box.setAttribute("lang", lang);
  document.documentElement.setAttribute("lang", lang);
  add(box, "h2", ru ? "Этот браузер не может запустить игру" : "This browser cannot run the game");
  for (var j = 0; j < missing.length; j++) add(box, "p", why[missing[j]]);
  add(box, "p", ru ? "Что делать:" : "What you can do:");
  var list = add(box, "ul");
  for (var k = 0; k < tips.length; k++) add(list, "li", tips[k]);
  var main = document.querySelector("main") || body;
  main.insertBefore(box, main.firstChild);
})();

// Errors the page meets, kept for the browser tests of every engine (e2e/engines: not every
// automation protocol reports console errors). Set before PyScript's core.js runs.
window.nardyErrors = [];
window.addEventListener("error", function (e) { window.nardyErrors.push(String(e.message || e.type)); });
window.addEventListener("unhandledrejection", function (e) {
  window.nardyErrors.push("unhandled: " + String(e.reason));
});
