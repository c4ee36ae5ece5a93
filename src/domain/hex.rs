//! Bytes as lowercase hexadecimal: tokens, hashes and file-name tags.

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// `bytes` as two lowercase hex digits each.
pub fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_byte_becomes_two_lowercase_digits() {
        assert_eq!(super::hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(super::hex(&[]), "");
    }
}
