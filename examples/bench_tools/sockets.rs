//! Opens COUNT status websockets (spread over several loopback source addresses),
//! reads the server's resident memory with all of them open, pauses the store through
//! the admin API and measures how long the change takes to reach every socket. The
//! store is unpaused again at the end.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use tokio::net::TcpSocket;
use tokio::sync::{Semaphore, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Sockets per loopback source address (127.0.0.2, 127.0.0.3, ...): below the server's
/// default `limits.websockets_per_ip` of 64.
const PER_SOURCE: usize = 60;
/// Handshakes in flight at once.
const OPENING_AT_ONCE: usize = 256;
const OPEN_LIMIT: Duration = Duration::from_secs(120);
const DELIVERY_LIMIT: Duration = Duration::from_secs(10);

struct Job {
    server: SocketAddr,
    path: String,
    count: usize,
    server_pid: u32,
    pause_url: String,
    token: String,
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let job = Job {
        server: super::arg(args, 0, "ADDR")?.parse()?,
        path: super::arg(args, 1, "PATH")?.to_string(),
        count: super::arg(args, 2, "COUNT")?.parse()?,
        server_pid: super::arg(args, 3, "SERVER_PID")?.parse()?,
        pause_url: super::arg(args, 4, "PAUSE_URL")?.to_string(),
        token: super::arg(args, 5, "TOKEN")?.to_string(),
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(measure(job))
}

/// When each socket saw the pause, sent back once it did.
type Seen = mpsc::UnboundedSender<Instant>;

async fn measure(job: Job) -> anyhow::Result<()> {
    let opening = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel::<anyhow::Result<()>>();
    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel::<Instant>();
    let started = Instant::now();
    for index in 0..job.count {
        let source =
            Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 0, 0, 2)) + (index / PER_SOURCE) as u32);
        let url = format!("ws://{}{}", job.server, job.path);
        let (server, opening) = (job.server, Arc::clone(&opening));
        let (ready_tx, seen_tx) = (ready_tx.clone(), seen_tx.clone());
        tokio::spawn(async move {
            let permit = opening.acquire_owned().await;
            match open(server, source, &url).await {
                Ok(mut socket) => {
                    drop(permit);
                    let _ = ready_tx.send(Ok(()));
                    wait_for_pause(&mut socket, &seen_tx).await;
                }
                Err(error) => {
                    let _ = ready_tx.send(Err(error));
                }
            }
        });
    }
    drop((ready_tx, seen_tx));
    let mut open_sockets = 0;
    while open_sockets < job.count {
        match tokio::time::timeout_at((started + OPEN_LIMIT).into(), ready_rx.recv()).await {
            Ok(Some(Ok(()))) => open_sockets += 1,
            Ok(Some(Err(error))) => anyhow::bail!("socket {open_sockets} failed: {error}"),
            Ok(None) | Err(_) => anyhow::bail!("only {open_sockets} sockets opened"),
        }
    }
    let open_seconds = started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_kib = resident_kib(job.server_pid)?;

    let client = reqwest::Client::new();
    let pause = Instant::now();
    set_paused(&client, &job, true).await?;
    let mut delays = Vec::with_capacity(job.count);
    while delays.len() < job.count {
        match tokio::time::timeout_at((pause + DELIVERY_LIMIT).into(), seen_rx.recv()).await {
            Ok(Some(at)) => delays.push(at.duration_since(pause).as_secs_f64() * 1000.0),
            Ok(None) | Err(_) => break,
        }
    }
    set_paused(&client, &job, false).await?;
    delays.sort_by(f64::total_cmp);
    let pick = |q: f64| {
        delays
            .get(((delays.len() as f64 - 1.0) * q) as usize)
            .copied()
    };
    println!(
        "{{\"sockets\": {}, \"open_seconds\": {open_seconds:.2}, \"rss_kib\": {rss_kib}, \
         \"delivered\": {}, \"p50_ms\": {:.1}, \"p99_ms\": {:.1}, \"all_ms\": {:.1}}}",
        job.count,
        delays.len(),
        pick(0.5).unwrap_or(f64::NAN),
        pick(0.99).unwrap_or(f64::NAN),
        delays.last().copied().unwrap_or(f64::NAN),
    );
    Ok(())
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

async fn open(server: SocketAddr, source: Ipv4Addr, url: &str) -> anyhow::Result<Socket> {
    let tcp = TcpSocket::new_v4()?;
    tcp.bind(SocketAddr::new(IpAddr::V4(source), 0))?;
    let stream = tcp.connect(server).await?;
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (mut socket, _) =
        tokio_tungstenite::client_async_with_config(url, stream, Some(config)).await?;
    // The first message is the current status.
    match socket.next().await {
        Some(Ok(Message::Text(_))) => Ok(socket),
        other => anyhow::bail!("no status on connect: {other:?}"),
    }
}

async fn wait_for_pause(socket: &mut Socket, seen: &Seen) {
    while let Some(Ok(message)) = socket.next().await {
        if let Message::Text(text) = message {
            let status: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            if status["paused"] == true {
                let _ = seen.send(Instant::now());
                break;
            }
        }
    }
    // Keep the socket open until the measurement ends.
    std::future::pending::<()>().await;
}

async fn set_paused(client: &reqwest::Client, job: &Job, paused: bool) -> anyhow::Result<()> {
    let answer = client
        .put(&job.pause_url)
        .bearer_auth(&job.token)
        .json(&serde_json::json!({ "paused": paused }))
        .send()
        .await?;
    anyhow::ensure!(
        answer.status().is_success(),
        "pause answered {}",
        answer.status()
    );
    Ok(())
}

fn resident_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no VmRSS for process {pid}"))
}
