// The results of `wrap` and `detect`, built on the JavaScript side from what the wasm module
// hands over in one call: the output string (decoded once) and one array of numbers (codes,
// offsets, shares, and the character codes of the few distinct script and language names),
// read straight out of wasm memory into a plain array. Nothing stays allocated in wasm
// memory, and in the steady state no typed array or name string is made per call. Runs and segments become objects only when read (then kept), and their `text` is a
// slice of the caller's own string at the UTF-16 offsets: no text is encoded or decoded again.
// `toJSON()` is the HTTP response, so JSON.stringify(result) writes what the service returns.

const DIRS = ["ltr", "rtl"];
const FORMATS = ["html", "isolate", "marks"];
const NAME_SEPARATOR = "\u001f";

// Views of wasm memory, made again only when the memory grows (its buffer changes).
let viewed = null;
let u32 = null;
let f64 = null;

function views(memory) {
  if (memory.buffer !== viewed) {
    viewed = memory.buffer;
    u32 = new Uint32Array(viewed);
    f64 = new Float64Array(viewed);
  }
}

// `len` numbers at byte `ptr` of wasm memory, as a plain array.
function copy(view, ptr, len, width) {
  const out = new Array(len);
  const at = ptr / width;
  for (let i = 0; i < len; i++) out[i] = view[at + i];
  return out;
}

// The names at the end of `codes`, from index `from`. A text's results name the same few
// scripts and languages again and again, so the lists are kept by their character codes.
const NAME_CACHE = new Map();

function names(codes, from) {
  let hash = codes.length - from;
  for (let i = from; i < codes.length; i++) hash = (Math.imul(hash, 31) + codes[i]) | 0;
  const hit = NAME_CACHE.get(hash);
  if (hit !== undefined && hit.codes.length === codes.length - from) {
    let same = true;
    for (let i = 0; i < hit.codes.length && same; i++) same = hit.codes[i] === codes[from + i];
    if (same) return hit.names;
  }
  const own = codes.slice(from);
  const list = String.fromCharCode.apply(null, own).split(NAME_SEPARATOR);
  if (NAME_CACHE.size < 1024) NAME_CACHE.set(hash, { codes: own, names: list });
  return list;
}

// A typed array of every `stride`-th code from `offset`, `count` times.
function column(codes, from, count, stride, offset, Type) {
  const out = new Type(count);
  for (let i = 0; i < count; i++) out[i] = codes[from + i * stride + offset];
  return out;
}

const RUN = 5; // start, end, dir, script, lang

export class Wrapped {
  #input;
  #codes; // [dir, format, runCount, per run: start, end, dir, script, lang, then the names]

  constructor(input, output, codes) {
    this.#input = input;
    this.#codes = codes;
    this.dir = DIRS[codes[0]];
    this.format = FORMATS[codes[1]];
    this.output = output;
  }

  get runCount() {
    return this.#codes[2];
  }

  get runs() {
    const c = this.#codes;
    const runNames = names(c, 3 + c[2] * RUN);
    const runs = new Array(c[2]);
    for (let i = 0, k = 3; i < runs.length; i++, k += RUN) {
      runs[i] = {
        text: this.#input.slice(c[k], c[k + 1]),
        dir: DIRS[c[k + 2]],
        script: runNames[c[k + 3]],
        lang: runNames[c[k + 4]],
        start: c[k],
        end: c[k + 1],
      };
    }
    return runs;
  }

  get runStarts() {
    return column(this.#codes, 3, this.#codes[2], RUN, 0, Uint32Array);
  }

  get runEnds() {
    return column(this.#codes, 3, this.#codes[2], RUN, 1, Uint32Array);
  }

  get runDirs() {
    return column(this.#codes, 3, this.#codes[2], RUN, 2, Uint8Array);
  }

  toJSON() {
    return { dir: this.dir, format: this.format, output: this.output, runs: this.runs };
  }
}

const SEGMENT = 4; // start, end, script, lang

export class Detection {
  #input;
  // [lang, script, dir, confidence, segmentCount, per segment: start, end, script, lang,
  //  languageCount, per language: lang, share, then the names]
  #codes;
  #names;

  constructor(input, codes) {
    this.#input = input;
    this.#codes = codes;
    const languagesAt = 5 + codes[4] * SEGMENT;
    this.#names = names(codes, languagesAt + 1 + codes[languagesAt] * 2);
    this.lang = this.#names[codes[0]];
    this.script = this.#names[codes[1]];
    this.dir = DIRS[codes[2]];
    this.confidence = codes[3];
  }

  get segmentCount() {
    return this.#codes[4];
  }

  get segments() {
    const c = this.#codes;
    const out = new Array(c[4]);
    for (let i = 0, k = 5; i < out.length; i++, k += SEGMENT) {
      out[i] = {
        text: this.#input.slice(c[k], c[k + 1]),
        start: c[k],
        end: c[k + 1],
        script: this.#names[c[k + 2]],
        lang: this.#names[c[k + 3]],
      };
    }
    return out;
  }

  get languages() {
    const c = this.#codes;
    const at = 5 + c[4] * SEGMENT;
    const out = new Array(c[at]);
    for (let i = 0, k = at + 1; i < out.length; i++, k += 2) {
      out[i] = { lang: this.#names[c[k]], share: c[k + 1] };
    }
    return out;
  }

  toJSON() {
    return {
      lang: this.lang,
      script: this.script,
      dir: this.dir,
      confidence: this.confidence,
      segments: this.segments,
      languages: this.languages,
    };
  }
}

// `codes` are `len` u32 at byte `ptr` of `memory`.
export function makeWrapped(input, output, memory, ptr, len) {
  views(memory);
  return new Wrapped(input, output, copy(u32, ptr, len, 4));
}

// `codes` are `len` f64 at byte `ptr` of `memory`.
export function makeDetection(input, memory, ptr, len) {
  views(memory);
  return new Detection(input, copy(f64, ptr, len, 8));
}
