//! Every file of a DSFinV-K export and its columns, in one table: the CSV headers, the
//! rows' shape and `index.xml` are all made from it, so a column is corrected in one
//! line. Names, descriptions, types, lengths and accuracies are those of the
//! `index.xml` the BMF publishes with DSFinV-K 2.4 (in its order); `key` marks the
//! columns that together identify a row (the standard's key fields: the closing, the
//! transaction, the line, and what a detail row is per), which the published file
//! does not declare but the export's rows keep unique.

/// A column's type as `index.xml` declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `AlphaNumeric` with its `MaxLength`.
    Text(u16),
    /// `Numeric` with its `Accuracy` (digits after the decimal comma).
    Number(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: Kind,
    pub key: bool,
}

/// The files of an export, in the order of the published `index.xml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FileId {
    CashPointClosing,
    Location,
    CashRegister,
    Slaves,
    Agencies,
    Tse,
    Vat,
    BusinessCases,
    Payment,
    CashPerCurrency,
    Transactions,
    DataPayment,
    Lines,
    ItemAmounts,
    SubItems,
    TransactionsTse,
    TransactionsVat,
    LinesVat,
    AllocationGroups,
    References,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    pub id: FileId,
    /// The file's name in the archive (`URL` in `index.xml`).
    pub url: &'static str,
    /// The standard's name of the table (`Name`).
    pub name: &'static str,
    pub columns: &'static [Column],
}

impl File {
    /// The position of column `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|column| column.name == name)
    }
}

const fn text(name: &'static str, length: u16, description: &'static str) -> Column {
    Column {
        name,
        description,
        kind: Kind::Text(length),
        key: false,
    }
}

const fn number(name: &'static str, accuracy: u8, description: &'static str) -> Column {
    Column {
        name,
        description,
        kind: Kind::Number(accuracy),
        key: false,
    }
}

/// The same column, part of the row's key.
const fn key(column: Column) -> Column {
    Column {
        key: true,
        ..column
    }
}

/// The three columns every file starts with: the closing the row belongs to.
const Z_KASSE_ID: Column = key(text("Z_KASSE_ID", 50, "ID der (Abschluss-) Kasse"));
const Z_ERSTELLUNG: Column = key(text("Z_ERSTELLUNG", 30, "Zeitpunkt des Kassenabschlusses"));
const Z_NR: Column = key(number("Z_NR", 0, "Nr. des Kassenabschlusses"));
const BON_ID: Column = key(text("BON_ID", 40, "Vorgangs-ID"));
const POS_ZEILE: Column = key(text("POS_ZEILE", 50, "Zeilennummer"));
const UST_SCHLUESSEL: Column = key(number("UST_SCHLUESSEL", 0, "ID des USt-Satzes"));

