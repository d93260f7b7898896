// The shared display vectors (bidi/tests/vectors/display.json) through the Node.js build of
// the package: every case's display runs and direction (analyze) and its html, isolate and
// marks outputs (wrap) must equal what the native crate produces, which
// bidi/tests/display_vectors.rs and wasm-binding/tests/vectors.rs check against the same file.
//
//   node --test wasm-binding/js/     (after scripts/build-wasm)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const lashon = require("../pkg/node/lashon_wasm.js");
const cases = JSON.parse(
  readFileSync(new URL("../../bidi/tests/vectors/display.json", import.meta.url), "utf8"),
);

test("the vector file holds the shared cases", () => {
  assert.ok(cases.length >= 60, `only ${cases.length} cases`);
});

for (const c of cases) {
  test(`vector ${c.name}`, () => {
    const { analysis } = lashon.analyze(c.text, c.base);
    assert.deepEqual(
      analysis.display_runs.map((r) => [r.text, r.dir]),
      c.display,
      "display runs",
    );
    assert.equal(analysis.dir, c.dir, "paragraph direction");
    for (const format of ["html", "isolate", "marks"]) {
      if (!(format in c)) continue;
      const w = lashon.wrap(c.text, format, c.base);
      assert.equal(w.output, c[format], `${format} output`);
      assert.equal(w.format, format);
      assert.deepEqual(w.runs, analysis.display_runs, "wrap runs are the display runs");
    }
  });
}
