//! The server's notion of "now". Normally the system clock; for tests and demos it can
//! start at a fixed instant and run on from there (config `testing.clock_start`), so a
//! browser test can see the shop closed at 06:00 on a Monday.

use std::time::Instant;

use chrono::{DateTime, Utc};

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    shifted: Option<(DateTime<Utc>, Instant)>,
}

impl Clock {
    pub fn system() -> Clock {
        Clock { shifted: None }
    }

    /// A clock that reads `start` now and advances in real time.
    pub fn starting_at(start: DateTime<Utc>) -> Clock {
        Clock {
            shifted: Some((start, Instant::now())),
        }
    }

    pub fn now(&self) -> DateTime<Utc> {
        match self.shifted {
            None => Utc::now(),
            Some((start, at)) => {
                start
                    + chrono::Duration::from_std(at.elapsed())
                        .unwrap_or_else(|_| chrono::Duration::zero())
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
}
