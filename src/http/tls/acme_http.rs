//! instant-acme's HTTP calls over the reqwest client the server already has for PayPal
//! (rustls with ring and the bundled public roots), plus an optional extra root for a
//! private ACME server.

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use instant_acme::{BodyWrapper, BytesResponse, Error, HttpClient};

/// One ACME call may take this long.
const REQUEST_LIMIT: Duration = Duration::from_secs(30);

#[derive(Clone)]
pub struct AcmeHttp {
    client: reqwest::Client,
}

impl AcmeHttp {
    /// `extra_root`: a PEM file with a CA to trust besides the public ones.
    pub fn new(extra_root: Option<&Path>) -> Result<AcmeHttp, String> {
        let mut builder = reqwest::Client::builder()
            .timeout(REQUEST_LIMIT)
            .redirect(reqwest::redirect::Policy::none());
        if let Some(path) = extra_root {
            let pem = std::fs::read(path).map_err(|error| {
                format!("cannot read tls.acme_ca_file {}: {error}", path.display())
            })?;
            let roots = reqwest::Certificate::from_pem_bundle(&pem).map_err(|error| {
                format!("tls.acme_ca_file {} is not PEM: {error}", path.display())
            })?;
            if roots.is_empty() {
                return Err(format!(
                    "tls.acme_ca_file {} holds no certificate",
                    path.display()
                ));
            }
            for root in roots {
                builder = builder.add_root_certificate(root);
            }
        }
        let client = builder
            .build()
            .map_err(|error| format!("cannot set up the ACME client: {error}"))?;
        Ok(AcmeHttp { client })
    }
}

impl HttpClient for AcmeHttp {
    fn request(
        &self,
        request: http::Request<BodyWrapper<Bytes>>,
    ) -> Pin<Box<dyn Future<Output = Result<BytesResponse, Error>> + Send>> {
        let client = self.client.clone();
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let body = match body.collect().await {
                Ok(collected) => collected.to_bytes(),
                Err(never) => match never {},
            };
            let response = client
                .request(parts.method, parts.uri.to_string())
                .headers(parts.headers)
                .body(body)
                .send()
                .await
                .map_err(|error| Error::Other(Box::new(error)))?;
            let mut head = http::Response::builder().status(response.status());
            if let Some(headers) = head.headers_mut() {
                headers.extend(
                    response
                        .headers()
                        .iter()
                        .map(|(name, value)| (name.clone(), value.clone())),
                );
            }
            let body = response
                .bytes()
                .await
                .map_err(|error| Error::Other(Box::new(error)))?;
            let (parts, ()) = head.body(())?.into_parts();
            Ok(BytesResponse {
                parts,
                body: Box::new(body),
            })
        })
    }
}
