//! A ZIP archive built in memory (PKWARE APPNOTE 6.3, without ZIP64): each entry is
//! deflated while it is written, so an export keeps only the compressed bytes of its
//! files, several of them open at once, and the archive is put together at the end.
//! Entries carry a fixed time (1980-01-01 00:00), so the same data gives the same
//! archive, and their names are marked UTF-8.

use std::io::Write;

use flate2::Crc;
use flate2::write::DeflateEncoder;

/// One file of the archive while it is written.
pub struct ZipEntry {
    name: String,
    crc: Crc,
    encoder: DeflateEncoder<Vec<u8>>,
}

impl ZipEntry {
    pub fn new(name: &str) -> ZipEntry {
        ZipEntry {
            name: name.to_string(),
            crc: Crc::new(),
            encoder: DeflateEncoder::new(Vec::new(), flate2::Compression::default()),
        }
    }

    /// Appends `bytes` to the file.
    pub fn write(&mut self, bytes: &[u8]) {
        self.crc.update(bytes);
        // Writing into a Vec cannot fail.
        let _ = self.encoder.write_all(bytes);
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

/// An archive was too large for a ZIP without ZIP64 (4 GiB, 65,535 entries).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the archive is too large for a ZIP file ({0})")]
pub struct ZipTooLarge(&'static str);

/// Names and fixed fields of an entry as both of its headers repeat them.
struct Written {
    name: String,
    crc: u32,
    compressed: u32,
    size: u32,
    offset: u32,
}

/// The fixed time 1980-01-01 00:00 in MS-DOS form (time, date).
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;
/// Version 2.0 (deflate) needed to extract.
const VERSION: u16 = 20;
/// Bit 11: the name is UTF-8.
const FLAGS: u16 = 1 << 11;
const DEFLATED: u16 = 8;

fn u32_of(value: usize, what: &'static str) -> Result<u32, ZipTooLarge> {
    u32::try_from(value).map_err(|_| ZipTooLarge(what))
}

/// The archive of `entries`, in their order.
pub fn archive(entries: Vec<ZipEntry>) -> Result<Vec<u8>, ZipTooLarge> {
    let count = u16::try_from(entries.len()).map_err(|_| ZipTooLarge("entries"))?;
    let mut out = Vec::new();
    let mut written = Vec::with_capacity(entries.len());
    for entry in entries {
        let size = entry.crc.amount();
        let crc = entry.crc.sum();
        // Finishing an encoder that writes into a Vec cannot fail.
        let data = entry.encoder.finish().unwrap_or_default();
        let record = Written {
            crc,
            compressed: u32_of(data.len(), "an entry")?,
            size,
            offset: u32_of(out.len(), "the archive")?,
            name: entry.name,
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        for field in [VERSION, FLAGS, DEFLATED, DOS_TIME, DOS_DATE] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        for field in [record.crc, record.compressed, record.size] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        let name_len = u16::try_from(record.name.len()).map_err(|_| ZipTooLarge("a name"))?;
        out.extend_from_slice(&name_len.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(record.name.as_bytes());
        out.extend_from_slice(&data);
        written.push(record);
    }
    let directory_at = u32_of(out.len(), "the archive")?;
    for record in &written {
        out.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        for field in [VERSION, VERSION, FLAGS, DEFLATED, DOS_TIME, DOS_DATE] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        for field in [record.crc, record.compressed, record.size] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        // The name's length was checked with the local header.
        out.extend_from_slice(&(record.name.len() as u16).to_le_bytes());
        // Extra field, comment, disk number, internal attributes.
        for _ in 0..4 {
            out.extend_from_slice(&0u16.to_le_bytes());
        }
        // External attributes, then where the local header is.
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&record.offset.to_le_bytes());
        out.extend_from_slice(record.name.as_bytes());
    }
    let directory_size = u32_of(out.len(), "the archive")? - directory_at;
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for field in [0u16, 0, count, count] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    out.extend_from_slice(&directory_size.to_le_bytes());
    out.extend_from_slice(&directory_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([bytes[at], bytes[at + 1]])
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn every_entry_inflates_to_what_was_written_and_the_directory_finds_it() {
        let mut first = ZipEntry::new("a.csv");
        first.write(b"Z_KASSE_ID;Z_NR\r\n");
        first.write("Kasse 1;1\r\n".repeat(100).as_bytes());
        let mut second = ZipEntry::new("index.xml");
        second.write("<DataSet>äöü</DataSet>".as_bytes());
        let zip = archive(vec![first, second]).unwrap();

        let end = zip.len() - 22;
        assert_eq!(u32_at(&zip, end), 0x0605_4b50);
        assert_eq!(u16_at(&zip, end + 10), 2);
        let mut at = u32_at(&zip, end + 16) as usize;
        let mut found = Vec::new();
        for _ in 0..2 {
            assert_eq!(u32_at(&zip, at), 0x0201_4b50);
            let crc = u32_at(&zip, at + 16);
            let compressed = u32_at(&zip, at + 20) as usize;
            let size = u32_at(&zip, at + 24) as usize;
            let name_len = u16_at(&zip, at + 28) as usize;
            let local = u32_at(&zip, at + 42) as usize;
            let name = String::from_utf8(zip[at + 46..at + 46 + name_len].to_vec()).unwrap();
            assert_eq!(u32_at(&zip, local), 0x0403_4b50);
            let data_at = local + 30 + u16_at(&zip, local + 26) as usize;
            let mut text = Vec::new();
            flate2::read::DeflateDecoder::new(&zip[data_at..data_at + compressed])
                .read_to_end(&mut text)
                .unwrap();
            assert_eq!(text.len(), size);
            let mut check = Crc::new();
            check.update(&text);
            assert_eq!(check.sum(), crc);
            found.push((name, String::from_utf8(text).unwrap()));
            at += 46 + name_len;
        }
        assert_eq!(found[0].0, "a.csv");
        assert!(found[0].1.starts_with("Z_KASSE_ID;Z_NR\r\nKasse 1;1\r\n"));
        assert_eq!(
            found[1],
            ("index.xml".into(), "<DataSet>äöü</DataSet>".into())
        );
    }
}
