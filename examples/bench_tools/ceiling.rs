//! A bare poem server: one route, the same bytes as the menu read, from memory (with
//! the menu read's `Content-Encoding` when the bytes are compressed).

use bytes::Bytes;
use poem::EndpointExt;
use poem::{Response, Route, Server, get, handler, listener::TcpListener, web::Data};

/// The body and, for compressed bytes, their coding.
struct Answer {
    body: Bytes,
    coding: Option<String>,
}

#[handler]
fn products(Data(answer): Data<&std::sync::Arc<Answer>>) -> Response {
    let builder = Response::builder()
        .content_type("application/json; charset=utf-8")
        .header("Vary", "Accept-Encoding");
    match &answer.coding {
        Some(coding) => builder
            .header("Content-Encoding", coding.as_str())
            .body(answer.body.clone()),
        None => builder.body(answer.body.clone()),
    }
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let addr = super::arg(args, 0, "ADDR")?.to_string();
    let body = Bytes::from(std::fs::read(super::arg(args, 1, "FILE")?)?);
    let answer = std::sync::Arc::new(Answer {
        body,
        coding: args.get(2).cloned(),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let app = Route::new().at("/products/", get(products)).data(answer);
        Server::new(TcpListener::bind(addr)).run(app).await
    })?;
    Ok(())
}
