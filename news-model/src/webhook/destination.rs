//! Where a webhook may be delivered (spec, "Setup" rules 3–4): a public HTTPS hostname on
//! port 443, without credentials or fragment, and never an address inside a private network.
//!
//! The URL is read with the WHATWG URL rules (the `url` crate), which turn every notation of an
//! IPv4 address a browser or HTTP client would accept — decimal `2130706433`, octal `0177.1`,
//! hexadecimal `0x7f.0.0.1`, shortened `127.1` — into the address itself, so none of them
//! slips past [`is_public`]. IP literals are refused in any case (a destination is a hostname);
//! names that only resolve inside a network (`localhost`, `*.local`, `*.internal`, single
//! labels) are refused too. At delivery time the hostname is resolved again and every address
//! must pass [`is_public`] (rule 4).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

/// A destination accepted on save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The URL as it will be called (normalized).
    pub url: String,
    /// The hostname (lower case).
    pub host: String,
}

/// Why a destination was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DestinationError {
    NotAUrl,
    NotHttps,
    Credentials,
    Fragment,
    Port(u16),
    /// An IP literal in a private, loopback, link-local, shared (CGNAT), multicast, reserved
    /// or unspecified range.
    PrivateAddress(IpAddr),
    /// A public IP literal: a destination must be a hostname.
    IpLiteral(IpAddr),
    /// A name only a private network resolves (`localhost`, `.local`, one label).
    PrivateName(String),
}

impl std::fmt::Display for DestinationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DestinationError::NotAUrl => f.write_str("not a URL"),
            DestinationError::NotHttps => f.write_str("the destination must use https"),
            DestinationError::Credentials => f.write_str("the URL must not carry credentials"),
            DestinationError::Fragment => f.write_str("the URL must not have a fragment"),
            DestinationError::Port(p) => write!(f, "the destination must be on port 443, not {p}"),
            DestinationError::PrivateAddress(ip) => write!(f, "{ip} is not a public address"),
            DestinationError::IpLiteral(ip) => {
                write!(
                    f,
                    "{ip} is an IP address; the destination must be a hostname"
                )
            }
            DestinationError::PrivateName(h) => write!(f, "{h} is not a public hostname"),
        }
    }
}

impl std::error::Error for DestinationError {}

fn v4_public(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT), RFC 6598
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn v6_public(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_public(v4);
    }
    let s = ip.segments();
    // IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4
    // address that is what a connection would reach.
    let embedded =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if s[..6] == [0, 0, 0, 0, 0, 0] && !ip.is_unspecified() && !ip.is_loopback() {
        return v4_public(embedded(s[6], s[7]));
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return v4_public(embedded(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return v4_public(embedded(s[1], s[2]));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00 // unique local
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local (deprecated)
        || (s[0] == 0x2001 && s[1] == 0x0db8)) // documentation
}

/// True when `ip` is reachable on the public internet (rule 4, checked before each delivery).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_public(v4),
        IpAddr::V6(v6) => v6_public(v6),
    }
}

/// Checks a destination on save (rule 3).
pub fn check_destination(raw: &str) -> Result<Destination, DestinationError> {
    let url = Url::parse(raw.trim()).map_err(|_| DestinationError::NotAUrl)?;
    if url.scheme() != "https" {
        return Err(DestinationError::NotHttps);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(DestinationError::Credentials);
    }
    if url.fragment().is_some() {
        return Err(DestinationError::Fragment);
    }
    // `url` leaves out the scheme's default port: any port it keeps is not 443.
    if let Some(p) = url.port() {
        return Err(DestinationError::Port(p));
    }
    let host = match url.host() {
        Some(Host::Domain(d)) => d.trim_end_matches('.').to_ascii_lowercase(),
        Some(Host::Ipv4(v4)) => {
            let ip = IpAddr::V4(v4);
            return Err(if is_public(ip) {
                DestinationError::IpLiteral(ip)
            } else {
                DestinationError::PrivateAddress(ip)
            });
        }
        Some(Host::Ipv6(v6)) => {
            let ip = IpAddr::V6(v6);
            return Err(if is_public(ip) {
                DestinationError::IpLiteral(ip)
            } else {
                DestinationError::PrivateAddress(ip)
            });
        }
        None => return Err(DestinationError::NotAUrl),
    };
    let private_suffix = [
        ".localhost",
        ".local",
        ".internal",
        ".intranet",
        ".lan",
        ".home.arpa",
        ".corp",
    ]
    .iter()
    .any(|s| host.ends_with(s));
    if host == "localhost" || private_suffix || !host.contains('.') {
        return Err(DestinationError::PrivateName(host));
    }
    Ok(Destination {
        url: url.to_string(),
        host,
    })
}
