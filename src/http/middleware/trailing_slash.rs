//! The spec's paths end in a slash (`/categories/`); the typed routes do not. Before
//! routing, a trailing slash is trimmed and doubled slashes are merged. A path that
//! needs neither, and most do, passes through untouched and without an allocation.

use std::str::FromStr;

use poem::http::Uri;
use poem::http::uri::PathAndQuery;
use poem::{Endpoint, Middleware, Request, Result};

pub struct TrimTrailingSlash;

impl<E: Endpoint> Middleware<E> for TrimTrailingSlash {
    type Output = TrimTrailingSlashEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        TrimTrailingSlashEndpoint { inner }
    }
}

pub struct TrimTrailingSlashEndpoint<E> {
    inner: E,
}

impl<E: Endpoint> Endpoint for TrimTrailingSlashEndpoint<E> {
    type Output = E::Output;

    async fn call(&self, mut req: Request) -> Result<Self::Output> {
        if let Some(uri) = normalized(req.uri()) {
            *req.uri_mut() = uri;
        }
        self.inner.call(req).await
    }
}

/// The path without a trailing slash and with single slashes, or `None` when it
/// already is that way.
fn normalized_path(path: &str) -> Option<String> {
    let trailing = path.len() > 1 && path.ends_with('/');
    if !trailing && !path.contains("//") {
        return None;
    }
    let mut merged = String::with_capacity(path.len());
    for part in path.split('/').filter(|part| !part.is_empty()) {
        merged.push('/');
        merged.push_str(part);
    }
    if merged.is_empty() {
        merged.push('/');
    }
    Some(merged)
}

fn normalized(uri: &Uri) -> Option<Uri> {
    let mut path = normalized_path(uri.path())?;
    if let Some(query) = uri.query() {
        path.push('?');
        path.push_str(query);
    }
    let mut parts = uri.clone().into_parts();
    // The pieces come from a valid URI, so they form one again; should they not, the
    // request goes on unchanged and routing answers it.
    parts.path_and_query = Some(PathAndQuery::from_str(&path).ok()?);
    Uri::from_parts(parts).ok()
}

#[cfg(test)]
mod tests {
    use super::{normalized, normalized_path};

    #[test]
    fn trailing_slashes_are_trimmed_and_doubled_ones_merged() {
        assert_eq!(
            normalized_path("/categories/").as_deref(),
            Some("/categories")
        );
        assert_eq!(normalized_path("/orders//5/").as_deref(), Some("/orders/5"));
        assert_eq!(normalized_path("//").as_deref(), Some("/"));
        assert_eq!(normalized_path("/a///b").as_deref(), Some("/a/b"));
    }

    #[test]
    fn paths_that_need_no_change_are_left_alone() {
        assert_eq!(normalized_path("/"), None);
        assert_eq!(normalized_path("/categories"), None);
        assert_eq!(normalized_path("/stores/14/slots"), None);
    }

    #[test]
    fn the_query_is_kept() {
        let uri = "/products/?store_id=14&q=a%2Fb".parse().unwrap();
        let trimmed = normalized(&uri).map(|uri| uri.to_string());
        assert_eq!(trimmed.as_deref(), Some("/products?store_id=14&q=a%2Fb"));
        let untouched = "/products?store_id=14".parse().unwrap();
        assert!(normalized(&untouched).is_none());
    }
}
