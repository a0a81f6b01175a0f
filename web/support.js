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

  // the page's language, as web/lang.js chose it (its words: web/langs.js, from the catalogues)
  var chosen = window.nardyLanguage ? window.nardyLanguage() : null;
  var lang = chosen ? chosen.code : "en";
  var say = (chosen && chosen.unsupported) || {
    title: "This browser cannot run the game",
    wasm: "WebAssembly, which the game runs on, is turned off or not supported.",
    modules: "The game needs JavaScript modules, which this browser does not support.",
    module_workers: "The game’s bot needs module web workers (a background thread), which this browser does not support.",
    what: "What you can do:",
    tip_browser: "Open this page in a current version of Firefox, Chrome, Edge or Safari.",
    tip_update: "Or update this browser to its latest version."
  };
  var why = {"wasm": say.wasm, "modules": say.modules, "module-workers": say.module_workers};
  var tips = [say.tip_browser];
  if (missing.join() === "wasm" && say.tip_lockdown) {
    tips.push(say.tip_lockdown);
    tips.push(say.tip_wasm_off);
  } else {
    tips.push(say.tip_update);
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
  add(box, "h2", say.title);
  for (var j = 0; j < missing.length; j++) add(box, "p", why[missing[j]]);
  add(box, "p", say.what);
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
