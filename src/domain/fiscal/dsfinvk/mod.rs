//! The DSFinV-K export (BMF, "Digitale Schnittstelle der Finanzverwaltung für
//! Kassensysteme", version 2.4): the daily closings of a period with every order as a
//! transaction, in the standard's CSV files with their `index.xml` and DTD, zipped.
//! The files and their columns are defined once ([`files`]); how values are written
//! ([`format`]); what a closing and its orders become ([`rows`]); the description
//! ([`index_xml`]).

pub mod bons;
pub mod files;
pub mod format;
pub mod index_xml;
pub mod rows;

use std::collections::BTreeMap;

use files::{FILES, FileId, file};
use index_xml::{DTD, DTD_NAME, DataSupplier, INDEX_XML, index_xml};
use rows::{Master, closing_rows};

use crate::domain::fiscal::closing::DailyClosing;
use crate::domain::order::Order;
use crate::domain::zip_archive::{ZipEntry, ZipTooLarge, archive};

/// The export while it is written: one deflated file per table, each begun with its
/// header row; closings are added one at a time, so only compressed data is kept.
pub struct DsfinvkArchive {
    entries: Vec<ZipEntry>,
    closings: u64,
}

impl Default for DsfinvkArchive {
    fn default() -> Self {
        DsfinvkArchive::new()
    }
}

impl DsfinvkArchive {
    pub fn new() -> DsfinvkArchive {
        let entries = FILES
            .iter()
            .map(|definition| {
                let mut entry = ZipEntry::new(definition.url);
                entry.write(header(definition.id).as_bytes());
                entry
            })
            .collect();
        DsfinvkArchive {
            entries,
            closings: 0,
        }
    }

    /// Adds `closing` with the orders of its business day.
    pub fn add(&mut self, master: &Master, closing: &DailyClosing, orders: &[Order]) {
        let mut line = String::new();
        closing_rows(master, closing, orders, &mut |id, fields| {
            line.clear();
            format::push_row(&mut line, &fields);
            self.entries[id as usize].write(line.as_bytes());
        });
        self.closings += 1;
    }

    /// How many closings were added.
    pub fn closings(&self) -> u64 {
        self.closings
    }

    /// The ZIP file: the CSV files, `index.xml` and the DTD.
    pub fn finish(mut self, supplier: &DataSupplier) -> Result<Vec<u8>, ZipTooLarge> {
        let mut index = ZipEntry::new(INDEX_XML);
        index.write(index_xml(supplier).as_bytes());
        self.entries.push(index);
        let mut dtd = ZipEntry::new(DTD_NAME);
        dtd.write(DTD.as_bytes());
        self.entries.push(dtd);
        archive(self.entries)
    }
}

/// The header row of a file: its column names.
pub fn header(id: FileId) -> String {
    let names: Vec<String> = file(id)
        .columns
        .iter()
        .map(|column| column.name.to_string())
        .collect();
    let mut row = String::new();
    format::push_row(&mut row, &names);
    row
}

/// Every file's CSV text for `closings` (each with the orders of its day), without
/// compressing: what the archive holds, for reading and for tests.
pub fn csv_files(
    master: &Master,
    closings: &[(DailyClosing, Vec<Order>)],
) -> BTreeMap<FileId, String> {
    let mut files: BTreeMap<FileId, String> = FILES
        .iter()
        .map(|definition| (definition.id, header(definition.id)))
        .collect();
    for (closing, orders) in closings {
        closing_rows(master, closing, orders, &mut |id, fields| {
            if let Some(text) = files.get_mut(&id) {
                format::push_row(text, &fields);
            }
        });
    }
    files
}

/// The street, postcode and city of an address written on one line as the store's
/// record keeps it ("Hauptstraße 12, 10115 Berlin"); a line without a postcode after
/// its last comma is all street.
pub fn split_address(line: &str) -> (String, String, String) {
    if let Some((street, place)) = line.rsplit_once(',') {
        let place = place.trim();
        if let Some((postcode, city)) = place.split_once(char::is_whitespace)
            && postcode.len() >= 4
            && postcode.chars().all(|c| c.is_ascii_digit())
        {
            return (
                street.trim().to_string(),
                postcode.to_string(),
                city.trim().to_string(),
            );
        }
    }
    (line.trim().to_string(), String::new(), String::new())
}

/// The ISO 3166 alpha-3 code the standard asks for, of the configured country (a code
/// like `DE` or a name like `Deutschland`); empty when it is not one of these.
pub fn country_alpha3(country: &str) -> String {
    let code = match country.trim().to_lowercase().as_str() {
        "de" | "deu" | "deutschland" | "germany" => "DEU",
        "at" | "aut" | "österreich" | "austria" => "AUT",
        "ch" | "che" | "schweiz" | "switzerland" => "CHE",
        "lu" | "lux" | "luxemburg" | "luxembourg" => "LUX",
        "nl" | "nld" | "niederlande" | "netherlands" => "NLD",
        "fr" | "fra" | "frankreich" | "france" => "FRA",
        _ => "",
    };
    code.to_string()
}

#[cfg(test)]
pub(crate) mod tests;
