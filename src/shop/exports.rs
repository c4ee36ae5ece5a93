//! The exports for the tax office and the tax adviser, as files the owner downloads or
//! the command line writes: the DSFinV-K export of the daily closings of a period, and
//! a month's orders for the tax adviser (CSV files or a DATEV Buchungsstapel).

use super::{Shop, ShopError};
use crate::domain::error::Refusal;
use crate::domain::fiscal::dsfinvk::index_xml::DataSupplier;
use crate::domain::fiscal::dsfinvk::rows::Master;
use crate::domain::fiscal::dsfinvk::{DsfinvkArchive, country_alpha3, split_address};
use crate::domain::order::Order;
use crate::domain::period::Period;
use crate::domain::tax_export::TaxFormat;
use crate::domain::tax_export::datev::{bookings, buchungsstapel};
use crate::domain::tax_export::orders_csv::{ORDERS_FILE, VAT_FILE, orders_csv};
use crate::domain::zip_archive::{ZipEntry, archive};

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

impl Shop {
    /// The orders whose business day lies in `period`, in the order they were placed.
    async fn orders_between(&self, period: Period) -> Result<Vec<Order>, ShopError> {
        let mut orders = Vec::new();
        let mut day = Some(period.from);
        while let Some(date) = day.filter(|date| *date <= period.to) {
            let mut of_day = self.db.orders_on(date).await?;
            of_day.reverse();
            orders.append(&mut of_day);
            day = date.succ_opt();
        }
        Ok(orders)
    }

    /// The month's records for the tax adviser: `bestellungen.csv` and
    /// `umsatzsteuer.csv` zipped, or the DATEV Buchungsstapel of its revenue.
    pub async fn tax_export(
        &self,
        period: Period,
        format: TaxFormat,
    ) -> Result<ExportFile, ShopError> {
        let orders = self.orders_between(period).await?;
        let label = period.label();
        let file = match format {
            TaxFormat::Csv => {
                let (per_order, per_rate) = orders_csv(&orders, self.config.timezone);
                let mut entries = Vec::new();
                for (name, text) in [(ORDERS_FILE, per_order), (VAT_FILE, per_rate)] {
                    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, "csv"));
                    let mut entry = ZipEntry::new(&format!("{stem}_{label}.{extension}"));
                    entry.write(text.as_bytes());
                    entries.push(entry);
                }
                let bytes = archive(entries).map_err(|error| {
                    tracing::error!(%error, "the tax export failed");
                    Refusal::internal()
                })?;
                ExportFile {
                    file_name: format!("steuerberater_{label}.zip"),
                    content_type: "application/zip",
                    bytes,
                }
            }
            TaxFormat::Datev => {
                let closings = self.db.closings_between(period.from, period.to).await?;
                let settings = &self.config.datev;
                let booked = bookings(&orders, &closings, settings);
                let company = self
                    .db
                    .store_profile(self.config.store_id)
                    .await?
                    .map(|profile| profile.company_name)
                    .unwrap_or_default();
                ExportFile {
                    file_name: format!("EXTF_Buchungsstapel_{label}.csv"),
                    content_type: "text/csv; charset=windows-1252",
                    bytes: buchungsstapel(
                        &booked,
                        settings,
                        period,
                        self.clock.now(),
                        &format!("{company} {label}"),
                    ),
                }
            }
        };
        tracing::info!(%label, ?format, bytes = file.bytes.len(), "tax adviser's export written");
        Ok(file)
    }
}
