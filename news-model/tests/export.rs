//! Export writers: records with every awkward value survive both formats, read back by the
//! csv crate and serde_json; CSV is RFC 4180 (CRLF, quoting, header even when empty).

use chrono::{DateTime, Utc};
use lashon_news::export::{read_page, write_page, ExportRecord, EXPORT_FIELDS};
use lashon_news::params::ExportFormat;
use lashon_news::{Lang, Lean, Side, StoryState, Topic};

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

fn records() -> Vec<ExportRecord> {
    let headlines = [
        "Plain headline",
        "Comma, inside",
        "Quote \"inside\" twice \"\"",
        "Line\nbreak and\r\nCRLF",
        "עברית עם \"מרכאות\", ופסיק",
        "",
        " leading and trailing spaces ",
    ];
    headlines
        .iter()
        .enumerate()
        .map(|(i, h)| ExportRecord {
            article_id: 1000 + i as i64,
            story_id: 10 + (i as i64 / 3),
            source: "ynet".into(),
            side: Side::ALL[i % 9],
            lean: Lean::ALL[i % 4],
            language: if i % 2 == 0 { Lang::He } else { Lang::En },
            headline: (*h).into(),
            url: format!("https://ynet.example/a?x={i}&y=\"z\""),
            published_at: at("2026-03-01T08:00:00Z"),
            updated_at: (i % 2 == 0).then(|| at("2026-03-01T09:30:15Z")),
            topic: Topic::ALL[i % 10],
            story_state: (i % 3 != 0).then_some(StoryState::ALL[i % 8]),
        })
        .collect()
}

#[test]
fn csv_round_trip_is_rfc4180() {
    let recs = records();
    let body = write_page(ExportFormat::Csv, &recs).unwrap();
    let text = String::from_utf8(body.clone()).unwrap();
    assert!(text.starts_with(&(EXPORT_FIELDS.join(",") + "\r\n")));
    assert!(text.ends_with("\r\n"));
    assert!(
        text.contains("\"Quote \"\"inside\"\" twice \"\"\"\"\""),
        "{text}"
    );
    assert_eq!(read_page(ExportFormat::Csv, &body).unwrap(), recs);
    // A generic CSV reader sees 12 fields per row and the same number of rows.
    let mut r = csv::Reader::from_reader(body.as_slice());
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), recs.len());
    assert!(rows.iter().all(|row| row.len() == 12));
    assert_eq!(&rows[0][9], "2026-03-01T09:30:15Z");
    assert_eq!(&rows[1][9], "", "absent updatedAt is an empty field");
}

#[test]
fn jsonl_round_trip() {
    let recs = records();
    let body = write_page(ExportFormat::Jsonl, &recs).unwrap();
    let lines: Vec<&str> = std::str::from_utf8(&body).unwrap().lines().collect();
    assert_eq!(lines.len(), recs.len());
    for (line, rec) in lines.iter().zip(&recs) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut want = EXPORT_FIELDS.to_vec();
        want.sort();
        let mut have = keys.clone();
        have.sort();
        assert_eq!(have, want);
        assert_eq!(v["articleId"], rec.article_id);
        assert_eq!(v["headline"], rec.headline.as_str());
    }
    assert_eq!(read_page(ExportFormat::Jsonl, &body).unwrap(), recs);
}

#[test]
fn empty_pages() {
    let csv_body = write_page(ExportFormat::Csv, &[]).unwrap();
    assert_eq!(csv_body, (EXPORT_FIELDS.join(",") + "\r\n").into_bytes());
    assert!(read_page(ExportFormat::Csv, &csv_body).unwrap().is_empty());
    assert!(write_page(ExportFormat::Jsonl, &[]).unwrap().is_empty());
    assert!(read_page(ExportFormat::Csv, b"a,b\r\n1,2\r\n").is_err());
    assert!(read_page(ExportFormat::Jsonl, b"{not json}\n").is_err());
}

/// CSV cells a spreadsheet would run as formulas are written as text (prefixed `'`); JSON
/// lines keep the values as they are.
#[test]
fn csv_neutralises_formulas() {
    let dangerous = [
        "=HYPERLINK(\"http://evil.example\",\"click\")",
        "+972-3-555",
        "-1+2",
        "@SUM(A1:A9)",
        "\tcmd",
        "\rcmd",
    ];
    let mut rs = records();
    for (r, cell) in rs.iter_mut().zip(dangerous) {
        r.headline = cell.to_string();
    }
    rs[0].url = "=cmd|' /C calc'!A0".into();
    let csv = write_page(ExportFormat::Csv, &rs).unwrap();
    let back = read_page(ExportFormat::Csv, &csv).unwrap();
    for (r, cell) in back.iter().zip(dangerous) {
        assert_eq!(r.headline, format!("'{cell}"));
    }
    assert_eq!(back[0].url, "'=cmd|' /C calc'!A0");
    // Harmless cells are untouched, in the same page.
    assert_eq!(back[6].headline, rs[6].headline);
    let jsonl = write_page(ExportFormat::Jsonl, &rs).unwrap();
    assert_eq!(read_page(ExportFormat::Jsonl, &jsonl).unwrap(), rs);
}
