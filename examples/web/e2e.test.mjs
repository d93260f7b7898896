// End-to-end test of the preview page in Debian's headless Chromium (playwright-core, no
// browser download): serve this folder over loopback, type a Hebrew line with a price and a
// Latin term, and check the rendered DOM, the runs, the detection and the other formats.
// Saves screenshots under test-output/wasm-web/.
//
//   node --test examples/web/e2e.test.mjs     (after scripts/build-wasm; CHROMIUM overrides
//                                              the browser path, default /usr/bin/chromium)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("../../test-output/wasm-web/", import.meta.url));
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

// A static file server for this folder only, as any static host would serve it.
function serveFolder(root) {
  return createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = normalize(join(root, path === "/" ? "index.html" : path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep) || file.includes("node_modules")) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

let server;
let browser;
let page;
const pageErrors = [];

before(async () => {
  assert.ok(existsSync(join(here, "lashon", "lashon_wasm_bg.wasm")), "run scripts/build-wasm first");
  await mkdir(outDir, { recursive: true });
  server = serveFolder(here);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on("pageerror", (e) => pageErrors.push(e.message));
  // Offline: nothing but the loopback server may be reached.
  const origin = `http://127.0.0.1:${server.address().port}`;
  await page.route("**/*", (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  );
  await page.goto(`${origin}/`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

const LINE = "הזמנתי מנוי ל-Netflix ב-₪49.90 לחודש";

test("typing a Hebrew line with a price and a Latin term renders it wrapped", async () => {
  await page.fill("#input", "");
  await page.locator("#input").pressSequentially(LINE);
  await page.waitForFunction(
    (line) => document.querySelector("#rendered").textContent === line,
    LINE,
  );

  // The text box is dir="auto": the typed Hebrew line itself reads right to left.
  assert.equal(await page.getAttribute("#input", "dir"), "auto");
  const typed = await page.locator("#input").evaluate((e) => getComputedStyle(e).direction);
  assert.equal(typed, "rtl");

  const html = await page.locator("#rendered").innerHTML();
  assert.equal(
    html,
    '<span dir="rtl">הזמנתי מנוי ל-<span dir="ltr">Netflix</span> ב-<span dir="ltr">₪49.90</span> לחודש</span>',
  );
  const units = await page.locator("#rendered > span[dir='rtl'] > span[dir='ltr']").allTextContents();
  assert.deepEqual(units, ["Netflix", "₪49.90"]);
  // The browser lays the paragraph out right to left.
  const direction = await page.locator("#rendered > span").evaluate((e) => getComputedStyle(e).direction);
  assert.equal(direction, "rtl");

  const runs = await page.locator("#runs li").evaluateAll((items) =>
    items.map((li) => [li.querySelector(".text").textContent, li.className]),
  );
  assert.deepEqual(runs, [
    ["הזמנתי מנוי ל-", "rtl"],
    ["Netflix", "ltr"],
    [" ב-", "rtl"],
    ["₪49.90", "ltr"],
    [" לחודש", "rtl"],
  ]);

  assert.equal(await page.textContent("#detect-language"), "he");
  assert.equal(await page.textContent("#detect-script"), "Hebr");
  assert.equal(await page.textContent("#detect-direction"), "rtl");
  const languages = await page.textContent("#detect-languages");
  assert.match(languages, /^he \d+%, en \d+%$/);
  assert.ok(await page.locator("#error").isHidden());

  await page.screenshot({ path: join(outDir, "preview-html.png"), fullPage: true });
});

test("isolate and marks formats render as text with the paragraph direction", async () => {
  await page.selectOption("#format", "isolate");
  await page.waitForFunction(() => document.querySelector("#rendered-how").textContent.includes("textContent"));
  assert.equal(await page.getAttribute("#rendered", "dir"), "rtl");
  const isolate = await page.evaluate(() => document.querySelector("#rendered").textContent);
  assert.equal(isolate, "הזמנתי מנוי ל-\u2066Netflix\u2069 ב-\u2066₪49.90\u2069 לחודש");
  assert.equal(await page.locator("#rendered span").count(), 0, "text, not HTML");
  const badges = await page.locator("#output .mark").allTextContents();
  assert.deepEqual(badges, ["LRI", "PDI", "LRI", "PDI"]);

  await page.selectOption("#format", "marks");
  await page.waitForFunction(() => document.querySelector("#rendered").textContent.includes("\u200e"));
  const marks = await page.evaluate(() => document.querySelector("#rendered").textContent);
  assert.equal(marks.replace(/[\u200e\u200f]/g, ""), LINE);
  await page.screenshot({ path: join(outDir, "preview-marks.png"), fullPage: true });
  await page.selectOption("#format", "html");
});

test("base rtl keeps a line that starts with a Latin term right to left", async () => {
  await page.click("button[data-sample^='Google']");
  await page.selectOption("#base", "rtl");
  const html = await page.locator("#rendered").innerHTML();
  assert.ok(html.startsWith('<span dir="rtl"><span dir="ltr">Google</span>'), html);
  await page.selectOption("#base", "auto");
  const auto = await page.locator("#rendered").innerHTML();
  assert.ok(auto.startsWith('<span dir="ltr">'), auto);
});

test("an empty text shows the API's error, and no page errors occurred", async () => {
  await page.fill("#input", "");
  await page.waitForSelector("#error:not([hidden])");
  assert.equal(await page.textContent("#error"), "invalid_request: text must not be empty");
  assert.deepEqual(pageErrors, []);
});

// The nikud panel (issue 23): hidden until the user picks a weights file; a file that is not
// the weights is the API's not_configured error; with the real weights (LASHON_NIKUD_MODEL) the
// panel vocalizes a whole text of the Nakdimon test set exactly as TensorFlow did.
const MODEL = process.env.LASHON_NIKUD_MODEL;
const repo = fileURLToPath(new URL("../../", import.meta.url));
const shared = process.env.LASHON_SHARED_DATA ?? join(repo, "../shared/data");

test("the nikud panel stays hidden until weights are picked; bad weights show the error", async () => {
  assert.ok(existsSync(join(here, "lashon-nikud", "lashon_wasm_bg.wasm")), "run scripts/build-wasm first");
  assert.ok(await page.locator("#nikud-panel").isHidden());
  await page.setInputFiles("#nikud-weights", {
    name: "not-a-model.safetensors",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("not a model"),
  });
  await page.waitForSelector("body[data-nikud='failed']");
  const message = await page.textContent("#nikud-error");
  assert.match(message, /^not_configured: cannot load the nikud model/);
  assert.ok(await page.locator("#nikud-panel").isHidden());
});

/** The shortest test-set text and TensorFlow's vocalization of it (reference marks). */
async function referenceText() {
  const doc = JSON.parse(await readFile(join(repo, "core/tests/data/nakdimon-reference.json"), "utf8"));
  const strip = (s) => s.replace(/[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\uFB1E]/g, "").normalize("NFC");
  const cases = await Promise.all(
    doc.texts.map(async (entry) => {
      const gold = await readFile(join(shared, "nakdimon-diacritization-tests/tests/new/expected", entry.file), "utf8");
      return { entry, text: strip(gold) };
    }),
  );
  const { entry, text } = cases.reduce((a, b) => (b.text.length < a.text.length ? b : a));
  const codes = [...entry.marks];
  let want = "";
  let i = 0;
  for (const c of text) {
    want += c;
    if (c >= "\u05d0" && c <= "\u05ea") want += doc.alphabet[codes[i++].codePointAt(0) - 0x21];
  }
  return { file: entry.file, text, want };
}

test("with the weights picked, the panel vocalizes as TensorFlow does", { skip: !MODEL && "LASHON_NIKUD_MODEL is not set" }, async () => {
  await page.setInputFiles("#nikud-weights", MODEL);
  await page.waitForSelector("body[data-nikud='ready']", { timeout: 60000 });
  assert.ok(await page.locator("#nikud-panel").isVisible());
  assert.ok(await page.locator("#nikud-error").isHidden());
  // The sample line is vocalized on load: points added, nothing else changed.
  const sample = await page.inputValue("#nikud-input");
  const shown = await page.textContent("#nikud-output");
  assert.notEqual(shown, sample);
  assert.equal(shown.replace(/[\u0591-\u05C7]/g, "").replace(/\s+/g, " "), sample.replace(/\s+/g, " "));
  assert.equal(await page.getAttribute("#nikud-output", "data-verified"), "true");

  const { file, text, want } = await referenceText();
  await page.fill("#nikud-input", text);
  await page.waitForFunction(
    (want) => document.querySelector("#nikud-output").textContent === want,
    want,
    { timeout: 60000 },
  );
  assert.match(await page.textContent("#nikud-status"), /characters in \d+ ms/);
  console.log(`preview page: ${file} (${text.length} chars) vocalized as TensorFlow did`);
  const line = "שלום עולם, מה שלומך היום?";
  await page.fill("#nikud-input", line);
  await page.waitForFunction(
    (line) => document.querySelector("#nikud-output").textContent.replace(/[\u0591-\u05C7]/g, "") === line,
    line,
  );
  await page.screenshot({ path: join(outDir, "preview-nikud.png"), fullPage: true });
  assert.deepEqual(pageErrors, []);
});
