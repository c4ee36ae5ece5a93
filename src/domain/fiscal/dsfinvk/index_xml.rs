//! `index.xml`, the description of the export's files that audit software (IDEA,
//! AIS TaxAudit) reads first, made from [`FILES`] the way the BMF's published file for
//! DSFinV-K 2.4 is written (UTF-8 with BOM, CRLF, two spaces per level, every table
//! with its CSV dialect), and the GDPdU DTD it names, shipped beside it.

use super::files::{Column, FILES, Kind};
use super::format::{
    COLUMN_DELIMITER, DATA_FROM_ROW, DECIMAL_SYMBOL, DIGIT_GROUPING_SYMBOL, TEXT_ENCAPSULATOR,
};

pub const INDEX_XML: &str = "index.xml";
pub const DTD_NAME: &str = "gdpdu-01-09-2004.dtd";
/// The GDPdU description standard's DTD (version 1.5, 2004-09-01).
pub const DTD: &str = include_str!("../../../../assets/dsfinvk/gdpdu-01-09-2004.dtd");

/// Who supplied the data, as `index.xml` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSupplier {
    pub name: String,
    pub location: String,
    pub comment: String,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

struct Xml(String);

impl Xml {
    fn line(&mut self, depth: usize, text: &str) {
        self.0.push_str(&"  ".repeat(depth));
        self.0.push_str(text);
        self.0.push_str("\r\n");
    }

    fn element(&mut self, depth: usize, name: &str, text: &str) {
        if text.is_empty() {
            self.line(depth, &format!("<{name} />"));
        } else {
            self.line(depth, &format!("<{name}>{}</{name}>", escape(text)));
        }
    }
}

fn column(xml: &mut Xml, column: &Column) {
    xml.line(4, "<VariableColumn>");
    xml.element(5, "Name", column.name);
    xml.element(5, "Description", column.description);
    match column.kind {
        Kind::Text(length) => {
            xml.line(5, "<AlphaNumeric />");
            xml.element(5, "MaxLength", &length.to_string());
        }
        Kind::Number(0) => xml.line(5, "<Numeric />"),
        Kind::Number(accuracy) => {
            xml.line(5, "<Numeric>");
            xml.element(6, "Accuracy", &accuracy.to_string());
            xml.line(5, "</Numeric>");
        }
    }
    xml.line(4, "</VariableColumn>");
}

/// The `index.xml` of an export from `supplier`.
pub fn index_xml(supplier: &DataSupplier) -> String {
    let mut xml = Xml(String::from("\u{feff}"));
    xml.line(0, r#"<?xml version="1.0" encoding="utf-8"?>"#);
    xml.line(0, &format!(r#"<!DOCTYPE DataSet SYSTEM "{DTD_NAME}">"#));
    xml.line(0, "<DataSet>");
    xml.element(1, "Version", "1.0");
    xml.line(1, "<DataSupplier>");
    xml.element(2, "Name", &supplier.name);
    xml.element(2, "Location", &supplier.location);
    xml.element(2, "Comment", &supplier.comment);
    xml.line(1, "</DataSupplier>");
    xml.line(1, "<Media>");
    xml.element(2, "Name", "CD Nummer 1");
    for file in FILES {
        xml.line(2, "<Table>");
        xml.element(3, "URL", file.url);
        xml.element(3, "Name", file.name);
        xml.element(3, "Description", file.url);
        xml.line(3, "<UTF8 />");
        xml.element(3, "DecimalSymbol", &DECIMAL_SYMBOL.to_string());
        xml.element(3, "DigitGroupingSymbol", &DIGIT_GROUPING_SYMBOL.to_string());
        xml.line(3, "<Range>");
        xml.element(4, "From", &DATA_FROM_ROW.to_string());
        xml.line(3, "</Range>");
        xml.line(3, "<VariableLength>");
        xml.element(4, "ColumnDelimiter", &COLUMN_DELIMITER.to_string());
        xml.line(4, "<RecordDelimiter>&#xD;&#xA;</RecordDelimiter>");
        xml.element(4, "TextEncapsulator", &TEXT_ENCAPSULATOR.to_string());
        for each in file.columns {
            column(&mut xml, each);
        }
        xml.line(3, "</VariableLength>");
        xml.line(2, "</Table>");
    }
    xml.line(1, "</Media>");
    xml.0.push_str("</DataSet>");
    xml.0
}
