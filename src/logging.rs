//! tracing output: readable lines by default, one JSON object per line for log shippers.
//! `RUST_LOG` narrows or widens what is shown. The default is `info` without a line per
//! request: on a Raspberry Pi those would wear the SD card and cost throughput, and a
//! reverse proxy keeps access logs anyway. `RUST_LOG=info` shows every request too;
//! failed requests are logged either way.

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Everything at `info` except poem's line per request.
const DEFAULT: &str = "info,poem::middleware::tracing_mw=warn";

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second init (tests start several servers in one process) is harmless.
    let _ = match format {
        LogFormat::Human => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}
