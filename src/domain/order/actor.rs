//! Who made a change of an order, kept with each step of its history: the customer who
//! placed it, a restaurant account (owner or staff, by id and by the name it had then),
//! or the shop itself (nobody answered in time).

use serde::{Deserialize, Serialize};

use crate::domain::user::User;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Actor {
    /// The customer, placing it in the storefront.
    Customer,
    /// A restaurant account; the name is kept as it was, so the history still reads
    /// right after the account is renamed or deleted.
    Staff { user_id: u64, name: String },
    /// The shop itself: nobody answered in time.
    Automatic,
}

impl Actor {
    /// The restaurant account that made the change.
    pub fn staff(user: &User) -> Actor {
        Actor::Staff {
            user_id: user.id,
            name: user.name.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_actor_is_stored_with_its_kind() {
        let staff = Actor::Staff {
            user_id: 7,
            name: "Luca".into(),
        };
        assert_eq!(
            serde_json::to_value(&staff).unwrap(),
            serde_json::json!({"kind": "staff", "user_id": 7, "name": "Luca"})
        );
        assert_eq!(
            serde_json::from_str::<Actor>(r#"{"kind":"automatic"}"#).unwrap(),
            Actor::Automatic
        );
    }
}
