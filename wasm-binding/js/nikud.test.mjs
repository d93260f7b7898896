// The Nakdimon model in the wasm package's nikud build (Node.js): the exports, and with the real
// weights (LASHON_NIKUD_MODEL, as scripts/fetch-nikud-model prints it) the output of
// Nikud.fromBytes on texts of the Nakdimon test set against TensorFlow's (the reference marks in
// core/tests/data/nakdimon-reference.json), addMany against add, and the speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const require = createRequire(import.meta.url);
const lashon = require("../pkg/node-nikud/lashon_wasm.js");
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const model = process.env.LASHON_NIKUD_MODEL;
const shared = process.env.LASHON_SHARED_DATA ?? path.resolve(repo, "../shared/data");

test("the nikud build exports Nikud beside the five functions", () => {
  assert.equal(typeof lashon.Nikud, "function");
  assert.equal(typeof lashon.Nikud.fromBytes, "function");
  for (const name of ["analyze", "wrap", "detect", "stripNikud", "transliterate"]) {
    assert.equal(typeof lashon[name], "function", name);
  }
  const base = require("../pkg/node/lashon_wasm.js");
  assert.equal(base.Nikud, undefined, "the default build has no model code");
});

test("bytes that are not the weights: LashonError not_configured", () => {
  let thrown;
  try {
    lashon.Nikud.fromBytes(new Uint8Array([1, 2, 3]));
  } catch (e) {
    thrown = e;
  }
  assert.equal(thrown?.name, "LashonError");
  assert.equal(thrown.code, "not_configured");
  assert.equal(thrown.status, 503);
});

/** The gold text of a test-set file, stripped, and TensorFlow's vocalization of it. */
function referenceCase(doc, entry) {
  const gold = readFileSync(
    path.join(shared, "nakdimon-diacritization-tests/tests/new/expected", entry.file),
    "utf8",
  );
  const text = lashon.stripNikud(gold).stripped;
  const codes = [...entry.marks];
  let want = "";
  let i = 0;
  for (const c of text) {
    want += c;
    if (c >= "\u05d0" && c <= "\u05ea") want += doc.alphabet[codes[i++].codePointAt(0) - 0x21];
  }
  assert.equal(i, codes.length, `${entry.file}: one reference code per letter`);
  return { text, want };
}

test("with the real weights: TensorFlow's marks on test-set texts", { skip: !model && "LASHON_NIKUD_MODEL is not set" }, () => {
  assert.ok(existsSync(model), model);
  const nikud = lashon.Nikud.fromBytes(readFileSync(model));
  const doc = JSON.parse(readFileSync(path.join(repo, "core/tests/data/nakdimon-reference.json"), "utf8"));
  // Every 20th text under 2,500 characters (six texts, all genres' kinds of text).
  const cases = doc.texts
    .filter((_, i) => i % 20 === 0)
    .map((entry) => ({ file: entry.file, ...referenceCase(doc, entry) }))
    .filter((c) => c.text.length < 2_500);
  assert.ok(cases.length >= 3, `${cases.length} texts`);
  let chars = 0;
  const start = performance.now();
  const got = nikud.addMany(cases.map((c) => c.text));
  const secs = (performance.now() - start) / 1000;
  for (const [i, c] of cases.entries()) {
    assert.equal(got[i].verified, true, c.file);
    assert.equal(got[i].nikud, c.want, `${c.file}: differs from TensorFlow`);
    chars += c.text.length;
  }
  console.log(
    `wasm Nikud.addMany: ${cases.length} texts, ${chars} chars identical to TensorFlow; ` +
      `${secs.toFixed(2)} s (${Math.round(chars / secs)} chars/s, one thread)`,
  );
  const lines = cases[0].text.split("\n").filter((l) => l.trim()).slice(0, 8);
  assert.deepEqual(nikud.addMany(lines), lines.map((l) => nikud.add(l)));
  nikud.free();
});
