//! tracing output: readable lines by default, one JSON object per line for log shippers.
//! `RUST_LOG` narrows or widens what is shown: comma-separated `level` and
//! `target=level` items, e.g. `info` or `warn,heimservice=debug`. The default is `info`
//! without a line per request: on a Raspberry Pi those would wear the SD card and cost
//! throughput, and a reverse proxy keeps access logs anyway. `RUST_LOG=info` shows every
//! request too; failed requests are logged either way.
//!
//! The filter is `Targets`, not `EnvFilter`: span and field directives are not needed
//! here, and `EnvFilter` links a second regular-expression engine into the binary.

use std::io::IsTerminal;

use tracing::Level;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

use crate::config::LogFormat;
use crate::http::middleware::request_log::TARGET as REQUEST_LOG_TARGET;

pub fn init(format: LogFormat) {
    let requested = requested_filter(std::env::var("RUST_LOG").ok().as_deref());
    let (filter, unreadable) = match requested {
        Ok(filter) => (filter, None),
        Err(error) => (default_filter(), Some(error)),
    };
    let registry = tracing_subscriber::registry().with(filter);
    // Colours only on a terminal: journald and log files get plain text.
    let lines = fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    // A second init (tests start several servers in one process) is harmless.
    let _ = match format {
        LogFormat::Human => registry.with(lines).try_init(),
        LogFormat::Json => registry.with(lines.json()).try_init(),
    };
    if let Some(error) = unreadable {
        tracing::warn!(
            %error,
            "RUST_LOG is not a list of `level` or `target=level` items; using the default"
        );
    }
}

/// The filter `RUST_LOG` asks for, or the default when it is unset or blank.
fn requested_filter(rust_log: Option<&str>) -> Result<Targets, String> {
    match rust_log.map(str::trim).filter(|value| !value.is_empty()) {
        // `Targets` would take `[span]` as a target's name and silently match nothing.
        Some(value) if value.contains('[') => {
            Err("span and field filters (`[…]`) are not supported".into())
        }
        Some(value) => value.parse().map_err(|error| format!("{error}")),
        None => Ok(default_filter()),
    }
}

/// Everything at `info` except the line per request.
fn default_filter() -> Targets {
    Targets::new()
        .with_default(Level::INFO)
        .with_target(REQUEST_LOG_TARGET, Level::WARN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_default_everything_from_info_is_logged_but_not_a_line_per_request() {
        for unset in [None, Some(""), Some("  ")] {
            let filter = requested_filter(unset).unwrap();
            assert!(filter.would_enable("heimservice::server", &Level::INFO));
            assert!(!filter.would_enable("heimservice::server", &Level::DEBUG));
            assert!(!filter.would_enable(REQUEST_LOG_TARGET, &Level::INFO));
            assert!(filter.would_enable(REQUEST_LOG_TARGET, &Level::WARN));
        }
    }

    #[test]
    fn rust_log_info_adds_the_line_per_request() {
        let filter = requested_filter(Some("info")).unwrap();
        assert!(filter.would_enable(REQUEST_LOG_TARGET, &Level::INFO));
        assert!(!filter.would_enable("heimservice", &Level::DEBUG));
    }

    #[test]
    fn rust_log_sets_levels_per_target() {
        let filter = requested_filter(Some("warn,heimservice::tls=debug")).unwrap();
        assert!(filter.would_enable("heimservice::tls::acme", &Level::DEBUG));
        assert!(!filter.would_enable("heimservice::server", &Level::INFO));
        assert!(filter.would_enable("heimservice::server", &Level::WARN));
        assert!(!filter.would_enable("rustls", &Level::INFO));
    }

    #[test]
    fn a_rust_log_that_cannot_be_read_is_an_error() {
        assert!(requested_filter(Some("heimservice=loud")).is_err());
        assert!(requested_filter(Some("[request]=debug")).is_err());
    }
}
