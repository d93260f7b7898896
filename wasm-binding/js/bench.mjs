// Benchmark: lashon's wasm package in Node.js next to bidi-js 1.1 (getEmbeddingLevels), in one
// run, on text from the project's shared data ($LASHON_SHARED_DATA, default ../shared/data):
//
// - UI strings: the Hebrew sentences of parallel-tatoeba, alone and joined with their English
//   translation, that are 40 to 80 characters long;
// - news lines: the lines of the Nakdimon test texts (vowel points removed), each with an
//   English tatoeba sentence in the middle.
//
// (The same sets as py-binding/bench/bench_bidi.py.) bidi-js resolves the UBA's embedding
// levels and stops there; wrap also finds the display units and writes the output string,
// analyze returns both kinds of runs as objects, detect reads the languages.
//
//   scripts/bench-wasm     (or: node wasm-binding/js/bench.mjs after scripts/build-wasm)
//
// Each figure is the best of several rounds over the whole set, in MB of UTF-8 input per
// second, lashon's and bidi-js's rounds alternating; ratio = lashon / bidi-js (above 1:
// lashon is faster). This machine's figures: only the ratios of one run compare.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import bidiFactory from "bidi-js";

const require = createRequire(import.meta.url);
const lashon = require("../pkg/node/lashon_wasm.js");
const bidi = bidiFactory();

const repo = fileURLToPath(new URL("../../", import.meta.url));
const data = process.env.LASHON_SHARED_DATA || join(repo, "..", "shared", "data");
if (!existsSync(join(data, "parallel-tatoeba"))) {
  console.error(`bench: shared data not found at ${data} (set LASHON_SHARED_DATA)`);
  process.exit(1);
}

const lines = (path) => readFileSync(path, "utf8").split("\n").filter((l, i, all) => i < all.length - 1 || l);
const heb = lines(join(data, "parallel-tatoeba", "tatoeba.heb-eng.heb"));
const eng = lines(join(data, "parallel-tatoeba", "tatoeba.heb-eng.eng"));

// Length in characters (code points), as Python's len() counts them.
const chars = (s) => [...s].length;

function uiStrings() {
  const out = [];
  heb.forEach((h, i) => {
    for (const text of [h, `${h} (${eng[i]})`, `${eng[i]} — ${h}`]) {
      const n = chars(text);
      if (n >= 40 && n <= 80) out.push(text);
    }
  });
  return out;
}

const POINTS = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]/g;

function newsLines() {
  const root = join(data, "nakdimon-diacritization-tests", "tests", "new", "expected");
  const source = [];
  for (const genre of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, genre)).sort()) {
      for (let line of lines(join(root, genre, file))) {
        line = line.replace(POINTS, "").trim();
        if (chars(line) >= 20) source.push(line);
      }
    }
  }
  return source.map((line, i) => {
    const words = line.split(" ");
    const middle = Math.floor(words.length / 2);
    return [...words.slice(0, middle), eng[i % eng.length], ...words.slice(middle)].join(" ");
  });
}

const now = () => Number(process.hrtime.bigint()) / 1e9;

// MB/s of `ours` and of `peer` over `texts`: rounds of one then the other, alternating, for
// at least ~2 s in all, and the best round of each. Alternating keeps the ratio honest on a
// shared machine, where the load changes from one second to the next.
function compare(ours, peer, texts, bytes) {
  const round = (fn) => {
    const start = now();
    for (const t of texts) fn(t);
    return now() - start;
  };
  let bestOurs = Infinity;
  let bestPeer = Infinity;
  let spent = 0;
  for (let i = 0; i < 5 || (spent < 2 && i < 40); i++) {
    const a = round(ours);
    const b = round(peer);
    bestOurs = Math.min(bestOurs, a);
    bestPeer = Math.min(bestPeer, b);
    spent += a + b;
  }
  return [bytes / bestOurs / 1e6, bytes / bestPeer / 1e6];
}

const sets = { "UI strings": uiStrings(), "news lines": newsLines() };
console.log(`lashon-wasm (pkg/node) vs bidi-js 1.1, Node.js ${process.version}`);
for (const [name, texts] of Object.entries(sets)) {
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const lens = texts.map(chars).sort((a, b) => a - b);
  console.log(
    `${name}: ${texts.length} texts, ${(bytes / 1e6).toFixed(2)} MB, ` +
      `${lens[0]}–${lens[lens.length - 1]} characters (median ${lens[lens.length >> 1]})`,
  );
}
console.log();

let sink = 0;
const calls = [
  ["wrap (html) .output", (t) => (sink += lashon.wrap(t).output.length)],
  ["wrap (isolate) .output", (t) => (sink += lashon.wrap(t, "isolate").output.length)],
  ["wrap (html) .output + .runs", (t) => {
    const w = lashon.wrap(t);
    sink += w.output.length + w.runs.length;
  }],
  ["analyze", (t) => (sink += lashon.analyze(t).analysis.runs.length)],
  ["detect .lang", (t) => (sink += lashon.detect(t).lang.length)],
  ["detect .segments", (t) => (sink += lashon.detect(t).segments.length)],
];
// Every call over every set before anything is timed, so the JIT and wasm's tier-up from the
// baseline compiler (which runs in the background) are done.
for (const end = now() + 2; now() < end; ) {
  for (const texts of Object.values(sets)) {
    for (const [, fn] of calls) for (const t of texts.slice(0, 100)) fn(t);
    for (const t of texts.slice(0, 100)) bidi.getEmbeddingLevels(t, "auto");
  }
}
const rows = [];
const header = `${"call (vs bidi-js getEmbeddingLevels)".padEnd(38)} ${"texts".padEnd(11)} ${"lashon MB/s".padStart(12)} ${"bidi-js MB/s".padStart(13)} ${"ratio".padStart(7)}`;
console.log(header);
console.log("-".repeat(header.length));
for (const [name, texts] of Object.entries(sets)) {
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const levels = (t) => (sink += bidi.getEmbeddingLevels(t, "auto").levels.length);
  for (const [call, fn] of calls) {
    const [ours, peer] = compare(fn, levels, texts, bytes);
    rows.push({ call, texts: name, lashon: ours, bidiJs: peer, ratio: ours / peer });
    console.log(
      `${call.padEnd(38)} ${name.padEnd(11)} ${ours.toFixed(2).padStart(12)} ${peer.toFixed(2).padStart(13)} ${(ours / peer).toFixed(2).padStart(7)}`,
    );
  }
}
if (sink === 0) throw new Error("nothing computed");
console.log("ratio = lashon MB/s / bidi-js MB/s (above 1: lashon is faster); this machine's figures");
console.log(JSON.stringify(rows.map((r) => ({ ...r, lashon: +r.lashon.toFixed(2), bidiJs: +r.bidiJs.toFixed(2), ratio: +r.ratio.toFixed(2) }))));
