//! `heimservice healthcheck` (an exit status for systemd and monitoring) and
//! `heimservice compact` (pack order records an older version stored as plain JSON, then
//! give free space in the database file back to the disk).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use redb::DatabaseError;

use crate::config::Config;
use crate::control;
use crate::db::DATABASE_FILE_NAME;

type Failure = String;

/// The address to ask: a server listening on all interfaces is asked on loopback.
fn local_address(listen: SocketAddr) -> SocketAddr {
    let ip = match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, listen.port())
}

/// Asks the configured server's `/healthz`; succeeds only if it and its database answer.
pub fn healthcheck(config: &Config) -> Result<(), Failure> {
    let url = format!("http://{}/healthz", local_address(config.listen));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .map_err(|error| error.to_string())?;
        let answer = client
            .get(&url)
            .send()
            .await
            .map_err(|error| format!("no answer from {url}: {error}"))?;
        let status = answer.status();
        let body: serde_json::Value = answer.json().await.unwrap_or_default();
        if status.is_success() && body["status"] == "ok" {
            println!(
                "heimservice: healthy ({url}, database schema {})",
                body["schema_version"]
            );
            Ok(())
        } else {
            Err(format!(
                "{url} answered {status}: {}",
                body["detail"].as_str().unwrap_or("not healthy")
            ))
        }
    })
}

/// Compacts the database file; the shop must be stopped (it needs the file alone).
pub fn compact(config: &Config) -> Result<(), Failure> {
    let data_dir = &config.data_dir;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start: {error}"))?;
    if runtime.block_on(control::connect(data_dir)).is_some() {
        return Err(format!(
            "a heimservice server is running on {}; stop it first (compacting needs the database to itself)",
            data_dir.display()
        ));
    }
    let path = data_dir.join(DATABASE_FILE_NAME);
    if !path.exists() {
        return Err(format!("there is no database at {}", path.display()));
    }
    let size = |path: &std::path::Path| std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let before = size(&path);
    let mut db = crate::db::open_file(&path).map_err(|error| match error {
        DatabaseError::DatabaseAlreadyOpen => format!(
            "the database {} is in use by another process; stop it first",
            path.display()
        ),
        other => format!("cannot open the database {}: {other}", path.display()),
    })?;
    match crate::db::repack::pack_stored_orders(&db) {
        Ok(Some(0)) => {}
        Ok(Some(packed)) => {
            println!("heimservice: packed {packed} order records stored by an older version")
        }
        Ok(None) => println!(
            "heimservice: order records not packed: the database is of another schema version; start this version once first"
        ),
        Err(error) => {
            return Err(format!(
                "packing the orders of {} failed: {error}",
                path.display()
            ));
        }
    }
    db.compact()
        .map_err(|error| format!("compacting {} failed: {error}", path.display()))?;
    drop(db);
    let after = size(&path);
    println!(
        "heimservice: compacted {} from {before} to {after} bytes",
        path.display()
    );
    Ok(())
}
