//! The server's notion of "now". Normally the system clock; for tests and demos it can
//! start at a fixed instant and run on from there (config `testing.clock_start`), so a
//! browser test can see the shop closed at 06:00 on a Monday. Such a clock can also be
//! moved forward ([`Clock::advance`]), so a test sees what happens in half an hour
//! without waiting for it.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use chrono::{DateTime, Utc};

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    shifted: Option<Shifted>,
}

#[derive(Debug, Clone, Copy)]
struct Shifted {
    start: DateTime<Utc>,
    at: Instant,
    /// Milliseconds the clock was moved forward. Shared by every copy of the clock (it
    /// is `Copy` and handed to every task), so it lives for the rest of the process:
    /// eight bytes per started test clock.
    skipped_ms: &'static AtomicI64,
}

impl Clock {
    pub fn system() -> Clock {
        Clock { shifted: None }
    }

    /// A clock that reads `start` now and advances in real time.
    pub fn starting_at(start: DateTime<Utc>) -> Clock {
        Clock {
            shifted: Some(Shifted {
                start,
                at: Instant::now(),
                skipped_ms: Box::leak(Box::new(AtomicI64::new(0))),
            }),
        }
    }

    pub fn now(&self) -> DateTime<Utc> {
        match self.shifted {
            None => Utc::now(),
            Some(shifted) => {
                shifted.start
                    + chrono::Duration::from_std(shifted.at.elapsed())
                        .unwrap_or_else(|_| chrono::Duration::zero())
                    + chrono::Duration::milliseconds(shifted.skipped_ms.load(Ordering::SeqCst))
            }
        }
    }

    /// Moves a started clock (and every copy of it) forward by `by`. Work that polls the
    /// clock (auto-reject, the print queue) sees the new time at its next check; a
    /// timer already waiting keeps its wake-up. The system clock is never moved: false.
    pub fn advance(&self, by: chrono::Duration) -> bool {
        match self.shifted {
            None => false,
            Some(shifted) => {
                shifted
                    .skipped_ms
                    .fetch_add(by.num_milliseconds().max(0), Ordering::SeqCst);
                true
            }
        }
    }

    /// How long until this clock reads `instant` (zero if it has passed).
    pub fn until(&self, instant: DateTime<Utc>) -> std::time::Duration {
        (instant - self.now()).to_std().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_started_clock_runs_on_from_its_start() {
        let start: DateTime<Utc> = "2026-11-23T05:00:00Z".parse().unwrap();
        let clock = Clock::starting_at(start);
        let now = clock.now();
        assert!(now >= start && now - start < chrono::Duration::seconds(5));
        assert!(
            clock.until(start + chrono::Duration::seconds(60)) > std::time::Duration::from_secs(50)
        );
        assert_eq!(
            clock.until(start - chrono::Duration::seconds(1)),
            std::time::Duration::ZERO
        );
    }

    #[test]
    fn a_started_clock_moves_forward_in_every_copy() {
        let start: DateTime<Utc> = "2026-11-23T05:00:00Z".parse().unwrap();
        let clock = Clock::starting_at(start);
        let copy = clock;
        assert!(clock.advance(chrono::Duration::minutes(30)));
        assert!(copy.now() - start >= chrono::Duration::minutes(30));
        assert!(!Clock::system().advance(chrono::Duration::minutes(30)));
    }
}
