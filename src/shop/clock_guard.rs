//! Whether the system clock can be believed. A Raspberry Pi has no battery clock: after
//! a power cut it may start with yesterday's time (or 1970) until NTP sets it. Opening
//! hours, pre-order times, order numbers per day and auto-reject deadlines all read the
//! clock, so until it is trustworthy the shop reports closed and offers no times.
//!
//! The decision is [`decide`], a pure function of what [`observe`] sees; the guard task
//! observes every few seconds until the clock is trusted, then stops: once trusted it
//! stays trusted.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::watch;

use crate::config::ClockTrust;
use crate::shop::hubs::store_status::StatusHub;

/// How often an untrusted clock is looked at again.
pub const RECHECK_EVERY: Duration = Duration::from_secs(2);
/// How long `timedatectl` may take to answer.
const TIMEDATECTL_TIMEOUT: Duration = Duration::from_secs(2);

/// Why the clock is not believed (yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockVerdict {
    Trusted,
    /// The system clock reads a time before this program was built.
    BeforeBuild,
    /// Nothing has confirmed the time yet (no NTP synchronisation, no flag file).
    NotSynchronized,
}

impl ClockVerdict {
    /// The reason in English, for the log and the command line.
    pub fn explain(self) -> &'static str {
        match self {
            ClockVerdict::Trusted => "the system clock is trusted",
            ClockVerdict::BeforeBuild => {
                "the system clock reads a time before this program was built"
            }
            ClockVerdict::NotSynchronized => {
                "the system clock has not been confirmed by time synchronisation yet"
            }
        }
    }
}

/// What the machine says about its clock at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observation {
    /// The real system clock (never the test clock of `testing.clock_start`).
    pub system_now: DateTime<Utc>,
    /// The configured flag file exists.
    pub flag_file: bool,
    /// systemd runs this machine (`/run/systemd/system` exists).
    pub systemd: bool,
    /// `timedatectl` reports `NTPSynchronized=yes` (the kernel's time status); `None`
    /// when it was not asked or could not answer.
    pub ntp_synchronized: Option<bool>,
}

/// The first instant of the day this binary was built (UTC).
pub fn build_floor() -> DateTime<Utc> {
    let seconds: i64 = option_env!("BUILD_EPOCH_SECONDS")
        .and_then(|text| text.parse().ok())
        .unwrap_or(0);
    let day = seconds - seconds.rem_euclid(86_400);
    DateTime::from_timestamp(day, 0).unwrap_or_default()
}

/// Whether to believe the clock, given the configured source and what was observed.
pub fn decide(trust: &ClockTrust, seen: &Observation, floor: DateTime<Utc>) -> ClockVerdict {
    if seen.system_now < floor {
        return ClockVerdict::BeforeBuild;
    }
    let confirmed = match trust {
        ClockTrust::Always => true,
        ClockTrust::File(_) => seen.flag_file,
        // Without systemd there is no time-sync state to wait for: only the build date
        // guards (a container or a development machine).
        ClockTrust::Auto { .. } => {
            seen.flag_file || seen.ntp_synchronized == Some(true) || !seen.systemd
        }
    };
    if confirmed {
        ClockVerdict::Trusted
    } else {
        ClockVerdict::NotSynchronized
    }
}

fn flag_file(trust: &ClockTrust) -> Option<&Path> {
    match trust {
        ClockTrust::Always => None,
        ClockTrust::File(path) => Some(path),
        ClockTrust::Auto { synchronized_file } => Some(synchronized_file),
    }
}

/// Looks at the machine: the flag file, systemd, and (in auto mode, when systemd runs
/// and the flag file is absent) `timedatectl show -p NTPSynchronized`.
pub async fn observe(trust: &ClockTrust) -> Observation {
    let flag = flag_file(trust).is_some_and(Path::exists);
    let systemd = Path::new("/run/systemd/system").is_dir();
    let ntp_synchronized = match trust {
        ClockTrust::Auto { .. } if systemd && !flag => ask_timedatectl().await,
        _ => None,
    };
    Observation {
        system_now: Utc::now(),
        flag_file: flag,
        systemd,
        ntp_synchronized,
    }
}

