//! ESC/POS, the command language of receipt printers, as far as a ticket needs it.
//!
//! Every document starts with `ESC @` (reset), `ESC R 0` (the plain ASCII character set:
//! some German models default to `ESC R 2`, which prints `Ä` for `[`) and `ESC t 16`,
//! code page 16 = WPC1252 (Windows-1252), which holds the German umlauts, `ß` and `€`.
//! Text is encoded into that code page; a character it cannot hold prints as `?`.
//! A document ends with a feed and `GS V 66 n`, a partial cut after feeding the paper
//! past the cutter.

pub const ESC: u8 = 0x1b;
pub const GS: u8 = 0x1d;
pub const LF: u8 = 0x0a;
/// `ESC t n`: the code table; 16 is WPC1252 on Epson-compatible printers.
pub const CODE_PAGE_WPC1252: u8 = 16;

/// Windows-1252 bytes 0x80–0x9F; the rest of 0xA0–0xFF is Latin-1.
const CP1252_HIGH: [(char, u8); 27] = [
    ('€', 0x80),
    ('‚', 0x82),
    ('ƒ', 0x83),
    ('„', 0x84),
    ('…', 0x85),
    ('†', 0x86),
    ('‡', 0x87),
    ('ˆ', 0x88),
    ('‰', 0x89),
    ('Š', 0x8a),
    ('‹', 0x8b),
    ('Œ', 0x8c),
    ('Ž', 0x8e),
    ('‘', 0x91),
    ('’', 0x92),
    ('“', 0x93),
    ('”', 0x94),
    ('•', 0x95),
    ('–', 0x96),
    ('—', 0x97),
    ('˜', 0x98),
    ('™', 0x99),
    ('š', 0x9a),
    ('›', 0x9b),
    ('œ', 0x9c),
    ('ž', 0x9e),
    ('Ÿ', 0x9f),
];

/// One character in Windows-1252: `?` for what the code page lacks, a space for
/// control characters (a stray one would be a printer command).
pub fn cp1252_byte(c: char) -> u8 {
    match c {
        ' '..='~' => c as u8,
        '\u{a0}'..='\u{ff}' => c as u32 as u8,
        _ if c.is_control() => b' ',
        _ => CP1252_HIGH
            .iter()
            .find(|(known, _)| *known == c)
            .map_or(b'?', |(_, byte)| *byte),
    }
}

pub fn encode_cp1252(text: &str) -> Vec<u8> {
    text.chars().map(cp1252_byte).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    Normal,
    /// Double height only: the same characters per line, easier to read.
    Tall,
    /// Double width and height: half the characters per line.
    Large,
}

/// Builds one document for a printer with `width` characters per line.
pub struct Document {
    bytes: Vec<u8>,
    width: usize,
    size: Size,
}

impl Document {
    pub fn new(width: u8) -> Document {
        let mut bytes = Vec::with_capacity(2048);
        bytes.extend_from_slice(&[ESC, b'@', ESC, b'R', 0, ESC, b't', CODE_PAGE_WPC1252]);
        Document {
            bytes,
            width: usize::from(width).max(1),
            size: Size::Normal,
        }
    }

    /// Characters per line at the current size.
    pub fn columns(&self) -> usize {
        match self.size {
            Size::Large => (self.width / 2).max(1),
            Size::Normal | Size::Tall => self.width,
        }
    }

    pub fn bold(&mut self, on: bool) -> &mut Self {
        self.bytes.extend_from_slice(&[ESC, b'E', u8::from(on)]);
        self
    }

    pub fn align(&mut self, align: Align) -> &mut Self {
        let n = match align {
            Align::Left => 0,
            Align::Center => 1,
            Align::Right => 2,
        };
        self.bytes.extend_from_slice(&[ESC, b'a', n]);
        self
    }

    pub fn size(&mut self, size: Size) -> &mut Self {
        let n = match size {
            Size::Normal => 0x00,
            Size::Tall => 0x01,
            Size::Large => 0x11,
        };
        self.size = size;
        self.bytes.extend_from_slice(&[GS, b'!', n]);
        self
    }

    /// Back to left-aligned, normal, not bold.
    pub fn plain(&mut self) -> &mut Self {
        self.align(Align::Left).size(Size::Normal).bold(false)
    }

