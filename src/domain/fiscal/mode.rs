//! The fiscal mode: how the cash of the shop's orders is recorded for the tax office.
//! A shop that takes cash is an electronic recording system under § 146a AO: its cash
//! orders are signed by a TSE (`tse`), or booked by the staff in the restaurant's own
//! certified POS, which then signs them (`pos`, confirmed by the owner); a shop that
//! takes no cash at all (`cashless`) needs neither. Every choice is kept with who made
//! it and when, the earlier ones too: the tax office may ask since when a mode held.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::signing::{TseOutage, TseSetup};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiscalMode {
    /// Every order (cash and online) is signed by the shop's cloud TSE.
    Tse,
    /// Cash is booked in the restaurant's own certified POS; the orders are its pre-orders.
    Pos,
    /// No cash anywhere: customers pay online, phone orders are not taken.
    Cashless,
}

impl FiscalMode {
    pub const ALL: [FiscalMode; 3] = [FiscalMode::Tse, FiscalMode::Pos, FiscalMode::Cashless];

    pub fn as_str(self) -> &'static str {
        match self {
            FiscalMode::Tse => "tse",
            FiscalMode::Pos => "pos",
            FiscalMode::Cashless => "cashless",
        }
    }

    pub fn parse(text: &str) -> Option<FiscalMode> {
        FiscalMode::ALL
            .into_iter()
            .find(|mode| mode.as_str() == text)
    }

    /// Whether customers and staff may choose cash payment.
    pub fn takes_cash(self) -> bool {
        self != FiscalMode::Cashless
    }
}

/// Who made a choice or a confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChosenBy {
    /// An admin in the admin area.
    Admin {
        id: u64,
        email: String,
        name: String,
    },
    /// The configuration file (`fiscal.mode`; for a confirmation, the name written in
    /// `fiscal.pos_confirmed_by`).
    Configuration { name: String },
}

/// The owner's statement that every cash payment of these orders is booked in their own
/// certified POS system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PosConfirmation {
    pub by: ChosenBy,
    pub at: DateTime<Utc>,
}

/// One choice of mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FiscalChoice {
    pub mode: FiscalMode,
    pub chosen_at: DateTime<Utc>,
    pub chosen_by: ChosenBy,
    /// `pos` only: without it the choice is not complete and the shop stays closed.
    pub pos_confirmation: Option<PosConfirmation>,
}

impl FiscalChoice {
    /// Whether the choice is complete: `pos` needs the owner's confirmation.
    pub fn complete(&self) -> bool {
        self.mode != FiscalMode::Pos || self.pos_confirmation.is_some()
    }
}

/// Every choice the shop made, oldest first; the last one holds. Never shortened, like
/// the TSE's outages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FiscalRecord {
    pub choices: Vec<FiscalChoice>,
    /// The cloud TSE, once its setup began.
    #[serde(default)]
    pub tse: Option<TseSetup>,
    #[serde(default)]
    pub tse_outages: Vec<TseOutage>,
}

impl FiscalRecord {
    pub fn current(&self) -> Option<&FiscalChoice> {
        self.choices.last()
    }

    /// The mode that holds, if one was chosen.
    pub fn mode(&self) -> Option<FiscalMode> {
        self.current().map(|choice| choice.mode)
    }

    /// Whether cash may be offered: no mode chosen yet keeps the shop closed by the
    /// readiness check (unless the owner confirmed it), and then cash is offered as before.
    pub fn takes_cash(&self) -> bool {
        self.mode().is_none_or(FiscalMode::takes_cash)
    }
}

/// What the owner asks for in the admin area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FiscalRequest {
    pub mode: FiscalMode,
    /// For `pos`: the owner confirms that cash is booked in their own certified POS.
    pub pos_confirmed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FiscalRefusal {
    #[error(
        "Please confirm that every cash payment of these orders is booked in your own certified POS system."
    )]
    PosNotConfirmed,
}

/// The choice `request` makes, or `None` when it changes nothing (the same mode, and
/// for `pos` confirmed already).
pub fn choose(
    record: &FiscalRecord,
    request: FiscalRequest,
    by: ChosenBy,
    now: DateTime<Utc>,
) -> Result<Option<FiscalChoice>, FiscalRefusal> {
    if request.mode == FiscalMode::Pos && !request.pos_confirmed {
        return Err(FiscalRefusal::PosNotConfirmed);
    }
    if let Some(current) = record.current()
        && current.mode == request.mode
        && current.complete()
    {
        return Ok(None);
    }
    let pos_confirmation = (request.mode == FiscalMode::Pos).then(|| PosConfirmation {
        by: by.clone(),
        at: now,
    });
    Ok(Some(FiscalChoice {
        mode: request.mode,
        chosen_at: now,
        chosen_by: by,
        pos_confirmation,
    }))
}

