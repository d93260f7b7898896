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

/** `wrap` result. */
export interface Wrapped {
  dir: Dir;
  format: Format;
  /** For `html`, escaped and safe to assign to `innerHTML`. */
  output: string;
  runs: Run[];
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

/** `detect` result. */
export interface Detection {
  lang: string;
  script: string;
  dir: Dir;
  confidence: number;
  segments: Segment[];
  languages: LanguageShare[];
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
