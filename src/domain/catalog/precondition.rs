//! The version an admin's change of one catalog record was made on, checked on the
//! catalog as the change's own transaction reads it (see `domain::edit_version`).

use super::{Catalog, CatalogError, Entity};
use crate::domain::edit_version::{EditVersion, Precondition};

/// What a change expects of one record of the catalog.
#[derive(Debug, Clone)]
pub struct RecordPrecondition {
    id: u64,
    precondition: Precondition,
    version_of: fn(&Catalog, u64) -> Option<EditVersion>,
}

impl RecordPrecondition {
    /// `precondition` on the `E` with `id`.
    pub fn on<E: Entity>(id: u64, precondition: Precondition) -> RecordPrecondition {
        RecordPrecondition {
            id,
            precondition,
            version_of: Catalog::edit_version::<E>,
        }
    }

    /// Refuses with a conflict when the record is not at the expected version. A
    /// record that does not exist passes: the change itself says it is not there (404).
    pub fn check(&self, catalog: &Catalog) -> Result<(), CatalogError> {
        match (self.version_of)(catalog, self.id) {
            Some(current) => Ok(self.precondition.check(Some(&current))?),
            None => Ok(()),
        }
    }
}

impl Catalog {
    /// The version of the `E` with `id` (its variants and photo included: they are
    /// part of the product's record), `None` when there is none.
    pub fn edit_version<E: Entity>(&self, id: u64) -> Option<EditVersion> {
        E::collection(self).get(&id).map(EditVersion::of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalog::{Category, Tax};

    #[test]
    fn a_record_is_checked_at_its_own_version() {
        let mut catalog = Catalog::default();
        let id = crate::domain::catalog::test_builders::category(&mut catalog, "Vorspeisen");
        let current = EditVersion::of(&catalog.categories[&id]);
        let at = |version: &EditVersion| {
            RecordPrecondition::on::<Category>(id, Precondition::OneOf(vec![version.clone()]))
        };
        assert_eq!(catalog.edit_version::<Category>(id), Some(current.clone()));
        assert!(at(&current).check(&catalog).is_ok());

        let stale = EditVersion::from_client("0000000000000000");
        match at(&stale).check(&catalog) {
            Err(CatalogError::Conflict(conflict)) => assert_eq!(conflict.current, Some(current)),
            other => panic!("expected a conflict, got {other:?}"),
        }
        assert!(
            RecordPrecondition::on::<Tax>(id, Precondition::OneOf(vec![stale]))
                .check(&catalog)
                .is_ok(),
            "no tax has this id: the change says so, not the check"
        );
    }
}
