use crate::support::TestServer;

#[tokio::test]
async fn the_openapi_document_describes_every_api_route() {
    let server = TestServer::start().await;
    let (status, document) = server.get_json("/openapi.json").await;
    assert_eq!(status, 200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    let paths = document["paths"].as_object().unwrap();
    for (path, method) in [
        ("/healthz", "get"),
        ("/stores/{id}", "get"),
        ("/categories", "get"),
    ] {
        assert!(
            paths.get(path).and_then(|item| item.get(method)).is_some(),
            "{method} {path} missing from {:?}",
            paths.keys().collect::<Vec<_>>()
        );
    }
    let error_schema = &document["components"]["schemas"]["ErrorBody"]["properties"];
    assert!(error_schema.get("detail").is_some() && error_schema.get("code").is_some());
    server.stop().await;
}
