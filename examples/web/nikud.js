// The nikud panel: when the user picks the Nakdimon weights, the page loads the nikud build of
// the package (./lashon-nikud/, written by scripts/build-wasm; about 100 KB more than the default
// build, so it is fetched only now), reads the file in the browser and vocalizes the panel's
// text on every edit. Nothing leaves the page.
const $ = (id) => document.getElementById(id);
const picker = $("nikud-weights");
const panel = $("nikud-panel");
const input = $("nikud-input");
const output = $("nikud-output");
const status = $("nikud-status");
const error = $("nikud-error");

let model = null;
let pending = 0;

function fail(e) {
  // LashonError: the HTTP API's code (not_configured for a file that is not the weights).
  error.textContent = `${e.code ?? "error"}: ${e.message}`;
  error.hidden = false;
}

function vocalize() {
  if (!model) return;
  try {
    const start = performance.now();
    const r = model.add(input.value);
    const ms = performance.now() - start;
    output.textContent = r.nikud;
    output.dataset.verified = String(r.verified);
    const chars = [...input.value].length;
    status.textContent = `${chars} characters in ${ms.toFixed(0)} ms (WebAssembly, one thread)` +
      (r.verified ? "" : " · not verified: the text already has points, shown unchanged");
    error.hidden = true;
  } catch (e) {
    output.textContent = "";
    fail(e);
  }
}

async function loadWeights(file) {
  error.hidden = true;
  status.textContent = "";
  document.body.dataset.nikud = "loading";
  try {
    const lashon = await import("./lashon-nikud/lashon_wasm.js");
    await lashon.default();
    const start = performance.now();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const loaded = lashon.Nikud.fromBytes(bytes);
    model?.free();
    model = loaded;
    panel.hidden = false;
    document.body.dataset.nikud = "ready";
    vocalize();
    status.textContent += ` · weights loaded in ${(performance.now() - start).toFixed(0)} ms`;
  } catch (e) {
    document.body.dataset.nikud = "failed";
    fail(e);
  }
}

picker.addEventListener("change", () => {
  const file = picker.files?.[0];
  if (file) loadWeights(file);
});
// The model takes a moment per line: vocalize when typing pauses, not on every key.
input.addEventListener("input", () => {
  clearTimeout(pending);
  pending = setTimeout(vocalize, 250);
});
