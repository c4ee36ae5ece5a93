//! `GET /metrics`: the shop's counters, the requests by route, the open sockets, the
//! database's size, the last backup's age, memory and uptime, in the Prometheus text
//! format. Answered to this machine itself (a loopback peer, with no forwarding
//! header: a reverse proxy on the same box forwards strangers), or to anyone sending
//! the `metrics.token` as a bearer token.

use std::net::IpAddr;

use poem::http::HeaderMap;
use poem::web::RemoteAddr;
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, OpenApi};

use crate::domain::error::ErrorCode;
use crate::domain::secret::same_secret;
use crate::http::AppState;
use crate::http::error::ErrorBody;
use crate::http::live::caps::SocketKind;
use crate::http::metrics_text::{self, Exposition, Kind};
use crate::http::request_metrics::{BUCKETS, CLASSES};
use crate::shop::metrics::{Channel, Counts, PaymentStep};

pub struct MetricsApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum MetricsResponse {
    /// The metrics in the Prometheus text exposition format 0.0.4.
    #[oai(
        status = 200,
        content_type = "text/plain; version=0.0.4; charset=utf-8"
    )]
    Ok(PlainText<String>),
    /// Neither from this machine itself nor with the metrics token.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
}

/// Headers a reverse proxy adds: a request carrying one came from elsewhere.
const FORWARDING_HEADERS: [&str; 3] = ["forwarded", "x-forwarded-for", "x-real-ip"];

#[OpenApi]
impl MetricsApi {
    /// Metrics for Prometheus: orders, failures, requests by route, open sockets,
    /// database size, backup age. Only for requests from this machine (not forwarded
    /// by a proxy), or with `Authorization: Bearer <metrics.token>`.
    #[oai(path = "/metrics", method = "get")]
    async fn metrics(&self, headers: &HeaderMap, remote: &RemoteAddr) -> MetricsResponse {
        if !allowed(&self.state, headers, remote) {
            return MetricsResponse::Forbidden(Json(ErrorBody::new(
                ErrorCode::MetricsForbidden,
                "Metrics are answered to this machine itself, or with the metrics token \
                 (`Authorization: Bearer …`, configured as `metrics.token`).",
                None,
                Vec::new(),
            )));
        }
        MetricsResponse::Ok(PlainText(render(&self.state)))
    }
}

fn allowed(state: &AppState, headers: &HeaderMap, remote: &RemoteAddr) -> bool {
    let token = &state.config.metrics.token;
    if token.is_set() && bearer(headers).is_some_and(|sent| same_secret(sent, token.expose())) {
        return true;
    }
    let loopback = remote
        .as_socket_addr()
        .map(|addr| addr.ip())
        .is_some_and(|ip| match ip {
            IpAddr::V6(v6) => {
                v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()) || v6.is_loopback()
            }
            IpAddr::V4(v4) => v4.is_loopback(),
        });
    loopback
        && FORWARDING_HEADERS
            .iter()
            .all(|name| !headers.contains_key(*name))
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get("authorization")?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

fn render(state: &AppState) -> String {
    let mut out = Exposition::default();
    let counts = state.shop.counts();
    orders(&mut out, &counts);
    failures(&mut out, &counts);
    requests(&mut out, state);
    sockets(&mut out, state);
    host(&mut out, state);
    out.finish()
}

fn counter(out: &mut Exposition, name: &str, help: &str, value: u64) {
    out.family(name, Kind::Counter, help);
    out.sample(name, &[], value);
}

fn gauge(out: &mut Exposition, name: &str, help: &str, value: impl std::fmt::Display) {
    out.family(name, Kind::Gauge, help);
    out.sample(name, &[], value);
}

fn orders(out: &mut Exposition, counts: &Counts) {
    let name = "heimservice_orders_placed_total";
    out.family(
        name,
        Kind::Counter,
        "Orders placed since the start, by channel (storefront: the customer; phone: taken by the staff, accepted at once).",
    );
    for (channel, placed) in Channel::ALL.iter().zip(counts.placed) {
        out.sample(name, &[("channel", channel.as_str())], placed);
    }
    counter(
        out,
        "heimservice_orders_accepted_total",
        "Orders accepted by the staff since the start (phone orders included).",
        counts.accepted,
    );
    counter(
        out,
        "heimservice_orders_rejected_total",
        "Orders rejected by the staff since the start.",
        counts.rejected,
    );
    let name = "heimservice_orders_auto_rejected_total";
    out.family(
        name,
        Kind::Counter,
        "Orders rejected automatically since the start, by reason (unanswered: nobody answered in time).",
    );
    out.sample(name, &[("reason", "unanswered")], counts.auto_rejected);
    counter(
        out,
        "heimservice_orders_cancelled_total",
        "Accepted orders cancelled by the staff since the start.",
        counts.cancelled,
    );
}

