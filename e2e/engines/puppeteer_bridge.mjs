// Firefox for the driver-neutral journey (e2e/engines/drivers.py, PuppeteerDriver): puppeteer-core
// drives Debian's Firefox ESR over WebDriver BiDi (no geckodriver). Python writes one JSON command
// per line on stdin; each gets one JSON line on stdout: {"ok": value} or {"error": text}.
// Commands: launch, goto, reload, eval, click, tap, screenshot, close.
import puppeteer from "puppeteer-core";
import readline from "node:readline";

let browser = null, page = null;
const errors = [];

async function launch({executable, prefs, width, height, touch}) {
  browser = await puppeteer.launch({
    browser: "firefox", executablePath: executable, headless: true,
    extraPrefsFirefox: prefs || {},
  });
  page = await browser.newPage();
  await page.setViewport({width, height, hasTouch: !!touch, isMobile: false});
  page.on("pageerror", (e) => errors.push(`uncaught: ${String(e).slice(0, 300)}`));
  page.on("console", (m) => m.type() === "error" && errors.push(`console.error: ${m.text().slice(0, 300)}`));
  return await browser.version();
}

async function centre(selector) {
  const handle = await page.$(selector);
  if (!handle) throw new Error(`no element matches ${selector}`);
  await handle.scrollIntoView();
  const box = await handle.boundingBox();
  if (!box) throw new Error(`${selector} is not displayed`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const commands = {
  launch,
  async goto({url}) { await page.goto(url, {waitUntil: "load"}); },
  async reload() { await page.reload({waitUntil: "load"}); },
  // An expression, awaited when it gives a promise; the value comes back as JSON.
  async eval({expression}) {
    return await page.evaluate(`(async () => (${expression}))()`);
  },
  async click({selector}) { const [x, y] = await centre(selector); await page.mouse.click(x, y); },
  async tap({selector}) { const [x, y] = await centre(selector); await page.touchscreen.tap(x, y); },
  async screenshot({path}) { await page.screenshot({path}); },
  async errors() { return errors.splice(0); },
  async close() { if (browser) await browser.close(); browser = null; },
};

const lines = readline.createInterface({input: process.stdin});
for await (const line of lines) {
  const {op, ...args} = JSON.parse(line);
  let reply;
  try {
    const value = await commands[op](args);
    reply = {ok: value === undefined ? null : value};
  } catch (e) {
    reply = {error: String(e && e.message || e).slice(0, 2000)};
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (op === "close") break;
}
process.exit(0);