async fn ask_timedatectl() -> Option<bool> {
    let run = tokio::process::Command::new("timedatectl")
        .args(["show", "--property=NTPSynchronized", "--value"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(TIMEDATECTL_TIMEOUT, run)
        .await
        .ok()?
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).trim() == "yes")
}

/// Observes the clock once now (so the shop never opens on an unchecked clock), tells
/// the status hub, and starts the task that looks again every [`RECHECK_EVERY`] until
/// the clock is trusted or `finishing` turns true.
pub async fn start(
    trust: ClockTrust,
    status: Arc<StatusHub>,
    mut finishing: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    let floor = build_floor();
    let first = decide(&trust, &observe(&trust).await, floor);
    status.set_clock_trusted(first == ClockVerdict::Trusted);
    if first != ClockVerdict::Trusted {
        tracing::warn!(
            reason = first.explain(),
            source = %describe(&trust),
            "the shop stays closed until the clock is trusted"
        );
    }
    tokio::spawn(async move {
        let mut verdict = first;
        while verdict != ClockVerdict::Trusted {
            tokio::select! {
                _ = tokio::time::sleep(RECHECK_EVERY) => {}
                _ = finishing.changed() => return,
            }
            verdict = decide(&trust, &observe(&trust).await, floor);
            if verdict == ClockVerdict::Trusted {
                tracing::info!("the system clock is trusted now; the shop opens by its hours");
                status.set_clock_trusted(true);
            }
        }
    })
}

/// The configured source in words, for the log.
pub fn describe(trust: &ClockTrust) -> String {
    match trust {
        ClockTrust::Always => "clock.trust = always".into(),
        ClockTrust::File(path) => format!("clock.trust = file ({})", path.display()),
        ClockTrust::Auto { synchronized_file } => format!(
            "clock.trust = auto ({} or systemd's time synchronisation)",
            synchronized_file.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn seen(now: &str, flag: bool, systemd: bool, ntp: Option<bool>) -> Observation {
        Observation {
            system_now: at(now),
            flag_file: flag,
            systemd,
            ntp_synchronized: ntp,
        }
    }

    #[test]
    fn a_clock_before_the_build_date_is_never_trusted() {
        let floor = at("2026-11-01T00:00:00Z");
        for trust in [
            ClockTrust::Always,
            ClockTrust::File("/x".into()),
            ClockTrust::Auto {
                synchronized_file: "/x".into(),
            },
        ] {
            assert_eq!(
                decide(
                    &trust,
                    &seen("1970-01-01T00:00:10Z", true, true, Some(true)),
                    floor
                ),
                ClockVerdict::BeforeBuild
            );
        }
    }

    #[test]
    fn each_source_decides_by_what_it_trusts() {
        let floor = at("2026-11-01T00:00:00Z");
        let now = "2026-11-23T10:00:00Z";
        let file = ClockTrust::File("/x".into());
        assert_eq!(
            decide(&file, &seen(now, false, false, None), floor),
            ClockVerdict::NotSynchronized
        );
        assert_eq!(
            decide(&file, &seen(now, true, false, None), floor),
            ClockVerdict::Trusted
        );
        assert_eq!(
            decide(
                &ClockTrust::Always,
                &seen(now, false, true, Some(false)),
                floor
            ),
            ClockVerdict::Trusted
        );
        let auto = ClockTrust::Auto {
            synchronized_file: "/x".into(),
        };
        // With systemd: the flag file or NTPSynchronized=yes.
        assert_eq!(
            decide(&auto, &seen(now, false, true, Some(false)), floor),
            ClockVerdict::NotSynchronized
        );
        assert_eq!(
            decide(&auto, &seen(now, false, true, None), floor),
            ClockVerdict::NotSynchronized
        );
        assert_eq!(
            decide(&auto, &seen(now, false, true, Some(true)), floor),
            ClockVerdict::Trusted
        );
        assert_eq!(
            decide(&auto, &seen(now, true, true, None), floor),
            ClockVerdict::Trusted
        );
        // Without systemd nothing synchronises that could be waited for.
        assert_eq!(
            decide(&auto, &seen(now, false, false, None), floor),
            ClockVerdict::Trusted
        );
    }

    #[test]
    fn the_build_floor_is_a_day_start_not_in_the_future() {
        let floor = build_floor();
        assert_eq!(floor.timestamp() % 86_400, 0);
        assert!(floor <= Utc::now());
    }
}
