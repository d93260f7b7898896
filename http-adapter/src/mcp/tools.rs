//! The table of tools: one per API operation, with the name an agent calls it by, the
//! operation it runs, and the description a model chooses by (what it does, its limits, what
//! it costs and what protection guarantees). Schemas are not written here: they come from the
//! OpenAPI documents ([`super::catalog`]).

/// Which service an operation belongs to, and so which document describes it and which
/// gate admits a key to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    /// `/v1`: any valid key.
    Language,
    /// `/v1/clinical`: an account with clinical enabled and a key with the `medical` scope.
    Clinical,
    /// `/api/v1`: the scope the news document gives the endpoint.
    News,
}

/// The HTTP method of an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    Get,
    Post,
    Delete,
}

impl Verb {
    /// As OpenAPI spells it.
    pub fn openapi(self) -> &'static str {
        match self {
            Verb::Get => "get",
            Verb::Post => "post",
            Verb::Delete => "delete",
        }
    }

    pub fn method(self) -> axum::http::Method {
        match self {
            Verb::Get => axum::http::Method::GET,
            Verb::Post => axum::http::Method::POST,
            Verb::Delete => axum::http::Method::DELETE,
        }
    }
}

/// What a tool does to the account, for the MCP annotations (hints to a client deciding
/// whether to ask its user first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads, or computes without keeping anything (a charge to the quota aside).
    Reads,
    /// Computes with the translation model, an outside service (the text leaves the
    /// process; `redact_terms` values never do).
    CallsModel,
    /// Adds or updates account terms; repeating it changes nothing more.
    Upserts,
    /// Deletes an account term.
    Deletes,
}

/// One tool.
#[derive(Debug, Clone, Copy)]
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub service: Service,
    pub verb: Verb,
    /// The path as the document names it (`/v1/terms/{id}`, `/api/v1/stories/{ckey}`).
    pub path: &'static str,
    pub effect: Effect,
    pub description: &'static str,
}

