//! The exports for the tax office and the tax adviser, as files the owner downloads or
//! the command line writes: the DSFinV-K export of the daily closings of a period.

use super::{Shop, ShopError};
use crate::domain::error::Refusal;
use crate::domain::fiscal::dsfinvk::index_xml::DataSupplier;
use crate::domain::fiscal::dsfinvk::rows::Master;
use crate::domain::fiscal::dsfinvk::{DsfinvkArchive, country_alpha3, split_address};
use crate::domain::period::Period;

/// A file made for download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    pub file_name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

impl Shop {
    /// What the DSFinV-K export says about the shop: the store's record, the fiscal
    /// configuration and the TSE.
    async fn dsfinvk_master(&self) -> Result<Master, ShopError> {
        let profile = self.db.store_profile(self.config.store_id).await?;
        let (company_name, address_line) = profile
            .map(|profile| (profile.company_name, profile.address_line))
            .unwrap_or_default();
        let (street, postcode, city) = split_address(&address_line);
        let record = self.fiscal.record();
        let fiscal = &self.config.fiscal;
        let setup = record.tse.as_ref();
        Ok(Master {
            till_serial: setup.map_or_else(
                || fiscal.tse.till_serial_of(self.config.store_id),
                |setup| setup.till_serial.clone(),
            ),
            company_name,
            street,
            postcode,
            city,
            country: country_alpha3(&self.config.country),
            tax_number: fiscal.tax_number.clone(),
            vat_id: fiscal.vat_id.clone(),
            software_version: env!("CARGO_PKG_VERSION").to_string(),
            currency: self.config.paypal.currency.clone(),
            tse: setup.and_then(|setup| setup.registration.clone()),
            timezone: self.config.timezone,
        })
    }

    /// The DSFinV-K export (a ZIP file) of the daily closings of the business days in
    /// `period`, each with the orders of its day.
    pub async fn dsfinvk_export(&self, period: Period) -> Result<ExportFile, ShopError> {
        let master = self.dsfinvk_master().await?;
        let closings = self.db.closings_between(period.from, period.to).await?;
        let mut archive = DsfinvkArchive::new();
        for closing in closings {
            let orders = self.db.orders_on(closing.business_date).await?;
            let master = master.clone();
            // Compressing is CPU work: off the async threads.
            archive = tokio::task::spawn_blocking(move || {
                archive.add(&master, &closing, &orders);
                archive
            })
            .await
            .map_err(|_| Refusal::internal())?;
        }
        let supplier = DataSupplier {
            name: master.company_name.clone(),
            location: format!("{}, {} {}", master.street, master.postcode, master.city)
                .trim_matches([',', ' '])
                .to_string(),
            comment: format!(
                "DSFinV-K {} vom {} bis {}, {} Kassenabschlüsse, erstellt {} von heimservice {}",
                crate::domain::fiscal::dsfinvk::rows::TAXONOMY_VERSION,
                period.from,
                period.to,
                archive.closings(),
                self.clock.now().format("%Y-%m-%d"),
                master.software_version
            ),
        };
        let bytes = tokio::task::spawn_blocking(move || archive.finish(&supplier))
            .await
            .map_err(|_| Refusal::internal())?
            .map_err(|error| {
                tracing::error!(%error, "the DSFinV-K export failed");
                Refusal::internal()
            })?;
        tracing::info!(from = %period.from, to = %period.to, bytes = bytes.len(), "DSFinV-K export written");
        Ok(ExportFile {
            file_name: format!("dsfinvk_{}.zip", period.label()),
            content_type: "application/zip",
            bytes,
        })
    }
}
