//! Requests counted by route and status class, with their latency, for `/metrics`. The
//! route is the API document's path template (`/orders/{id}`), never the request's
//! path: the set of labels is the routes this build has, fixed at start, so no client
//! can grow it. A request no route took (an unknown path, a refusal before routing)
//! counts under `other`. Each route holds a few atomics; recording one request adds to
//! three of them.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use poem::http::StatusCode;

/// The label of requests no known route took.
pub const OTHER: &str = "other";

/// The latency histogram's upper bounds, in seconds.
pub const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The status classes, in the order of [`RouteCounts::by_class`].
pub const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/// A route's place in the table (0 is `other`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteIndex(usize);

impl RouteIndex {
    pub const OTHER: RouteIndex = RouteIndex(0);
}

#[derive(Default)]
struct RouteStats {
    by_class: [AtomicU64; 5],
    /// Requests whose latency fell in each bucket (not cumulative), the last one past
    /// the largest bound.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    micros: AtomicU64,
}

struct Routes {
    /// The labels, `other` first.
    labels: Vec<String>,
    /// The index of each route by its router pattern (`/orders/:id`).
    by_pattern: HashMap<String, usize>,
    stats: Vec<RouteStats>,
}

/// One route's counts at one moment.
#[derive(Debug, Clone, PartialEq)]
pub struct RouteCounts {
    pub route: String,
    /// By [`CLASSES`].
    pub by_class: [u64; 5],
    /// Cumulative: requests at most each of [`BUCKETS`] long.
    pub cumulative: [u64; BUCKETS.len()],
    pub count: u64,
    pub sum_seconds: f64,
}

/// The request counts of every route, and when the server started.
pub struct RequestMetrics {
    routes: OnceLock<Routes>,
    started: Instant,
}

impl Default for RequestMetrics {
    fn default() -> Self {
        RequestMetrics {
            routes: OnceLock::new(),
            started: Instant::now(),
        }
    }
}

/// `/orders/{id}/lines/{line}` as poem-openapi's router writes it, its parameters
/// named by position: `/orders/:param0/lines/:param1`.
fn router_pattern(template: &str) -> String {
    let mut params = 0;
    let segments = template.split('/').map(|segment| {
        if segment.starts_with('{') && segment.ends_with('}') {
            params += 1;
            format!(":param{}", params - 1)
        } else {
            segment.to_string()
        }
    });
    segments.collect::<Vec<_>>().join("/")
}

impl RequestMetrics {
    /// Sets the routes (the document's path templates, and any other path served) once;
    /// until then every request counts as `other`.
    pub fn set_routes<'a>(&self, templates: impl IntoIterator<Item = &'a str>) {
        let mut labels = vec![OTHER.to_string()];
        let mut by_pattern = HashMap::new();
        for template in templates {
            if let std::collections::hash_map::Entry::Vacant(slot) =
                by_pattern.entry(router_pattern(template))
            {
                slot.insert(labels.len());
                labels.push(template.to_string());
            }
        }
        let stats = labels.iter().map(|_| RouteStats::default()).collect();
        let _ = self.routes.set(Routes {
            labels,
            by_pattern,
            stats,
        });
    }

    /// The route of a router pattern (`/orders/:id`), or `other`.
    pub fn route(&self, pattern: Option<&str>) -> RouteIndex {
        let known = self
            .routes
            .get()
            .zip(pattern)
            .and_then(|(routes, pattern)| routes.by_pattern.get(pattern));
        known.map_or(RouteIndex::OTHER, |&index| RouteIndex(index))
    }

    /// Counts one answered request.
    pub fn record(&self, route: RouteIndex, status: StatusCode, took: Duration) {
        let Some(stats) = self
            .routes
            .get()
            .and_then(|routes| routes.stats.get(route.0))
        else {
            return;
        };
        let class = usize::from(status.as_u16() / 100).clamp(1, 5) - 1;
        stats.by_class[class].fetch_add(1, Ordering::Relaxed);
        let seconds = took.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        stats.micros.fetch_add(
            u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        // After the class: a reader that sees this bucket sees its request counted.
        stats.buckets[bucket].fetch_add(1, Ordering::Release);
    }

    /// Every route's counts, `other` first.
    pub fn counts(&self) -> Vec<RouteCounts> {
        let Some(routes) = self.routes.get() else {
            return Vec::new();
        };
        routes
            .labels
            .iter()
            .zip(&routes.stats)
            .map(|(label, stats)| {
                let buckets = stats
                    .buckets
                    .each_ref()
                    .map(|bucket| bucket.load(Ordering::Acquire));
                let by_class = stats
                    .by_class
                    .each_ref()
                    .map(|class| class.load(Ordering::Relaxed));
                let mut cumulative = [0; BUCKETS.len()];
                let mut running = 0;
                for (slot, in_bucket) in cumulative.iter_mut().zip(buckets) {
                    running += in_bucket;
                    *slot = running;
                }
                let count = by_class.iter().sum::<u64>();
                RouteCounts {
                    route: label.clone(),
                    by_class,
                    cumulative,
                    count,
                    sum_seconds: stats.micros.load(Ordering::Relaxed) as f64 / 1e6,
                }
            })
            .collect()
    }

    /// Since the server started.
    pub fn uptime(&self) -> Duration {
        self.started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_becomes_the_routers_pattern() {
        assert_eq!(router_pattern("/healthz"), "/healthz");
        assert_eq!(
            router_pattern("/orders/{id}/lines/{line}"),
            "/orders/:param0/lines/:param1"
        );
    }

    #[test]
    fn a_request_counts_under_its_template_and_its_buckets_add_up() {
        let metrics = RequestMetrics::default();
        metrics.set_routes(["/orders/{id}", "/healthz", "/healthz"]);
        let order = metrics.route(Some("/orders/:param0"));
        assert_ne!(order, RouteIndex::OTHER);
        assert_eq!(metrics.route(Some("/orders/17")), RouteIndex::OTHER);
        assert_eq!(metrics.route(None), RouteIndex::OTHER);
        metrics.record(order, StatusCode::OK, Duration::from_micros(700));
        metrics.record(order, StatusCode::NOT_FOUND, Duration::from_millis(30));
        metrics.record(order, StatusCode::OK, Duration::from_secs(9));
        let counts = metrics.counts();
        assert_eq!(
            counts.iter().map(|c| c.route.as_str()).collect::<Vec<_>>(),
            ["other", "/orders/{id}", "/healthz"]
        );
        let order = &counts[1];
        assert_eq!(order.by_class, [0, 2, 0, 1, 0]);
        assert_eq!(order.count, 3);
        assert_eq!(order.cumulative[0], 1, "0.7 ms is within 1 ms");
        assert_eq!(order.cumulative[4], 1, "30 ms is past 25 ms");
        assert_eq!(order.cumulative[5], 2, "30 ms is within 50 ms");
        assert_eq!(order.cumulative[BUCKETS.len() - 1], 2, "9 s is past 5 s");
        assert!((order.sum_seconds - 9.0307).abs() < 1e-9);
    }
}
