//! A log line per request, at `info` under the target `heimservice::requests`, which
//! the default log filter leaves out (see logging.rs). While that level is off, a
//! request costs nothing here: no span, no formatted client address.
//!
//! The line names the path and the query's parameters, but the query's values only
//! where they name no person and hold no secret ([`PLAIN_PARAMETERS`]): a search for a
//! customer, a caller's phone number, a table's key or a push endpoint is logged as `…`.

use std::time::Instant;

use poem::Request;
use poem::http::{Method, StatusCode, Uri};

/// The target the request lines are logged under: `RUST_LOG=info` shows them.
pub const TARGET: &str = "heimservice::requests";

/// Query parameters whose values are logged as they are: ids, counts, cursors, dates,
/// choices. Every other value is logged as `…`.
const PLAIN_PARAMETERS: &[&str] = &[
    "store_id",
    "order_type",
    "limit",
    "before",
    "after",
    "from",
    "to",
    "date",
    "month",
    "group",
    "format",
    "sort_order",
    "attention",
];

/// The URI as the line shows it: the path, and each query parameter with its value
/// when it is a plain one, else with `…` (a name that is not a plain identifier too).
fn logged_uri(uri: &Uri) -> String {
    let path = uri.path();
    let Some(query) = uri.query() else {
        return path.to_string();
    };
    let mut line = String::with_capacity(path.len() + query.len() + 1);
    line.push_str(path);
    line.push('?');
    for (index, pair) in query.split('&').enumerate() {
        if index > 0 {
            line.push('&');
        }
        let name = pair.split_once('=').map_or(pair, |(name, _)| name);
        let identifier = !name.is_empty()
            && name.len() <= 32
            && name
                .bytes()
                .all(|byte| byte.is_ascii_lowercase() || byte == b'_');
        if !identifier {
            line.push('…');
        } else if PLAIN_PARAMETERS.contains(&name) {
            line.push_str(pair);
        } else {
            line.push_str(name);
            line.push_str("=…");
        }
    }
    line
}

/// What the line says of a request, noted before it is handled.
pub struct RequestLine {
    method: Method,
    uri: String,
    remote: String,
    started: Instant,
}

impl RequestLine {
    /// `None` while request lines are not logged.
    pub fn start(req: &Request) -> Option<RequestLine> {
        if !tracing::enabled!(target: TARGET, tracing::Level::INFO) {
            return None;
        }
        let remote = match req.remote_addr().as_socket_addr() {
            Some(addr) => addr.to_string(),
            None => req.remote_addr().to_string(),
        };
        Some(RequestLine {
            method: req.method().clone(),
            uri: logged_uri(req.original_uri()),
            remote,
            started: Instant::now(),
        })
    }

    pub fn finish(self, status: StatusCode) {
        let RequestLine {
            method,
            uri,
            remote,
            started,
        } = self;
        tracing::info!(
            target: TARGET,
            %method,
            %uri,
            %remote,
            status = status.as_u16(),
            elapsed_ms = %format_args!("{:.1}", started.elapsed().as_secs_f64() * 1000.0),
            "request"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn logged(uri: &str) -> String {
        logged_uri(&uri.parse::<Uri>().unwrap())
    }

    #[test]
    fn plain_values_stay_and_the_others_are_left_out() {
        assert_eq!(
            logged("/categories/?store_id=14"),
            "/categories/?store_id=14"
        );
        assert_eq!(
            logged("/admin/customers?q=M%C3%BCller&limit=20"),
            "/admin/customers?q=…&limit=20"
        );
        assert_eq!(
            logged("/admin/customers/callers?phone=0171%202345678"),
            "/admin/customers/callers?phone=…"
        );
        assert_eq!(
            logged("/tables/3?key=secret-of-12&store_id=14"),
            "/tables/3?key=…&store_id=14"
        );
        assert_eq!(logged("/menu?Anna"), "/menu?…");
        assert_eq!(logged("/menu?Anna%20Schmidt=1&x="), "/menu?…&x=…");
        assert_eq!(logged("/healthz"), "/healthz");
    }
}