const fn tool(
    name: &'static str,
    title: &'static str,
    (service, verb, path): (Service, Verb, &'static str),
    effect: Effect,
    description: &'static str,
) -> ToolSpec {
    ToolSpec {
        name,
        title,
        service,
        verb,
        path,
        effect,
        description,
    }
}

use Effect::{CallsModel, Deletes, Reads, Upserts};
use Service::{Clinical, Language, News};
use Verb::{Delete, Get, Post};

/// Every tool, language first, then news.
pub const TOOLS: &[ToolSpec] = &[
    tool(
        "translate",
        "Translate a text (protected, verified)",
        (Language, Post, "/v1/translate"),
        CallsModel,
        "Translate one text (1 to 20,000 characters) into `target_lang` (BCP 47; see list_languages); \
         `source_lang` defaults to `auto` (detected). Protected translation, between Hebrew (he), English \
         (en) and Russian (ru) only, is on when `protect` is true, when any of protected_terms, \
         redact_terms, glossary, listener_gender, speaker_gender, domain, date_order or date_style is \
         sent, and always when the account has terms: prices, quantities, numbers, dates, codes, \
         identifiers, URLs, interface variables, account terms and protected_terms are kept exactly; \
         glossary entries are rendered as given; redact_terms values (personal data) never reach the \
         model; every sentence is verified, a failing one is retried once on a stronger model, and one \
         that still fails comes back in the source language with status `fallback` (see \
         translation.protection). `domain` clinical/finance/legal adds that field's checks (finance \
         rejects a swapped money direction, legal a changed modality). `message_format: \"icu\"` \
         translates an ICU MessageFormat message, keeping arguments and rewriting plural branches to the \
         target's CLDR categories. Charged to the monthly character quota: the text's length, twice \
         when protected at balanced quality, up to five times at `quality: smartest`; a failed \
         request is not charged. Text is never stored. A sandbox key (lsk_test_) returns a \
         deterministic pseudo-translation (transliteration, protected values kept) without a model.",
    ),
    tool(
        "translate_batch",
        "Translate several texts",
        (Language, Post, "/v1/translate/batch"),
        CallsModel,
        "Translate 1 to 50 texts (`items`, each 1 to 5,000 characters; a protected batch at most \
         20,000 characters in all) into one `target_lang`, with the options, protection guarantees and \
         charges of `translate` applied to every item; `results` come back in input order, one \
         translation block per item. Use it instead of many translate calls for interface strings or \
         lists.",
    ),
    tool(
        "clinical_translate",
        "Translate a clinical document English to Hebrew",
        (Clinical, Post, "/v1/clinical/translate"),
        CallsModel,
        "Verified English-to-Hebrew translation of a clinical text (1 to 20,000 characters; Markdown \
         lists, headings and tables keep their structure). Drugs, doses, lab values, abbreviations, \
         codes, numbers and dates are protected and checked; negation and laterality (left/right) are \
         verified; redact_terms (names, identifiers) never reach the model. `audience` clinician \
         (default) keeps shorthand such as BID and PO, patient writes it as plain words. Each segment \
         has a status: ok, retried (passed on a stronger model), fallback (left in English: treat as \
         untranslated) or passthrough (no model needed); `stats` counts them. Needs an account with \
         clinical enabled and a key with the `medical` scope, called from a server (never a browser). \
         Charged three times its characters.",
    ),
    tool(
        "clinical_query",
        "Hebrew clinical question to an English record query",
        (Clinical, Post, "/v1/clinical/query"),
        CallsModel,
        "Turn a Hebrew clinical question (1 to 2,000 characters) into an English query for searching a \
         patient record, with the Hebrew-to-English term mappings it used and where each came from \
         (known_terms you send, the clinical lexicon, your glossary; account terms are added \
         automatically). Needs clinical enabled and the `medical` scope. Charged three times its \
         characters.",
    ),
    tool(
        "clinical_verify",
        "Check a clinical translation",
        (Clinical, Post, "/v1/clinical/verify"),
        CallsModel,
        "Check a given Hebrew `translation` (1 to 40,000 characters) of an English clinical `source` \
         (1 to 20,000) without translating: numbers, doses, dates, drugs, protected_terms (must appear \
         verbatim), negation and laterality. `verification: strict` adds an independent model review \
         for meaning changes; `standard` (default) runs the deterministic checks only. `pass` is true \
         when no issue has severity error. Needs clinical enabled and the `medical` scope. Charged \
         three times source plus translation.",
    ),
    tool(
        "add_terms",
        "Add or update account terms",
        (Language, Post, "/v1/terms"),
        Upserts,
        "Add or update the account's terms (1 to 2,000 per call; `term` 1 to 200 characters; optional \
         required renderings per target language `he`, `en`, `ru`, each 1 to 200; `note` up to 500). \
         An account term is kept exactly as written, or rendered as its translation for that target, \
         in every protected translation this account makes, and its presence switches protection on \
         for he/en/ru pairs. Upsert by term text; the list has a plan capacity (see list_terms). Free.",
    ),
    tool(
        "list_terms",
        "List account terms",
        (Language, Get, "/v1/terms"),
        Reads,
        "List the account's terms (id, term, translations, note, created_at) and `limit`, the capacity \
         of the list. Free.",
    ),
    tool(
        "delete_term",
        "Delete an account term",
        (Language, Delete, "/v1/terms/{id}"),
        Deletes,
        "Delete one account term by its `id` (from list_terms or add_terms); not_found when the account \
         has no such term. Free.",
    ),
    tool(
        "add_nikud",
        "Add Hebrew vowel points",
        (Language, Post, "/v1/nikud"),
        Reads,
        "Add vowel points (nikud) to Hebrew text (1 to 10,000 characters; English words and numbers \
         pass through) with the Nakdimon model, on the server. `verified` is true only when removing \
         the points gives back exactly the input; when false, `nikud` is the input unchanged (send the \
         text to speech unvocalized, or retry). Charged three times its characters. service_unavailable \
         (not_configured) when the server has no nikud model loaded.",
    ),
    tool(
        "strip_nikud",
        "Remove Hebrew vowel points",
        (Language, Post, "/v1/strip-nikud"),
        Reads,
        "Remove vowel points, dagesh and cantillation marks from Hebrew text (1 to 20,000 characters); \
         punctuation such as the maqaf is kept. Deterministic, no model, free.",
    ),
    tool(
        "analyze_direction",
        "Analyze text direction (bidi)",
        (Language, Post, "/v1/analyze"),
        Reads,
        "Direction analysis of `text` and/or named `fields` (at most 100 fields, 20,000 characters in \
         all): paragraph direction (first-strong rule, or `base` ltr/rtl), whether strong RTL and LTR \
         letters are mixed, dominant language and script, the runs of the Unicode bidirectional \
         algorithm, and display runs that keep each LTR unit (Latin term, number with unit, date, \
         range, percentage) whole. Offsets are UTF-16 code units, end exclusive. Deterministic, no \
         model, free.",
    ),
    tool(
        "wrap_for_display",
        "Make mixed Hebrew/English text render correctly",
        (Language, Post, "/v1/wrap"),
        Reads,
        "Make a mixed Hebrew/English line (1 to 20,000 characters) render in the right order: `output` \
         is HTML with dir spans (`format: html`, default), text with Unicode isolates (`isolate`) or \
         with LRM/RLM marks that every renderer honours (`marks`), built so that each LTR unit (Latin \
         term, number with unit, range, date, percentage, <5) stays one run and never splits or \
         mirrors. Pass `base: rtl` for a Hebrew line that starts with a Latin term. Deterministic, \
         free.",
    ),
    tool(
        "detect_language",
        "Detect the languages of a text",
        (Language, Post, "/v1/detect"),
        Reads,
        "Detect the languages of a possibly mixed text (1 to 20,000 characters): the dominant language \
         (Latin script is tagged en), script and direction with a confidence (the dominant language's \
         share of letters), same-script segments with UTF-16 offsets, and every language's share, \
         largest first. Deterministic, free.",
    ),
    tool(
        "transliterate",
        "Transliterate Hebrew and Latin script",
        (Language, Post, "/v1/transliterate"),
        Reads,
        "Transliterate Hebrew into Latin letters (`direction: he-to-latin`, default) or Latin into \
         Hebrew (`latin-to-he`); text 1 to 5,000 characters. Returns the romanization scheme used. \
         Free.",
    ),
    tool(
        "list_languages",
        "List supported languages",
        (Language, Get, "/v1/languages"),
        Reads,
        "The languages translation supports: BCP 47 code, English name, native name and direction. \
         Free.",
    ),
    tool(
        "usage",
        "This month's usage and limits",
        (Language, Get, "/v1/usage"),
        Reads,
        "The account's usage this UTC month: weighted characters used by live and by sandbox keys, \
         the monthly character allowance, charged requests, the plan, the per-minute request limit, \
         and which kind of key is asking. Free.",
    ),
    tool(
        "stories_list",
        "List news stories",
        (News, Get, "/api/v1/stories"),
        Reads,
        "Israeli news stories: articles from many newsrooms clustered into one story each, most \
         recently updated first, with coverage per press camp (sides, missingSides, lean), state \
         (breaking, developing, consensus, blindspot, undercovered, thread_update, quiet, resolved) \
         and the running thread it belongs to. Filters: state, topic and source (repeatable: OR within, \
         AND across), since (calendar days back in Jerusalem, 0 to 30), lang en or he. Paged: limit 1 \
         to 100 (default 40); pass the answer's nextCursor as `cursor` with every other argument \
         unchanged. For free-text search use `search`. Scope stories; counts against the monthly \
         request quota.",
    ),
    tool(
        "story_get",
        "Get one news story",
        (News, Get, "/api/v1/stories/{ckey}"),
        Reads,
        "One story by id (`ckey`, an integer from stories_list, search or trending): the story fields \
         plus every member article (newsroom, headline, original headline, side, lean, framing), the \
         timeline (first and last report, spread, first report per side) and a framing note. \
         not_found for an unknown id. Scope stories.",
    ),
    tool(
        "story_members",
        "List the articles of a story",
        (News, Get, "/api/v1/stories/{ckey}/members"),
        Reads,
        "The member articles of one story, paged, optionally only those from one press camp (`side`) \
         or `lean`; a filtered page can be shorter than its limit and still carry a nextCursor. Scope \
         stories.",
    ),
    tool(
        "threads_list",
        "List running threads",
        (News, Get, "/api/v1/threads"),
        Reads,
        "Running threads: stories linked over days into one developing affair, newest first, each with \
         its instalment count, span in days and latest story. `minNodes` (1 to 50, default 2) is the \
         fewest instalments a thread needs. Paged with `cursor`. Scope stories.",
    ),
    tool(
        "thread_get",
        "Get one thread's arc",
        (News, Get, "/api/v1/threads/{id}"),
        Reads,
        "One thread by id with its arc: every instalment still held, newest first, up to `limit` \
         (1 to 100, default 40); not paged. not_found for an unknown id. Scope stories.",
    ),
    tool(
        "trending",
        "Trending stories",
        (News, Get, "/api/v1/trending"),
        Reads,
        "Stories ranked by a signal: `metric` acceleration (default), velocity, heat or importance, \
         over a `window` of minutes (15 to 10,080, default 360) saying how far back a state counts as \
         current. Each item has its rank, the four signals, the sides covering and missing, and the \
         story. Paged; a cursor is valid only for the metric that made it. Scope stories.",
    ),
    tool(
        "blindspots",
        "Stories one press camp is not covering",
        (News, Get, "/api/v1/blindspots"),
        Reads,
        "Stories in state blindspot or undercovered (`state`, repeatable), most significant first, with \
         the camps that did not run them (`gaps`); `side` keeps only stories that camp did not run. \
         `window` as for trending. Paged. Scope stories.",
    ),
    tool(
        "sources_list",
        "List newsrooms",
        (News, Get, "/api/v1/sources"),
        Reads,
        "Every newsroom in the registry: key, name, language, press camp (side), lean, place and \
         profile. Not paged. Scope sources.",
    ),
    tool(
        "source_get",
        "Get one newsroom",
        (News, Get, "/api/v1/sources/{key}"),
        Reads,
        "One newsroom by its registry `key` (from sources_list), with its profile when computed; \
         not_found for an unknown key. Scope sources.",
    ),
    tool(
        "source_activity",
        "A newsroom's crawl and publishing activity",
        (News, Get, "/api/v1/sources/{key}/activity"),
        Reads,
        "A newsroom's crawl record over `days` (1 to 30, default 7): runs, successes and errors, \
         articles discovered and new, success rate over finished runs; and its publishing behaviour \
         over 30 days: stories, byline rate, original-reporting rate, opinion and press-release share, \
         median lag. Scope sources.",
    ),
    tool(
        "topics",
        "News desks and their volume",
        (News, Get, "/api/v1/topics"),
        Reads,
        "Every desk (topic id, label, hue) with its article volume over `days` (1 to 7, default 1). \
         Topic ids are what stories_list and search take as `topic`. Scope sources.",
    ),
    tool(
        "changes",
        "Story state changes since an instant",
        (News, Get, "/api/v1/changes"),
        Reads,
        "State changes of stories at or after `since` (an ISO 8601 instant, required; at most seven \
         days back), oldest first, up to `limit` (1 to 500, default 100) a page. Send the answer's \
         `checkpoint` as the next `since` to follow the feed without losing a change (one at exactly \
         that instant may come again). Paged with `cursor`. Scope stories.",
    ),
    tool(
        "search",
        "Search news stories",
        (News, Get, "/api/v1/search"),
        Reads,
        "Stories whose title, summary or entities match `q` (2 to 120 characters, Hebrew or English), \
         with the filters of stories_list (state, topic, source, since, lang). Paged with `cursor`. \
         Scope search.",
    ),
    tool(
        "people_list",
        "People in the news",
        (News, Get, "/api/v1/people"),
        Reads,
        "People named in the news in the last 24 hours, most mentioned first: id, name, role, avatar, \
         mention count. Not paged. Scope people.",
    ),
    tool(
        "person_get",
        "Get one person",
        (News, Get, "/api/v1/people/{id}"),
        Reads,
        "One person by id (from people_list): names in English and Hebrew, Wikidata id, role, \
         mentions, aliases. not_found for an unknown id. Scope people.",
    ),
    tool(
        "brief",
        "The daily news brief",
        (News, Get, "/api/v1/brief"),
        Reads,
        "The latest daily brief in `lang` (en or he): an introduction and a few items, each a headline, \
         a short text and the story's URL. not_found when no brief is available. Scope brief.",
    ),
];

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The names the issue fixes, in its order.
    const NAMES: [&str; 32] = [
        "translate",
        "translate_batch",
        "clinical_translate",
        "clinical_query",
        "clinical_verify",
        "add_terms",
        "list_terms",
        "delete_term",
        "add_nikud",
        "strip_nikud",
        "analyze_direction",
        "wrap_for_display",
        "detect_language",
        "transliterate",
        "list_languages",
        "usage",
        "stories_list",
        "story_get",
        "story_members",
        "threads_list",
        "thread_get",
        "trending",
        "blindspots",
        "sources_list",
        "source_get",
        "source_activity",
        "topics",
        "changes",
        "search",
        "people_list",
        "person_get",
        "brief",
    ];

    #[test]
    fn the_tools_are_the_issues_list() {
        let names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        assert_eq!(names, NAMES);
        let operations: HashSet<(Verb, &str)> = TOOLS.iter().map(|t| (t.verb, t.path)).collect();
        assert_eq!(operations.len(), TOOLS.len(), "two tools run one operation");
        for t in TOOLS {
            // MCP tool names: letters, digits, `_`, `-`, `.`; at most 128.
            assert!(t.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert!(t.description.len() > 60, "{}", t.name);
            assert_eq!(
                t.service == Service::News,
                t.path.starts_with("/api/v1/"),
                "{}",
                t.name
            );
            assert_eq!(
                t.service == Service::Clinical,
                t.path.starts_with("/v1/clinical/"),
                "{}",
                t.name
            );
        }
    }
}