/// The choice the configuration file makes at a start: only while the shop has none
/// (after that the admin area's choice holds), or to add the confirmation
/// (`fiscal.pos_confirmed_by`) to a `pos` choice that lacks it.
pub fn from_configuration(
    record: &FiscalRecord,
    mode: Option<FiscalMode>,
    pos_confirmed_by: &str,
    now: DateTime<Utc>,
) -> Option<FiscalChoice> {
    let mode = mode?;
    let confirmed_by = pos_confirmed_by.trim();
    let confirms = mode == FiscalMode::Pos && !confirmed_by.is_empty();
    match record.current() {
        None => {}
        Some(current) if current.mode == FiscalMode::Pos && !current.complete() && confirms => {}
        Some(_) => return None,
    }
    let by = ChosenBy::Configuration {
        name: String::new(),
    };
    Some(FiscalChoice {
        mode,
        chosen_at: now,
        chosen_by: by,
        pos_confirmation: confirms.then(|| PosConfirmation {
            by: ChosenBy::Configuration {
                name: confirmed_by.to_string(),
            },
            at: now,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 25, hour, 0, 0).unwrap()
    }

    fn admin() -> ChosenBy {
        ChosenBy::Admin {
            id: 1,
            email: "anna@example.com".into(),
            name: "Anna".into(),
        }
    }

    fn record_of(choices: Vec<FiscalChoice>) -> FiscalRecord {
        FiscalRecord {
            choices,
            ..FiscalRecord::default()
        }
    }

    #[test]
    fn pos_is_chosen_only_with_the_owners_confirmation_kept_with_who_and_when() {
        let empty = FiscalRecord::default();
        let unconfirmed = FiscalRequest {
            mode: FiscalMode::Pos,
            pos_confirmed: false,
        };
        assert_eq!(
            choose(&empty, unconfirmed, admin(), at(9)),
            Err(FiscalRefusal::PosNotConfirmed)
        );
        let confirmed = FiscalRequest {
            pos_confirmed: true,
            ..unconfirmed
        };
        let choice = choose(&empty, confirmed, admin(), at(9)).unwrap().unwrap();
        assert_eq!(
            choice.pos_confirmation,
            Some(PosConfirmation {
                by: admin(),
                at: at(9)
            })
        );
        assert!(choice.complete());
    }

    #[test]
    fn choosing_the_mode_that_holds_changes_nothing() {
        let request = FiscalRequest {
            mode: FiscalMode::Cashless,
            pos_confirmed: false,
        };
        let first = choose(&FiscalRecord::default(), request, admin(), at(9))
            .unwrap()
            .unwrap();
        assert_eq!(first.pos_confirmation, None);
        let record = record_of(vec![first]);
        assert_eq!(choose(&record, request, admin(), at(10)), Ok(None));
        assert!(!record.takes_cash());
    }

    #[test]
    fn the_configuration_chooses_only_while_the_shop_has_no_choice() {
        let empty = FiscalRecord::default();
        assert_eq!(from_configuration(&empty, None, "", at(9)), None);
        let seeded = from_configuration(&empty, Some(FiscalMode::Tse), "", at(9)).unwrap();
        assert_eq!(seeded.mode, FiscalMode::Tse);
        let record = record_of(vec![seeded]);
        assert_eq!(
            from_configuration(&record, Some(FiscalMode::Cashless), "", at(10)),
            None
        );
    }

    #[test]
    fn the_configuration_confirms_pos_with_the_name_it_gives() {
        let empty = FiscalRecord::default();
        let unconfirmed = from_configuration(&empty, Some(FiscalMode::Pos), " ", at(9)).unwrap();
        assert!(!unconfirmed.complete());
        let record = record_of(vec![unconfirmed]);
        let confirmed =
            from_configuration(&record, Some(FiscalMode::Pos), "Anna Rossi", at(10)).unwrap();
        assert_eq!(
            confirmed.pos_confirmation,
            Some(PosConfirmation {
                by: ChosenBy::Configuration {
                    name: "Anna Rossi".into()
                },
                at: at(10)
            })
        );
        let record = record_of(vec![record.choices[0].clone(), confirmed]);
        assert_eq!(
            from_configuration(&record, Some(FiscalMode::Pos), "Anna Rossi", at(11)),
            None
        );
    }
}
