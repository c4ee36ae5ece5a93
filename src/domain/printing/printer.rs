//! A network receipt printer as the restaurant configures it: where it is (host and
//! raw TCP port, 9100 on nearly every model), what it prints, how wide its paper is and
//! how many copies it gives.

use std::net::IpAddr;

use serde::{Deserialize, Serialize};

use crate::domain::error::{ErrorCode, ErrorStatus, PublicError};
use crate::domain::store_profile::SettingError;

/// The raw-printing port of Epson, Star, Bixolon and most other LAN printers.
pub const DEFAULT_PORT: u16 = 9100;
/// Characters per line with the printer's standard font: 32 on 58 mm paper, 42 or 48
/// on 80 mm paper (depending on the model's font).
pub const PAPER_WIDTHS: [u8; 3] = [32, 42, 48];
pub const DEFAULT_WIDTH: u8 = 42;
pub const MAX_COPIES: u8 = 5;
pub const MAX_NAME_CHARS: usize = 40;

/// Which documents a printer gives for each accepted order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prints {
    /// The kitchen ticket only.
    Kitchen,
    /// The customer receipt (with the VAT breakdown) only.
    Receipt,
    Both,
}

impl Prints {
    pub const ALL: [Prints; 3] = [Prints::Kitchen, Prints::Receipt, Prints::Both];

    pub fn as_str(self) -> &'static str {
        match self {
            Prints::Kitchen => "kitchen",
            Prints::Receipt => "receipt",
            Prints::Both => "both",
        }
    }

    pub fn parse(text: &str) -> Option<Prints> {
        Prints::ALL.into_iter().find(|p| p.as_str() == text)
    }

    pub fn kitchen(self) -> bool {
        matches!(self, Prints::Kitchen | Prints::Both)
    }

    pub fn receipt(self) -> bool {
        matches!(self, Prints::Receipt | Prints::Both)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Printer {
    pub id: u64,
    /// Shown on the board's alarm, e.g. "Küche".
    pub name: String,
    /// The printer's IP address in the restaurant's network.
    pub host: String,
    pub port: u16,
    pub prints: Prints,
    /// Characters per line (one of [`PAPER_WIDTHS`]).
    pub width: u8,
    /// How many times each document is printed, 1–5.
    pub copies: u8,
    /// A switched-off printer gets no new jobs, and its queued ones are dropped.
    pub enabled: bool,
}

impl Printer {
    /// `host:port`, with brackets around an IPv6 address.
    pub fn address(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }
}

/// What an admin sends; numbers arrive wide so that an out-of-range one is reported by
/// its field name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrinterInput {
    pub name: String,
    pub host: String,
    pub port: i64,
    pub prints: Prints,
    pub width: i64,
    pub copies: i64,
    pub enabled: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrinterError {
    #[error(transparent)]
    Invalid(SettingError),
    /// Another printer has the name.
    #[error("{0}")]
    Duplicate(String),
}

impl PublicError for PrinterError {
    fn code(&self) -> ErrorCode {
        match self {
            PrinterError::Invalid(error) => error.code(),
            PrinterError::Duplicate(_) => ErrorCode::Duplicate,
        }
    }

    fn status(&self) -> ErrorStatus {
        match self {
            PrinterError::Invalid(error) => error.status(),
            PrinterError::Duplicate(_) => ErrorStatus::Conflict,
        }
    }

    fn field(&self) -> Option<&str> {
        match self {
            PrinterError::Invalid(error) => error.field(),
            PrinterError::Duplicate(_) => Some("name"),
        }
    }
}

fn invalid(field: &'static str, message: impl Into<String>) -> PrinterError {
    PrinterError::Invalid(SettingError {
        field,
        message: message.into(),
    })
}

/// On the restaurant's own network: a private, loopback or link-local address. A
/// printer is never on the internet, and the server must not become a way to send
/// bytes there.
pub fn is_local_network(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_private() || v4.is_loopback() || v4.is_link_local(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_local_network(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                v6.is_loopback()
                    // fc00::/7, unique local addresses.
                    || (first & 0xfe00) == 0xfc00
                    // fe80::/10, link-local.
                    || (first & 0xffc0) == 0xfe80
            }
        },
    }
}

/// The printer's IP address in its canonical form. Names are not taken: a static
/// build resolves no `.local` names, and a printer with a fixed address in the router
/// is found even when the name service is down.
pub fn check_host(host: &str) -> Result<IpAddr, PrinterError> {
    let host = host.trim();
    if host.is_empty() {
        return Err(invalid("host", "is required"));
    }
    let bracketed = host
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'));
    let Ok(ip) = bracketed.unwrap_or(host).parse::<IpAddr>() else {
        return Err(invalid(
            "host",
            "must be the printer's IP address, e.g. 192.168.1.50, without a port",
        ));
    };
    if !is_local_network(ip) {
        return Err(invalid(
            "host",
            "must be an address in the restaurant's own network (e.g. 192.168.x.x or 10.x.x.x)",
        ));
    }
    Ok(ip)
}

