use crate::db::LATEST_SCHEMA_VERSION;

pub fn run() {
    println!(
        "heimservice {} (database schema {}, {}-{})",
        env!("CARGO_PKG_VERSION"),
        LATEST_SCHEMA_VERSION,
        std::env::consts::ARCH,
        std::env::consts::OS
    );
}
