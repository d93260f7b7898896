// The results of `wrap` and `detect`, built on the JavaScript side from what the wasm module
// hands over in one call: the output string (decoded once) and one array of numbers (codes,
// offsets, shares, and the character codes of the few distinct script and language names).
// Nothing stays allocated in wasm memory. Runs and segments become objects only when read (then kept), and their `text` is a
// slice of the caller's own string at the UTF-16 offsets: no text is encoded or decoded again.
// `toJSON()` is the HTTP response, so JSON.stringify(result) writes what the service returns.

const DIRS = ["ltr", "rtl"];
const FORMATS = ["html", "isolate", "marks"];
const NAME_SEPARATOR = "\u001f";

// The names at the end of `codes`, from index `from`.
function names(codes, from) {
  return String.fromCharCode.apply(null, codes.subarray(from)).split(NAME_SEPARATOR);
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

export function makeWrapped(input, output, codes) {
  return new Wrapped(input, output, codes);
}

export function makeDetection(input, codes) {
  return new Detection(input, codes);
}