    /// `text`, word-wrapped to the line; `\n` in it starts a new line, leading spaces
    /// indent it.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.indented(text, 0)
    }

    /// Like [`Document::text`], every wrapped line starting `indent` spaces in.
    pub fn indented(&mut self, text: &str, indent: usize) -> &mut Self {
        let columns = self.columns();
        let indent = indent.min(columns / 2);
        for paragraph in text.split('\n') {
            let lead = paragraph.len() - paragraph.trim_start_matches(' ').len();
            for line in wrap(paragraph, columns, lead.min(columns / 2), indent) {
                self.raw_line(&line);
            }
        }
        self
    }

    /// A line laid out by the caller (columns of a table): printed as it is, cut to
    /// the paper's width.
    pub fn line(&mut self, line: &str) -> &mut Self {
        let line: String = line.chars().take(self.columns()).collect();
        self.raw_line(line.trim_end())
    }

    /// `left` and `right` on one line, `right` flush right; `left` wraps when both do
    /// not fit.
    pub fn row(&mut self, left: &str, right: &str) -> &mut Self {
        let columns = self.columns();
        let right_len = right.chars().count();
        let room = columns.saturating_sub(right_len + 1).max(1);
        let mut lines = wrap(left, room, 0, 2);
        let last = lines.pop().unwrap_or_default();
        for line in lines {
            self.raw_line(&line);
        }
        let used = last.chars().count();
        let gap = columns.saturating_sub(used + right_len).max(1);
        self.raw_line(&format!("{last}{}{right}", " ".repeat(gap)));
        self
    }

    /// A line of dashes across the paper.
    pub fn rule(&mut self) -> &mut Self {
        let line = "-".repeat(self.columns());
        self.raw_line(&line)
    }

    pub fn blank(&mut self) -> &mut Self {
        self.bytes.push(LF);
        self
    }

    /// Feeds `lines` lines and cuts.
    pub fn cut(&mut self, lines: u8) -> &mut Self {
        self.plain();
        self.bytes
            .extend_from_slice(&[ESC, b'd', lines, GS, b'V', 66, 3]);
        self
    }

    /// A QR code of `data` (model 2, error correction M, centred), drawn by the printer
    /// itself (`GS ( k`); up to 7,089 bytes of data.
    pub fn qr(&mut self, data: &str) -> &mut Self {
        let data = data.as_bytes();
        let stored = u16::try_from(data.len().min(7_089) + 3).unwrap_or(u16::MAX);
        let [low, high] = stored.to_le_bytes();
        self.align(Align::Center);
        // Model 2; module size 4 dots; error correction M (15 %).
        self.bytes
            .extend_from_slice(&[GS, b'(', b'k', 4, 0, 49, 65, 50, 0]);
        self.bytes
            .extend_from_slice(&[GS, b'(', b'k', 3, 0, 49, 67, 4]);
        self.bytes
            .extend_from_slice(&[GS, b'(', b'k', 3, 0, 49, 69, 49]);
        self.bytes
            .extend_from_slice(&[GS, b'(', b'k', low, high, 49, 80, 48]);
        self.bytes
            .extend_from_slice(&data[..usize::from(stored) - 3]);
        // Print what was stored.
        self.bytes
            .extend_from_slice(&[GS, b'(', b'k', 3, 0, 49, 81, 48]);
        self.bytes.push(LF);
        self.align(Align::Left)
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    fn raw_line(&mut self, line: &str) -> &mut Self {
        self.bytes.extend(encode_cp1252(line));
        self.bytes.push(LF);
        self
    }
}

/// Splits `text` into lines of at most `columns` characters at spaces; a word longer
/// than a line is broken. The first line starts `first_indent` spaces in, the others
/// `indent`.
pub fn wrap(text: &str, columns: usize, first_indent: usize, indent: usize) -> Vec<String> {
    let columns = columns.max(1);
    let indent = indent.min(columns - 1);
    let first_indent = first_indent.min(columns - 1);
    let mut lines = Vec::new();
    let mut line = " ".repeat(first_indent);
    let mut len = first_indent;
    let mut empty = true;
    for word in text.split_whitespace() {
        let mut chars: Vec<char> = word.chars().collect();
        while !chars.is_empty() {
            let needed = chars.len() + usize::from(!empty);
            if len + needed <= columns {
                if !empty {
                    line.push(' ');
                }
                line.extend(chars.drain(..));
                len += needed;
                empty = false;
            } else if empty {
                // Longer than a whole line: break the word.
                let take = columns - len;
                line.extend(chars.drain(..take));
                lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
                len = indent;
            } else {
                lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
                len = indent;
                empty = true;
            }
        }
    }
    if !empty || lines.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_text_and_the_euro_sign_fit_windows_1252() {
        assert_eq!(
            encode_cp1252("Käse Öl Übel ß € „x“ – 9,90"),
            b"K\xe4se \xd6l \xdcbel \xdf \x80 \x84x\x93 \x96 9,90".to_vec()
        );
        assert_eq!(encode_cp1252("Pizza 🍕 ł"), b"Pizza ? ?".to_vec());
        assert_eq!(
            encode_cp1252("a\u{1b}b"),
            b"a b".to_vec(),
            "no stray command"
        );
    }

    #[test]
    fn a_document_starts_with_reset_and_code_page_and_ends_with_a_cut() {
        let mut doc = Document::new(32);
        doc.text("Hallo");
        doc.cut(3);
        let bytes = doc.into_bytes();
        assert!(bytes.starts_with(&[ESC, b'@', ESC, b'R', 0, ESC, b't', 16]));
        assert!(bytes.ends_with(&[ESC, b'd', 3, GS, b'V', 66, 3]));
    }

    #[test]
    fn long_text_wraps_at_words_and_breaks_long_words() {
        assert_eq!(
            wrap("Pizza Margherita mit extra viel Käse", 16, 0, 2),
            vec!["Pizza Margherita", "  mit extra viel", "  Käse"]
        );
        assert_eq!(
            wrap("Donaudampfschifffahrt", 8, 0, 0),
            vec!["Donaudam", "pfschiff", "fahrt"]
        );
        assert_eq!(wrap("", 10, 0, 0), vec![""]);
        for line in wrap(&"Wort ".repeat(40), 32, 4, 4) {
            assert!(line.chars().count() <= 32, "{line}");
        }
    }

    #[test]
    fn rows_put_the_amount_flush_right() {
        let mut doc = Document::new(32);
        doc.row("2 x Bruschetta", "11,80 €");
        let text: String = doc.into_bytes()[8..]
            .iter()
            .map(|&b| if b == 0x80 { '€' } else { b as char })
            .collect();
        assert_eq!(text, format!("2 x Bruschetta{}11,80 €\n", " ".repeat(11)));
    }

    #[test]
    fn large_text_has_half_the_columns() {
        let mut doc = Document::new(42);
        doc.size(Size::Large);
        assert_eq!(doc.columns(), 21);
        doc.size(Size::Tall);
        assert_eq!(doc.columns(), 42);
    }
}
