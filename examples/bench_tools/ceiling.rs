//! A bare poem server: one route, the same bytes as the menu read, from memory.

use bytes::Bytes;
use poem::EndpointExt;
use poem::{Response, Route, Server, get, handler, listener::TcpListener, web::Data};

#[handler]
fn products(Data(body): Data<&Bytes>) -> Response {
    Response::builder()
        .content_type("application/json; charset=utf-8")
        .body(body.clone())
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let addr = super::arg(args, 0, "ADDR")?.to_string();
    let body = Bytes::from(std::fs::read(super::arg(args, 1, "FILE")?)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let app = Route::new().at("/products/", get(products)).data(body);
        Server::new(TcpListener::bind(addr)).run(app).await
    })?;
    Ok(())
}
