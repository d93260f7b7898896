//! Webhook destination rules (spec, "Setup" rule 3) over the URL cases of
//! `tests/vectors/webhook_destinations.json`: public HTTPS hostnames on 443 accepted; other
//! schemes, credentials, fragments, other ports, private names and IP literals — private ones
//! in every notation (decimal, octal, hexadecimal, shortened, IPv4-mapped IPv6, NAT64, 6to4) —
//! refused with the reason.

use lashon_news::webhook::{check_destination, is_public, DestinationError};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    url: String,
    expect: String,
}

fn kind(r: &Result<lashon_news::webhook::Destination, DestinationError>) -> &'static str {
    match r {
        Ok(_) => "ok",
        Err(DestinationError::NotAUrl) => "not_a_url",
        Err(DestinationError::NotHttps) => "not_https",
        Err(DestinationError::Credentials) => "credentials",
        Err(DestinationError::Fragment) => "fragment",
        Err(DestinationError::Port(_)) => "port",
        Err(DestinationError::PrivateAddress(_)) => "private_address",
        Err(DestinationError::IpLiteral(_)) => "ip_literal",
        Err(DestinationError::PrivateName(_)) => "private_name",
    }
}

#[test]
fn every_destination_case() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("vectors/webhook_destinations.json")).expect("cases");
    assert!(cases.len() >= 40);
    let mut failures = Vec::new();
    for c in &cases {
        let got = check_destination(&c.url);
        if kind(&got) != c.expect {
            failures.push(format!("{}: expected {}, got {:?}", c.url, c.expect, got));
        }
    }
    println!(
        "webhook destinations: {} of {} cases",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn delivery_time_addresses() {
    for ip in [
        "127.0.0.1",
        "10.9.8.7",
        "169.254.1.1",
        "100.100.1.1",
        "::1",
        "fd00::5",
        "::ffff:192.168.0.1",
    ] {
        assert!(!is_public(ip.parse().unwrap()), "{ip}");
    }
    for ip in ["93.184.216.34", "1.1.1.1", "2606:4700::6810:84e5"] {
        assert!(is_public(ip.parse().unwrap()), "{ip}");
    }
}
