// The preview page: every edit runs wrap and detect in WebAssembly and renders the result.
// The module is the web build of the package, copied to ./lashon/ by scripts/build-wasm.
import init, { wrap, detect } from "./lashon/lashon_wasm.js";

const $ = (id) => document.getElementById(id);
const input = $("input");
const base = $("base");
const format = $("format");

// Invisible direction characters, shown as badges in the output string.
const MARKS = {
  "\u200e": "LRM",
  "\u200f": "RLM",
  "\u2066": "LRI",
  "\u2067": "RLI",
  "\u2068": "FSI",
  "\u2069": "PDI",
};

let lastOutput = "";

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

function showOutput(output) {
  const pre = $("output");
  pre.replaceChildren();
  let plain = "";
  for (const ch of output) {
    if (MARKS[ch]) {
      if (plain) pre.append(plain);
      plain = "";
      pre.append(el("span", { className: "mark", textContent: MARKS[ch], title: `U+${ch.codePointAt(0).toString(16).toUpperCase()}` }));
    } else {
      plain += ch;
    }
  }
  if (plain) pre.append(plain);
}

function showRendered(w) {
  const box = $("rendered");
  if (w.format === "html") {
    // The html output is escaped by lashon and safe to assign to innerHTML; the container
    // takes the paragraph direction too, so the block aligns as it would in the product.
    box.dir = w.dir;
    box.innerHTML = w.output;
    $("rendered-how").textContent = "(innerHTML)";
  } else {
    // Isolates and marks are plain text: the container gives the paragraph direction.
    box.dir = w.dir;
    box.textContent = w.output;
    $("rendered-how").textContent = `(textContent, dir=${w.dir})`;
  }
}

function showRuns(runs) {
  $("runs").replaceChildren(
    ...runs.map((r) =>
      el("li", { className: r.dir, dir: r.dir }, [
        el("span", { className: "text", textContent: r.text }),
        el("span", { className: "meta", textContent: `${r.dir} · ${r.script} · ${r.lang} · [${r.start}, ${r.end})` }),
      ]),
    ),
  );
}

function showDetection(d) {
  const rows = [
    ["language", d.lang],
    ["script", d.script],
    ["direction", d.dir],
    ["confidence", d.confidence.toFixed(2)],
    ["languages", d.languages.map((l) => `${l.lang} ${(l.share * 100).toFixed(0)}%`).join(", ") || "none"],
  ];
  $("detection").replaceChildren(
    ...rows.flatMap(([k, v]) => [el("dt", { textContent: k }), el("dd", { textContent: v, id: `detect-${k}` })]),
  );
  $("segments").replaceChildren(
    ...d.segments.map((s) => el("span", { textContent: s.text, title: `${s.lang} ${s.script}`, dir: "auto" })),
  );
}

function update() {
  const error = $("error");
  const start = performance.now();
  try {
    const w = wrap(input.value, format.value, base.value);
    const d = detect(input.value);
    const ms = performance.now() - start;
    lastOutput = w.output;
    showRendered(w);
    showRuns(w.runs);
    showDetection(d);
    showOutput(w.output);
    error.hidden = true;
    $("status").textContent = `wrap + detect in ${ms.toFixed(2)} ms (WebAssembly, in this page)`;
  } catch (e) {
    // LashonError: the HTTP API's type and code (empty text, over 20,000 characters).
    error.textContent = `${e.code ?? "error"}: ${e.message}`;
    error.hidden = false;
    for (const id of ["rendered", "runs", "detection", "segments", "output"]) $(id).replaceChildren();
    lastOutput = "";
  }
}

async function main() {
  await init();
  for (const control of [input, base, format]) control.addEventListener("input", update);
  for (const button of document.querySelectorAll("[data-sample]")) {
    button.addEventListener("click", () => {
      input.value = button.dataset.sample;
      update();
    });
  }
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText(lastOutput));
  update();
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  $("status").textContent = `Could not load the WebAssembly module: ${e.message}. Run scripts/build-wasm and serve this folder over HTTP.`;
});
