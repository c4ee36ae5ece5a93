//! The store's settings and the busy kitchen's pause switch. A change is committed,
//! then the live status tells every connected storefront; new settings may also close
//! or open the readiness check (the Impressum, the privacy policy). Both may name the
//! version of the settings they were made on; a stale one changes nothing.

use super::{Shop, ShopError, store_not_found};
use crate::domain::edit_version::Precondition;
use crate::domain::store_profile::StoreProfile;

impl Shop {
    /// The store's settings; not found for any other store id.
    pub async fn store_profile(&self, store_id: u64) -> Result<StoreProfile, ShopError> {
        self.check_store(store_id)?;
        let profile = self
            .db
            .store_profile(store_id)
            .await?
            .ok_or_else(|| store_not_found(store_id))?;
        Ok(profile)
    }

    /// Replaces the store's settings with `profile` (already validated), when the
    /// stored ones meet `precondition`.
    pub async fn save_store_profile(
        &self,
        profile: StoreProfile,
        precondition: Option<Precondition>,
    ) -> Result<(), ShopError> {
        let store_id = self.config.store_id;
        self.db
            .set_store_profile(store_id, profile.clone(), precondition)
            .await??;
        self.store_profile_changed(profile).await;
        Ok(())
    }

    /// Pauses or resumes online ordering (when the settings meet `precondition`).
    pub async fn pause(
        &self,
        store_id: u64,
        paused: bool,
        precondition: Option<Precondition>,
    ) -> Result<StoreProfile, ShopError> {
        self.check_store(store_id)?;
        let profile = self
            .db
            .set_paused(store_id, paused, precondition)
            .await??
            .ok_or_else(|| store_not_found(store_id))?;
        self.store_profile_changed(profile.clone()).await;
        Ok(profile)
    }
}