fn failures(out: &mut Exposition, counts: &Counts) {
    let name = "heimservice_payment_failures_total";
    out.family(
        name,
        Kind::Counter,
        "PayPal steps that failed since the start: create (the PayPal order at checkout), capture (taking the payment, declined ones included), refund.",
    );
    for (step, failures) in PaymentStep::ALL.iter().zip(counts.payment_failures) {
        out.sample(name, &[("step", step.as_str())], failures);
    }
    counter(
        out,
        "heimservice_print_failures_total",
        "Documents a kitchen printer did not take since the start (each try counts; they are retried).",
        counts.print_failures,
    );
    counter(
        out,
        "heimservice_tse_failures_total",
        "Steps the TSE (fiscal signing) did not sign, and failed TSE set-ups, since the start.",
        counts.tse_failures,
    );
}

fn requests(out: &mut Exposition, state: &AppState) {
    let routes = state.requests.counts();
    let name = "heimservice_http_requests_total";
    out.family(
        name,
        Kind::Counter,
        "HTTP requests answered since the start, by route (the API's path template; other: any other path) and status class.",
    );
    for route in &routes {
        for (class, count) in CLASSES.iter().zip(route.by_class) {
            if count > 0 {
                out.sample(name, &[("route", &route.route), ("status", class)], count);
            }
        }
    }
    let name = "heimservice_http_request_duration_seconds";
    out.family(
        name,
        Kind::Histogram,
        "Time from a request's arrival until its answer was ready, by route.",
    );
    let bucket = format!("{name}_bucket");
    let (sum, count) = (format!("{name}_sum"), format!("{name}_count"));
    for route in routes.iter().filter(|route| route.count > 0) {
        let label = route.route.as_str();
        for (bound, cumulative) in BUCKETS.iter().zip(route.cumulative) {
            let bound = bound.to_string();
            out.sample(&bucket, &[("route", label), ("le", &bound)], cumulative);
        }
        out.sample(&bucket, &[("route", label), ("le", "+Inf")], route.count);
        out.sample(&sum, &[("route", label)], route.sum_seconds);
        out.sample(&count, &[("route", label)], route.count);
    }
}

fn sockets(out: &mut Exposition, state: &AppState) {
    let name = "heimservice_websocket_connections";
    out.family(
        name,
        Kind::Gauge,
        "Live sockets open now, by kind (board: the orders board; order_status: a customer's order page; store_status: the storefront's open/closed status).",
    );
    for (kind, open) in SocketKind::ALL.iter().zip(state.sockets.open_by_kind()) {
        out.sample(name, &[("kind", kind.as_str())], open);
    }
}

fn host(out: &mut Exposition, state: &AppState) {
    if let Ok(file) = std::fs::metadata(state.shop.db().path()) {
        gauge(
            out,
            "heimservice_database_size_bytes",
            "Size of the database file.",
            file.len(),
        );
    }
    let now = state.shop.clock().now().timestamp();
    let age = crate::shop::backups::last_backup(&state.config.data_dir)
        .map(|at| (now - i64::try_from(at).unwrap_or(i64::MAX)).max(0) as f64);
    gauge(
        out,
        "heimservice_last_backup_age_seconds",
        "Seconds since the last backup was written (by hand or automatically); +Inf when none was.",
        metrics_text::seconds(age),
    );
    if let Some(bytes) = resident_memory() {
        gauge(
            out,
            "heimservice_resident_memory_bytes",
            "Memory the process holds in RAM (resident set size).",
            bytes,
        );
    }
    gauge(
        out,
        "heimservice_uptime_seconds",
        "Seconds since the server started.",
        state.requests.uptime().as_secs_f64(),
    );
}

/// The resident set from `/proc/self/status` (`VmRSS`, in KiB): unlike
/// `/proc/self/statm` it needs no page size, which differs between kernels (4 KiB,
/// 16 KiB on a Raspberry Pi 5).
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kib: u64 = line
        .trim_start_matches("VmRSS:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bearer_token_is_read_from_the_authorization_header() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer(&headers), None);
        headers.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&headers), Some("abc"));
        headers.insert("authorization", "Basic abc".parse().unwrap());
        assert_eq!(bearer(&headers), None);
    }

    #[test]
    fn this_process_has_resident_memory() {
        assert!(resident_memory().is_some_and(|bytes| bytes > 0));
    }
}
