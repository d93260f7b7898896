//! TypeScript declarations of the result shapes, emitted into the package's `.d.ts`.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen(typescript_custom_section)]
const RESULT_TYPES: &str = r#"
/** Paragraph base direction requested: `auto` (first strong character), `ltr` or `rtl`. */
export type BaseDir = "auto" | "ltr" | "rtl";
/** A resolved direction. */
export type Dir = "ltr" | "rtl";
/** How `wrap` writes direction: HTML spans, Unicode isolates, or LRM/RLM marks. */
export type Format = "html" | "isolate" | "marks";
/** Transliteration direction. */
export type TranslitDirection = "he-to-latin" | "latin-to-he";

/** A run of one direction and one script. Offsets are UTF-16 code units, `end` exclusive. */
export interface Run {
  text: string;
  dir: Dir;
  /** ISO 15924 code (`Hebr`, `Latn`, `Cyrl`, `Arab`; `Zyyy` for digits and punctuation). */
  script: string;
  /** BCP 47 tag of the script's language (`und` when undetermined). */
  lang: string;
  start: number;
  end: number;
}

/** The direction analysis of one string. */
export interface DirectionAnalysis {
  dir: Dir;
  mixed: boolean;
  lang: string;
  script: string;
  /** Runs as the Unicode Bidirectional Algorithm resolves them. */
  runs: Run[];
  /** Display runs: every unit of the other direction is one run that never splits. */
  display_runs: Run[];
}

/** `analyze` result: `analysis` for a text, `fields` for an object of fields. */
export interface AnalyzeResponse {
  analysis?: DirectionAnalysis;
  fields?: Record<string, DirectionAnalysis>;
}

/** The `POST /v1/wrap` response: what `Wrapped.toJSON()` returns. */
export interface WrapResponse {
  dir: Dir;
  format: Format;
  /** For `html`, escaped and safe to assign to `innerHTML`. */
  output: string;
  runs: Run[];
}

/**
 * What `wrap` returns: the response's fields, with the runs made only when read (a new
 * array of new objects on each read; `text` is a slice of the input) or read as typed
 * arrays. `JSON.stringify` writes the HTTP response.
 */
export interface Wrapped {
  readonly dir: Dir;
  readonly format: Format;
  /** For `html`, escaped and safe to assign to `innerHTML`. */
  readonly output: string;
  readonly runs: Run[];
  readonly runCount: number;
  /** Where each run starts (UTF-16 offsets into the input). */
  readonly runStarts: Uint32Array;
  /** Where each run ends (UTF-16 offsets, exclusive). */
  readonly runEnds: Uint32Array;
  /** The direction of each run: 0 for `ltr`, 1 for `rtl`. */
  readonly runDirs: Uint8Array;
  /** The `POST /v1/wrap` response. */
  toJSON(): WrapResponse;
}

/** A same-script stretch of the input. */
export interface Segment {
  text: string;
  start: number;
  end: number;
  script: string;
  lang: string;
}

/** The share of letters in one language. */
export interface LanguageShare {
  lang: string;
  share: number;
}

/** The `POST /v1/detect` response: what `Detection.toJSON()` returns. */
export interface DetectResponse {
  lang: string;
  script: string;
  dir: Dir;
  confidence: number;
  segments: Segment[];
  languages: LanguageShare[];
}

/**
 * What `detect` returns: the response's fields, with the segments and languages made only
 * when read (`text` is a slice of the input). `JSON.stringify` writes the HTTP response.
 */
export interface Detection {
  readonly lang: string;
  readonly script: string;
  readonly dir: Dir;
  readonly confidence: number;
  readonly segments: Segment[];
  readonly segmentCount: number;
  readonly languages: LanguageShare[];
  /** The `POST /v1/detect` response. */
  toJSON(): DetectResponse;
}

/** `stripNikud` result. */
export interface StripResponse {
  text: string;
  stripped: string;
}

/** `transliterate` result. */
export interface TransliterateResponse {
  text: string;
  transliteration: string;
  scheme: string;
  direction: TranslitDirection;
}

/** What every function throws: an `Error` with the HTTP API's error `type` and `code`. */
export interface LashonError extends Error {
  name: "LashonError";
  /** `invalid_request` for bad input; `internal` otherwise. */
  type: string;
  code: string;
  /** The HTTP status the service answers the same input with. */
  status: number;
}
"#;
