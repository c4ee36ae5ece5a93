//! A fake service of `ui/e2e/` (fake PayPal, fake fiskaly) as a Node child process on
//! 127.0.0.1. Its stdin stays piped: when the test process ends, however it ends, the
//! pipe closes and the fake exits.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

const STARTUP_LIMIT: Duration = Duration::from_secs(15);

/// A running fake: its process, its stdin (held open for its lifetime) and its URL.
pub struct NodeFake {
    child: Child,
    stdin: Option<ChildStdin>,
    pub url: String,
}

impl Drop for NodeFake {
    fn drop(&mut self) {
        // Closing stdin stops the fake; killing covers one that does not listen.
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl NodeFake {
    /// Runs `node ui/e2e/<script>` and waits (at most 15 s) for the line
    /// `<listening> <url>`; `name` is the fake's name in a failure.
    pub async fn start(script: &str, listening: &str, name: &str) -> NodeFake {
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("ui/e2e")
            .join(script);
        let spawned = Command::new("node")
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                panic!("the {name} needs Node.js, but `node` is not on PATH ({error})")
            }
            Err(error) => panic!("could not run node {}: {error}", script.display()),
        };
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let prefix = format!("{listening} ");
        // Keeps reading after the line so a full pipe never blocks the fake.
        std::thread::spawn(move || {
            let mut sender = Some(sender);
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(url) = line.strip_prefix(&prefix)
                    && let Some(sender) = sender.take()
                {
                    let _ = sender.send(url.trim().to_string());
                }
            }
        });
        let mut fake = NodeFake {
            child,
            stdin,
            url: String::new(),
        };
        fake.url = match tokio::time::timeout(STARTUP_LIMIT, receiver).await {
            Ok(Ok(url)) => url,
            // Dropping `fake` stops the child.
            Ok(Err(_)) => panic!("the {name} exited before listening (its stderr is above)"),
            Err(_) => panic!("the {name} did not listen within {STARTUP_LIMIT:?}"),
        };
        fake
    }
}