/// Checks a printer against the others (`id` is the record being written).
pub fn check_printer(
    id: u64,
    input: PrinterInput,
    others: &[Printer],
) -> Result<Printer, PrinterError> {
    let name = input.name.trim().to_string();
    if name.is_empty() {
        return Err(invalid("name", "is required"));
    }
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(invalid(
            "name",
            format!("must be at most {MAX_NAME_CHARS} characters of text"),
        ));
    }
    let host = check_host(&input.host)?.to_string();
    let port = u16::try_from(input.port)
        .ok()
        .filter(|port| *port > 0)
        .ok_or_else(|| {
            invalid(
                "port",
                "must be a port number from 1 to 65535 (usually 9100)",
            )
        })?;
    let width = u8::try_from(input.width)
        .ok()
        .filter(|width| PAPER_WIDTHS.contains(width))
        .ok_or_else(|| {
            invalid(
                "width",
                "must be 32 (58 mm paper), 42 or 48 (80 mm paper) characters",
            )
        })?;
    let copies = u8::try_from(input.copies)
        .ok()
        .filter(|copies| (1..=MAX_COPIES).contains(copies))
        .ok_or_else(|| invalid("copies", format!("must be 1 to {MAX_COPIES}")))?;
    if others
        .iter()
        .any(|other| other.id != id && other.name.to_lowercase() == name.to_lowercase())
    {
        return Err(PrinterError::Duplicate(format!(
            "There is a printer named {name} already."
        )));
    }
    Ok(Printer {
        id,
        name,
        host,
        port,
        prints: input.prints,
        width,
        copies,
        enabled: input.enabled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, host: &str) -> PrinterInput {
        PrinterInput {
            name: name.into(),
            host: host.into(),
            port: 9100,
            prints: Prints::Kitchen,
            width: 42,
            copies: 1,
            enabled: true,
        }
    }

    fn field_of(result: Result<Printer, PrinterError>) -> &'static str {
        match result {
            Err(PrinterError::Invalid(error)) => error.field,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn addresses_and_names_are_cleaned() {
        let printer = check_printer(1, input(" Küche ", " 192.168.1.50 "), &[]).unwrap();
        assert_eq!(printer.name, "Küche");
        assert_eq!(printer.host, "192.168.1.50");
        assert_eq!(printer.address(), "192.168.1.50:9100");
        let six = check_printer(3, input("Bar", "[fe80::1]"), &[]).unwrap();
        assert_eq!(six.host, "fe80::1");
        assert_eq!(six.address(), "[fe80::1]:9100");
        for local in [
            "10.1.2.3",
            "172.16.0.9",
            "127.0.0.1",
            "169.254.3.4",
            "fd12::7",
            "::1",
        ] {
            assert!(check_printer(1, input("K", local), &[]).is_ok(), "{local}");
        }
    }

    #[test]
    fn bad_hosts_are_refused_by_field() {
        for host in [
            "",
            "192.168.1.50:9100",
            "http://printer",
            "bondrucker.local",
            "0.0.0.0",
            "300.1.1.1",
            "8.8.8.8",
            "172.32.0.1",
            "2001:db8::1",
            "::ffff:8.8.8.8",
            "224.0.0.1",
        ] {
            assert_eq!(
                field_of(check_printer(1, input("K", host), &[])),
                "host",
                "{host}"
            );
        }
    }

    #[test]
    fn numbers_out_of_range_name_their_field() {
        let mut bad = input("K", "10.0.0.9");
        bad.port = 0;
        assert_eq!(field_of(check_printer(1, bad.clone(), &[])), "port");
        bad.port = 70_000;
        assert_eq!(field_of(check_printer(1, bad, &[])), "port");
        let mut wide = input("K", "10.0.0.9");
        wide.width = 40;
        assert_eq!(field_of(check_printer(1, wide, &[])), "width");
        let mut many = input("K", "10.0.0.9");
        many.copies = 6;
        assert_eq!(field_of(check_printer(1, many.clone(), &[])), "copies");
        many.copies = 0;
        assert_eq!(field_of(check_printer(1, many, &[])), "copies");
        assert_eq!(
            field_of(check_printer(1, input("  ", "10.0.0.9"), &[])),
            "name"
        );
        assert_eq!(
            field_of(check_printer(1, input(&"x".repeat(41), "10.0.0.9"), &[])),
            "name"
        );
    }

    #[test]
    fn names_are_unique_regardless_of_case() {
        let first = check_printer(1, input("Küche", "10.0.0.9"), &[]).unwrap();
        assert!(matches!(
            check_printer(2, input("KÜCHE", "10.0.0.8"), std::slice::from_ref(&first)),
            Err(PrinterError::Duplicate(_))
        ));
        assert!(check_printer(1, input("Küche", "10.0.0.7"), &[first]).is_ok());
    }

    #[test]
    fn what_a_printer_prints() {
        assert!(Prints::Kitchen.kitchen() && !Prints::Kitchen.receipt());
        assert!(!Prints::Receipt.kitchen() && Prints::Receipt.receipt());
        assert!(Prints::Both.kitchen() && Prints::Both.receipt());
        assert_eq!(Prints::parse("both"), Some(Prints::Both));
        assert_eq!(Prints::parse("all"), None);
    }
}
