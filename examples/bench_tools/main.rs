//! Helpers for the benchmark suite (`bench/run.py`), built with the same release
//! profile and allocator as the shop so that the comparisons are fair:
//!
//! - `ceiling ADDR FILE [CODING]`: a bare poem route answering FILE's bytes from memory
//!   (as `Content-Encoding: CODING`), the upper bound for a menu read on this stack.
//! - `commits DIR SECONDS`: the raw durable-commit rate of redb on DIR's disk, one
//!   small record per write transaction.
//! - `history DATA_DIR FIRST_DAY DAYS PER_DAY ADMIN_EMAIL ADMIN_PASSWORD`: builds a
//!   busy shop's order history through the real write path (`bench/history.py`).
//! - `tables DB_FILE`: where a closed database's bytes go, table by table.
//! - `sockets ...`: opens many status websockets, pauses the store and measures how
//!   long the change takes to reach every socket.

/// The shop's allocator (see src/main.rs).
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod ceiling;
mod commits;
mod history;
mod sockets;
mod tables;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("ceiling") => ceiling::run(&args[1..]),
        Some("commits") => commits::run(&args[1..]),
        Some("history") => history::run(&args[1..]),
        Some("sockets") => sockets::run(&args[1..]),
        Some("tables") => tables::run(&args[1..]),
        _ => anyhow::bail!(
            "usage: bench_tools ceiling|commits|history|sockets|tables ARGS (see bench/run.py)"
        ),
    }
}

/// The argument at `index`, or an error naming it.
fn arg<'a>(args: &'a [String], index: usize, name: &str) -> anyhow::Result<&'a str> {
    args.get(index)
        .map(String::as_str)
        .ok_or_else(|| anyhow::anyhow!("missing argument {name}"))
}
