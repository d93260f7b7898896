// The package's JS surface in Node.js: plain objects with the HTTP response shapes, optional
// arguments, and errors thrown as LashonError with the API's type, code and status.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const lashon = require("../pkg/node/lashon_wasm.js");

function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail("expected a throw");
}

test("exports the five functions", () => {
  for (const name of ["analyze", "wrap", "detect", "stripNikud", "transliterate"]) {
    assert.equal(typeof lashon[name], "function", name);
  }
});

test("analyze: text gives { analysis }, fields give { fields }", () => {
  const a = lashon.analyze("התור נקבע ל-10:00–12:00 ב-Google Meet");
  assert.deepEqual(Object.keys(a), ["analysis"]);
  assert.equal(Object.getPrototypeOf(a.analysis), Object.prototype);
  assert.equal(a.analysis.dir, "rtl");
  assert.equal(a.analysis.mixed, true);
  assert.deepEqual(
    a.analysis.display_runs.filter((r) => r.dir === "ltr").map((r) => r.text),
    ["10:00–12:00", "Google Meet"],
  );
  const f = lashon.analyze({ title: "שלום", body: "Hello" }, "rtl");
  assert.deepEqual(Object.keys(f.fields).sort(), ["body", "title"]);
  assert.equal(f.fields.body.dir, "rtl");
  assert.equal(f.fields.title.lang, "he");
});

test("wrap: html by default, isolate and marks on request", () => {
  const w = lashon.wrap("Google הודיעה היום", undefined, "rtl");
  assert.equal(w.format, "html");
  assert.equal(w.output, '<span dir="rtl"><span dir="ltr">Google</span> הודיעה היום</span>');
  assert.equal(lashon.wrap("Google הודיעה היום", "isolate", "rtl").output, "\u2066Google\u2069 הודיעה היום");
  assert.equal(
    lashon.wrap("Google הודיעה היום", "marks", "rtl").output,
    "\u200f\u200eGoogle\u200e הודיעה היום",
  );
  const run = w.runs[0];
  assert.deepEqual(Object.keys(run), ["text", "dir", "script", "lang", "start", "end"]);
  assert.deepEqual([run.start, run.end, run.script, run.lang], [0, 6, "Latn", "en"]);
});

test("wrap and detect: parts read on demand, toJSON() is the HTTP response", () => {
  const text = "מחיר: $5.99 ב-Google 😀 היום";
  const w = lashon.wrap(text, "isolate");
  assert.deepEqual(Object.keys(w), ["dir", "format", "output"]);
  const json = JSON.parse(JSON.stringify(w));
  assert.deepEqual(Object.keys(json), ["dir", "format", "output", "runs"]);
  assert.deepEqual(json, { dir: w.dir, format: w.format, output: w.output, runs: w.runs });
  assert.deepEqual(w.toJSON(), json);
  assert.equal(w.runCount, w.runs.length);
  assert.ok(w.runStarts instanceof Uint32Array && w.runDirs instanceof Uint8Array);
  assert.deepEqual([...w.runStarts], w.runs.map((r) => r.start));
  assert.deepEqual([...w.runEnds], w.runs.map((r) => r.end));
  assert.deepEqual([...w.runDirs], w.runs.map((r) => (r.dir === "rtl" ? 1 : 0)));
  // Run texts are slices of the input at their UTF-16 offsets (the emoji is two units).
  for (const r of w.runs) assert.equal(r.text, text.slice(r.start, r.end));
  assert.equal(w.runs.map((r) => r.text).join(""), text);
  // Each read gives new objects: changing one does not change the result.
  w.runs[0].text = "changed";
  assert.equal(w.runs[0].text, text.slice(w.runs[0].start, w.runs[0].end));

  const d = lashon.detect(text);
  assert.deepEqual(Object.keys(d), ["lang", "script", "dir", "confidence"]);
  const dj = JSON.parse(JSON.stringify(d));
  assert.deepEqual(Object.keys(dj), ["lang", "script", "dir", "confidence", "segments", "languages"]);
  assert.deepEqual(Object.keys(dj.segments[0]), ["text", "start", "end", "script", "lang"]);
  assert.deepEqual(dj.segments, d.segments);
  assert.equal(d.segmentCount, d.segments.length);
  assert.equal(d.segments.map((s) => s.text).join(""), text);
  for (const s of d.segments) assert.equal(s.text, text.slice(s.start, s.end));
  assert.deepEqual(dj.languages, d.languages);
  assert.equal(dj.confidence, d.confidence);
});

test("detect, stripNikud, transliterate", () => {
  const d = lashon.detect("שילמתי דרך PayPal אתמול");
  assert.equal(d.lang, "he");
  assert.equal(d.dir, "rtl");
  assert.equal(d.segments[1].text, "PayPal ");
  assert.equal(d.languages[0].lang, "he");
  assert.ok(d.confidence > 0.5 && d.confidence <= 1);
  assert.deepEqual(lashon.stripNikud("שָׁלוֹם"), { text: "שָׁלוֹם", stripped: "שלום" });
  const t = lashon.transliterate("שָׁלוֹם");
  assert.equal(t.transliteration, "shalom");
  assert.equal(t.direction, "he-to-latin");
  assert.equal(lashon.transliterate("Google", "latin-to-he").transliteration, "גוגל");
});

test("errors are LashonError with type, code and status", () => {
  const cases = [
    [() => lashon.wrap(""), "text must not be empty"],
    [() => lashon.wrap("a", "pdf"), "format must be one of html, isolate, marks"],
    [() => lashon.analyze("a", "up"), "base must be one of auto, ltr, rtl"],
    [() => lashon.analyze({}), "fields must not be empty"],
    [() => lashon.analyze({ a: 1 }), "fields must map names to strings"],
    [() => lashon.detect(42), "text must be a string"],
    [() => lashon.stripNikud("א".repeat(20001)), "text is longer than 20000 characters"],
    [() => lashon.transliterate("a".repeat(5001)), "text is longer than 5000 characters"],
    [() => lashon.transliterate("a", "latin"), "direction must be one of"],
  ];
  for (const [fn, message] of cases) {
    const e = thrown(fn);
    assert.ok(e instanceof Error, message);
    assert.equal(e.name, "LashonError");
    assert.equal(e.type, "invalid_request");
    assert.equal(e.code, "invalid_request");
    assert.equal(e.status, 400);
    assert.ok(e.message.startsWith(message), `${e.message} / ${message}`);
  }
});

test("limits are the service's: 20,000 characters pass", () => {
  assert.equal(lashon.wrap("א".repeat(20000), "isolate").output.length, 20000);
});