pub const FILES: &[File] = &[
    File {
        id: FileId::CashPointClosing,
        url: "cashpointclosing.csv",
        name: "Stamm_Abschluss",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            text(
                "Z_BUCHUNGSTAG",
                25,
                "Vom Erstellungsdatum abweichender Verbuchungstag",
            ),
            text("TAXONOMIE_VERSION", 10, "Version der DFKA-Taxonomie-Kasse"),
            text("Z_START_ID", 40, "Erste BON_ID im Abschluss"),
            text("Z_ENDE_ID", 40, "Letzte BON_ID im Abschluss"),
            text("NAME", 60, "Name des Unternehmens"),
            text("STRASSE", 60, "Straße"),
            text("PLZ", 10, "Postleitzahl"),
            text("ORT", 62, "Ort"),
            text("LAND", 3, "Land"),
            text("STNR", 20, "Steuernummer des Unternehmens"),
            text("USTID", 15, "USTID"),
            number("Z_SE_ZAHLUNGEN", 2, "Summe aller Zahlungen"),
            number("Z_SE_BARZAHLUNGEN", 2, "Summe aller Barzahlungen"),
        ],
    },
    File {
        id: FileId::Location,
        url: "location.csv",
        name: "Stamm_Orte",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            text("LOC_NAME", 60, "Name des Standortes"),
            text("LOC_STRASSE", 60, "Straße"),
            text("LOC_PLZ", 10, "Postleitzahl"),
            text("LOC_ORT", 62, "Ort"),
            text("LOC_LAND", 3, "Land"),
            text("LOC_USTID", 15, "USTID"),
        ],
    },
    File {
        id: FileId::CashRegister,
        url: "cashregister.csv",
        name: "Stamm_Kassen",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            text("KASSE_BRAND", 50, "Marke der Kasse"),
            text("KASSE_MODELL", 50, "Modellbezeichnung"),
            text("KASSE_SERIENNR", 70, "Seriennummer der Kasse"),
            text("KASSE_SW_BRAND", 50, "Markenbezeichnung der Software"),
            text("KASSE_SW_VERSION", 50, "Version der Software"),
            text("KASSE_BASISWAEH_CODE", 3, "Basiswährung der Kasse"),
            text(
                "KEINE_UST_ZUORDNUNG",
                1,
                "UmsatzsteuerNichtErmittelbar (bei späterem Zahlungseingang)",
            ),
        ],
    },
    File {
        id: FileId::Slaves,
        url: "slaves.csv",
        name: "Stamm_Terminals",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(text("TERMINAL_ID", 50, "ID des Terminals")),
            text("TERMINAL_BRAND", 50, "Marke der Terminals"),
            text("TERMINAL_MODELL", 50, "Modellbezeichnung des Terminals"),
            text("TERMINAL_SERIENNR", 70, "Seriennummer des Terminals"),
            text("TERMINAL_SW_BRAND", 50, "Markenbezeichnung der Software"),
            text("TERMINAL_SW_VERSION", 50, "Version der Software"),
        ],
    },
    File {
        id: FileId::Agencies,
        url: "pa.csv",
        name: "Stamm_Agenturen",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(number("AGENTUR_ID", 0, "ID der Agentur")),
            text("AGENTUR_NAME", 60, "Name des Auftraggebers"),
            text("AGENTUR_STRASSE", 60, "Straße"),
            text("AGENTUR_PLZ", 10, "Postleitzahl"),
            text("AGENTUR_ORT", 62, "Ort"),
            text("AGENTUR_LAND", 3, "Land"),
            text("AGENTUR_STNR", 20, "Steuernummer des Auftraggebers"),
            text("AGENTUR_USTID", 15, "USTID des Auftraggebers"),
        ],
    },
    File {
        id: FileId::Tse,
        url: "tse.csv",
        name: "Stamm_TSE",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(number(
                "TSE_ID",
                0,
                "ID der TSE - wird nur zur Referenzierung innerhalb eines Kassenabschlusses verwendet",
            )),
            text(
                "TSE_SERIAL",
                68,
                "Seriennummer der TSE (Entspricht laut TR-03153 Abschnitt 7.5. dem Hashwert des im Zertifikat enthaltenen Schlüssels in Octet-String-Darstellung)",
            ),
            text(
                "TSE_SIG_ALGO",
                21,
                "Der von der TSE verwendete Signaturalgo-rithmus",
            ),
            text(
                "TSE_ZEITFORMAT",
                31,
                "Das von der TSE verwendete Format für die Log-Time - 'unixTime', 'utcTime' = YYMMDDhhmmZ, 'utcTimeWithSeconds' = YYMMDDhhmmssZ, 'generalizedTime' = YYYYMMDDhhmmssZ, 'generalizedTimeWithMilliseconds' = YYYYMMDDhhmmss.fffZ",
            ),
            text(
                "TSE_PD_ENCODING",
                5,
                "Das Text-Encoding der ProcessData (UTF-8 oder ASCII)",
            ),
            text(
                "TSE_PUBLIC_KEY",
                512,
                "Öffentlicher Schlüssel - extrahiert aus dem Zertifikat der TSE - in base64-Codierung",
            ),
            text(
                "TSE_ZERTIFIKAT_I",
                1000,
                "Erste 1000 Zeichen des base64-codierten Zertifikats der TSE (in base64-Codierung)",
            ),
            text(
                "TSE_ZERTIFIKAT_II",
                1000,
                "Ggf. Rest des base64-codierten Zertifikats der TSE (in base64-Codierung)",
            ),
        ],
    },
    File {
        id: FileId::Vat,
        url: "vat.csv",
        name: "Stamm_USt",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(number("UST_SCHLUESSEL", 0, "ID des Umsatzsteuersatzes")),
            number("UST_SATZ", 2, "Prozentsatz"),
            text("UST_BESCHR", 55, "Beschreibung"),
        ],
    },
    File {
        id: FileId::BusinessCases,
        url: "businesscases.csv",
        name: "Z_GV_Typ",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(text("GV_TYP", 30, "Geschäftsvorfall-Art")),
            key(text("GV_NAME", 40, "Name des Geschäftsvorfalls")),
            key(number("AGENTUR_ID", 0, "ID der Agentur")),
            UST_SCHLUESSEL,
            number("Z_UMS_BRUTTO", 5, "Bruttoumsatz"),
            number("Z_UMS_NETTO", 5, "Nettoumsatz"),
            number("Z_UST", 5, "Umsatzsteuer"),
        ],
    },
    File {
        id: FileId::Payment,
        url: "payment.csv",
        name: "Z_Zahlart",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(text("ZAHLART_TYP", 25, "Typ der Zahlart")),
            key(text("ZAHLART_NAME", 60, "Name der Zahlart")),
            number("Z_ZAHLART_BETRAG", 2, "Betrag"),
        ],
    },
    File {
        id: FileId::CashPerCurrency,
        url: "cash_per_currency.csv",
        name: "Z_Waehrungen",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            key(text("ZAHLART_WAEH", 3, "Währung")),
            number("ZAHLART_BETRAG_WAEH", 2, "Betrag"),
        ],
    },
    File {
        id: FileId::Transactions,
        url: "transactions.csv",
        name: "Bonkopf",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            number("BON_NR", 0, "Bonnummer"),
            text("BON_TYP", 30, "Bontyp"),
            text("BON_NAME", 60, "Zusatz-Beschreibung zum Bontyp"),
            text("TERMINAL_ID", 50, "ID des Erfassungsterminals"),
            text("BON_STORNO", 1, "Storno-Kennzeichen"),
            text("BON_START", 30, "Zeitpunkt des Vorgangsstarts"),
            text("BON_ENDE", 30, "Zeitpunkt der Vorgangsbeendigung"),
            text("BEDIENER_ID", 50, "Bediener-ID"),
            text("BEDIENER_NAME", 50, "Bediener-Name"),
            number("UMS_BRUTTO", 2, "Brutto-Gesamtumsatz"),
            text("KUNDE_NAME", 50, "Name des Leistungsempfängers"),
            text("KUNDE_ID", 50, "Kundennummer des Leistungsempfängers"),
            text(
                "KUNDE_TYP",
                50,
                "Art des Leistungsempfängers (z. B. Mitarbeiter)",
            ),
            text(
                "KUNDE_STRASSE",
                60,
                "Straße und Hausnummer des Leistungsempfängers",
            ),
            text("KUNDE_PLZ", 10, "PLZ des Leistungsempfängers"),
            text("KUNDE_ORT", 62, "Ort des Leistungsempfängers"),
            text("KUNDE_LAND", 3, "Land des Leistungsempfängers"),
            text("KUNDE_USTID", 15, "UStID des Leistungsempfängers"),
            text("BON_NOTIZ", 255, "Zusätzliche Informationen zum Bonkopf"),
        ],
    },
    File {
        id: FileId::DataPayment,
        url: "datapayment.csv",
        name: "Bonkopf_Zahlarten",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            key(text("ZAHLART_TYP", 25, "Typ der Zahlart")),
            key(text("ZAHLART_NAME", 60, "Name der Zahlart")),
            key(text("ZAHLWAEH_CODE", 3, "Währungscode")),
            number("ZAHLWAEH_BETRAG", 2, "Betrag in Fremdwährung"),
            number("BASISWAEH_BETRAG", 2, "Betrag in Basiswährung (i.d.R. EUR)"),
        ],
    },
    File {
        id: FileId::Lines,
        url: "lines.csv",
        name: "Bonpos",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            POS_ZEILE,
            text("GUTSCHEIN_NR", 50, "Gutschein-Nr."),
            text("ARTIKELTEXT", 255, "Artikeltext"),
            text("POS_TERMINAL_ID", 50, "ID des POS-Terminals"),
            text("GV_TYP", 30, "Geschäftsvorfall-Art"),
            text("GV_NAME", 40, "Name des Geschäftsvorfalls"),
            text("INHAUS", 1, "Verzehr an Ort und Stelle"),
            text("P_STORNO", 1, "Positionsstorno-Kennzeichnung"),
            number("AGENTUR_ID", 0, "ID der Agentur"),
            text("ART_NR", 50, "Artikelnummer"),
            text("GTIN", 50, "GTIN"),
            text("WARENGR_ID", 40, "Warengruppen-ID"),
            text("WARENGR", 50, "Bezeichnung Warengruppe"),
            number("MENGE", 3, "Menge"),
            number("FAKTOR", 3, "Faktor, z. B. Gebindegrößen"),
            text("EINHEIT", 50, "Maßeinheit, z. B. kg, Liter oder Stück"),
            number("STK_BR", 5, "Preis pro Einheit inkl. USt"),
        ],
    },
    File {
        id: FileId::ItemAmounts,
        url: "itemamounts.csv",
        name: "Bonpos_Preisfindung",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            POS_ZEILE,
            key(text("TYP", 20, "Basispreis, Rabatt oder Zuschlag")),
            UST_SCHLUESSEL,
            number("PF_BRUTTO", 5, "Bruttoumsatz"),
            number("PF_NETTO", 5, "Nettoumsatz"),
            number("PF_UST", 5, "Umsatzsteuer"),
        ],
    },
    File {
        id: FileId::SubItems,
        url: "subitems.csv",
        name: "Bonpos_Zusatzinfo",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            POS_ZEILE,
            key(text("ZI_ART_NR", 50, "Artikelnummer")),
            text("ZI_GTIN", 50, "GTIN"),
            text("ZI_NAME", 60, "Artikelbezeichnung"),
            text("ZI_WARENGR_ID", 40, "Warengruppen-ID"),
            text("ZI_WARENGR", 50, "Bezeichnung Warengruppe"),
            number("ZI_MENGE", 3, "Menge"),
            number("ZI_FAKTOR", 3, "Faktor, z. B. Gebindegrößen"),
            text("ZI_EINHEIT", 50, "Maßeinheit, z. B. kg, Liter oder Stück"),
            number("ZI_UST_SCHLUESSEL", 0, "ID USt-Satz des Basispreises"),
            number("ZI_BASISPREIS_BRUTTO", 5, "Basispreis brutto"),
            number("ZI_BASISPREIS_NETTO", 5, "Basispreis netto"),
            number("ZI_BASISPREIS_UST", 5, "Basispreis USt"),
        ],
    },
    File {
        id: FileId::TransactionsTse,
        url: "transactions_tse.csv",
        name: "TSE_Transaktionen",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            key(number(
                "TSE_ID",
                0,
                "Die Id der für eine Transaktion verwendeten TSE",
            )),
            number("TSE_TANR", 0, "Die Transaktionsnummer der TSE-Transaktion"),
            text(
                "TSE_TA_START",
                30,
                "Die Log-Time der StartTransaction-Operation",
            ),
            text(
                "TSE_TA_ENDE",
                30,
                "Die Log-Time der FinishTransaction-Operation",
            ),
            text(
                "TSE_TA_VORGANGSART",
                30,
                "Der processType der FinishTransaction-Operation",
            ),
            number(
                "TSE_TA_SIGZ",
                0,
                "Der Signaturzähler der FinishTransaction-Operation",
            ),
            text(
                "TSE_TA_SIG",
                512,
                "Die Signatur der FinishTransaction-Operation",
            ),
            text(
                "TSE_TA_FEHLER",
                200,
                "Beschreibung des TSE-Ausfalls oder Fehlers",
            ),
            text(
                "TSE_VORGANGSDATEN",
                1000,
                "An die zertifizierte technische Sicherheitseinrichtung übergebene Daten des Vorgangs (optional)",
            ),
        ],
    },
    File {
        id: FileId::TransactionsVat,
        url: "transactions_vat.csv",
        name: "Bonkopf_USt",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            UST_SCHLUESSEL,
            number("BON_BRUTTO", 5, "Bruttoumsatz"),
            number("BON_NETTO", 5, "Nettoumsatz"),
            number("BON_UST", 5, "Umsatzsteuer"),
        ],
    },
    File {
        id: FileId::LinesVat,
        url: "lines_vat.csv",
        name: "Bonpos_USt",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            POS_ZEILE,
            UST_SCHLUESSEL,
            number("POS_BRUTTO", 5, "Bruttoumsatz"),
            number("POS_NETTO", 5, "Nettoumsatz"),
            number("POS_UST", 5, "Umsatzsteuer"),
        ],
    },
    File {
        id: FileId::AllocationGroups,
        url: "allocation_groups.csv",
        name: "Bonkopf_AbrKreis",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            key(text("ABRECHNUNGSKREIS", 50, "z. B. Tischnummer")),
        ],
    },
    File {
        id: FileId::References,
        url: "references.csv",
        name: "Bon_Referenzen",
        columns: &[
            Z_KASSE_ID,
            Z_ERSTELLUNG,
            Z_NR,
            BON_ID,
            key(text(
                "POS_ZEILE",
                50,
                "Zeilennummer des referenzierenden Vorgangs (nicht bei Verweis aus einem Bonkopf heraus)",
            )),
            key(text("REF_TYP", 20, "Art der Referenz")),
            text("REF_NAME", 40, "Beschreibung bei Art “ExterneSonstige”"),
            text("REF_DATUM", 30, "Datum des Kassenabschlusses"),
            text("REF_Z_KASSE_ID", 50, "ID der (Abschluss-) Kasse"),
            number("REF_Z_NR", 0, "Nr. des Kassenabschlusses"),
            key(text("REF_BON_ID", 40, "Vorgangs-ID")),
        ],
    },
];

/// The definition of file `id`.
pub fn file(id: FileId) -> &'static File {
    // FILES lists every FileId once, in the enum's order.
    &FILES[id as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_listed_once_in_its_place_and_starts_with_the_closing() {
        for (index, file) in FILES.iter().enumerate() {
            assert_eq!(file.id as usize, index, "{}", file.url);
            let names: Vec<&str> = file.columns.iter().map(|column| column.name).collect();
            assert_eq!(
                &names[..3],
                ["Z_KASSE_ID", "Z_ERSTELLUNG", "Z_NR"],
                "{}",
                file.url
            );
            let mut unique = names.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), names.len(), "{}", file.url);
        }
        assert_eq!(FILES.len(), 20);
        // The published index.xml declares 219 columns.
        assert_eq!(
            FILES.iter().map(|file| file.columns.len()).sum::<usize>(),
            219
        );
    }
}
