// Benchmark: lashon's wrap (wasm, Node.js build) next to bidi-js computing embedding levels
// on the same text. Both resolve the Unicode Bidirectional Algorithm over the whole string;
// wrap also finds the display units and writes the output, bidi-js stops at the levels.
//
//   node wasm-binding/js/bench-wrap.mjs          (after scripts/build-wasm and npm ci)
//
// Prints per-call times for a short UI string and a long mixed paragraph, and the ratio
// bidi-js time / wrap time (above 1: wrap is faster). Compare only figures from one run.
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";

const require = createRequire(import.meta.url);
const lashon = require("../pkg/node/lashon_wasm.js");
const bidi = bidiFactory();

const line = 'המחיר הוא ₪1,200.50 כולל מע"מ, הפגישה ב-10:00–12:00 ב-Google Meet (5 mg פעמיים ביום). ';
const texts = {
  "short (1 line)": line,
  "long (40 lines)": line.repeat(40),
};

// Microseconds per call: the best of `rounds` timed rounds after a time-based warm-up (wasm
// tiers up from the baseline compiler in the background; the JIT needs its runs too). The
// best round is the figure least disturbed by other work on a shared machine.
function timeIt(fn, { warmMs = 300, roundMs = 200, rounds = 5 } = {}) {
  const now = () => Number(process.hrtime.bigint()) / 1e6;
  for (const end = now() + warmMs; now() < end; ) fn();
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (let i = 0; i < 10; i++) fn();
      n += 10;
      elapsed = now() - start;
    }
    best = Math.min(best, (elapsed * 1000) / n);
  }
  return best;
}

const results = [];
for (const [name, text] of Object.entries(texts)) {
  let sink = 0;
  const wrapUs = timeIt(() => {
    sink += lashon.wrap(text, "html", "auto").output.length;
  });
  const isolateUs = timeIt(() => {
    sink += lashon.wrap(text, "isolate", "auto").output.length;
  });
  const bidiUs = timeIt(() => {
    sink += bidi.getEmbeddingLevels(text, "auto").levels.length;
  });
  if (sink === 0) throw new Error("nothing computed");
  results.push({
    text: name,
    chars: text.length,
    "wrap html µs": +wrapUs.toFixed(2),
    "wrap isolate µs": +isolateUs.toFixed(2),
    "bidi-js levels µs": +bidiUs.toFixed(2),
    "ratio bidi-js/wrap html": +(bidiUs / wrapUs).toFixed(2),
  });
}
console.table(results);
console.log(JSON.stringify(results));
