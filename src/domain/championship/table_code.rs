//! A table's short code, printed on its card for a player to type at `/t` where a camera cannot
//! read the card's QR code: the table's number and four characters (`7-K4PX`), drawn from an
//! alphabet with no two characters a person confuses on paper or on a phone's keyboard.
//!
//! The characters come from a signature only the server can make (see `app::championships`),
//! so they cannot be worked out from the table's place; 20⁴ = 160,000 codes for each table
//! number, against a few wrong tries an address is allowed, cannot be guessed in practice.

use std::fmt;

/// No 0/O/Q/D look-alikes beyond one of each, no 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V.
const ALPHABET: &[u8; 20] = b"ACDEFHJKMNPRTWXY3479";

/// How many characters follow the table number.
pub const LETTERS: usize = 4;

/// The longest a typed code may be before it is refused unread.
pub const MAX_TYPED: usize = 24;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCode {
    pub table: u32,
    letters: [u8; LETTERS],
}

/// Why a typed code is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeRefusal {
    Empty,
    TooLong,
    /// No table number before the characters.
    NoTableNumber,
    /// Not four characters of the alphabet after the number.
    NotTheLetters,
}

impl fmt::Display for CodeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeRefusal::Empty => "Type the code printed on your table's card, such as 7-K4PX.",
            CodeRefusal::TooLong => {
                "That is longer than a table's code: it is the table number, a dash and four \
                 letters or digits, such as 7-K4PX."
            }
            CodeRefusal::NoTableNumber => {
                "A table's code starts with the table's number, such as the 7 of 7-K4PX."
            }
            CodeRefusal::NotTheLetters => {
                "A table's code ends with four letters or digits after the table number, such \
                 as the K4PX of 7-K4PX."
            }
        })
    }
}

impl TableCode {
    /// The code of table `table` whose characters are taken from `signature`, a hexadecimal
    /// signature of the table's place.
    pub fn from_signature(table: u32, signature: &str) -> TableCode {
        let bytes = hex::decode(signature).unwrap_or_default();
        let mut letters = [ALPHABET[0]; LETTERS];
        for (letter, byte) in letters.iter_mut().zip(bytes.chunks(2)) {
            // Two bytes a character: 65,536 values over 20 characters, a bias of 1 in 3,000.
            let value = byte
                .iter()
                .fold(0usize, |acc, b| acc * 256 + usize::from(*b));
            *letter = ALPHABET[value % ALPHABET.len()];
        }
        TableCode { table, letters }
    }

    /// Reads a code as a person types it: any case, with or without the dash, spaces
    /// anywhere, and the look-alikes of the alphabet's characters read as them.
    pub fn parse(typed: &str) -> Result<TableCode, CodeRefusal> {
        if typed.len() > MAX_TYPED {
            return Err(CodeRefusal::TooLong);
        }
        let compact: String = typed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '–')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        if compact.is_empty() {
            return Err(CodeRefusal::Empty);
        }
        if !compact.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(CodeRefusal::NoTableNumber);
        }
        // The number is everything before the last four characters (which may be digits too).
        if compact.len() <= LETTERS || !compact.is_ascii() {
            return Err(CodeRefusal::NotTheLetters);
        }
        let (number, rest) = compact.split_at(compact.len() - LETTERS);
        if !number.bytes().all(|c| c.is_ascii_digit()) {
            return Err(CodeRefusal::NotTheLetters);
        }
        let table: u32 = number
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or(CodeRefusal::NoTableNumber)?;
        let mut letters = [0u8; LETTERS];
        for (slot, c) in letters.iter_mut().zip(rest.bytes()) {
            *slot = read_as(c).ok_or(CodeRefusal::NotTheLetters)?;
        }
        Ok(TableCode { table, letters })
    }
}

/// A typed character as the alphabet's: itself, or the character it is mistaken for.
fn read_as(c: u8) -> Option<u8> {
    let c = match c {
        b'O' | b'Q' | b'0' => b'D',
        b'V' | b'U' => b'W',
        b'Z' => b'7',
        other => other,
    };
    ALPHABET.contains(&c).then_some(c)
}

impl fmt::Display for TableCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = std::str::from_utf8(&self.letters).expect("the alphabet is ASCII");
        write!(f, "{}-{letters}", self.table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGNATURE: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    #[test]
    fn a_code_is_the_table_and_four_characters_of_the_alphabet() {
        let code = TableCode::from_signature(7, SIGNATURE);
        let shown = code.to_string();
        let (number, letters) = shown.split_once('-').unwrap();
        assert_eq!(number, "7");
        assert_eq!(letters.len(), LETTERS);
        assert!(letters.bytes().all(|c| ALPHABET.contains(&c)), "{shown}");
        // Another signature, another code.
        let other = TableCode::from_signature(7, &SIGNATURE.replace('9', "1"));
        assert_ne!(code, other);
    }

    #[test]
    fn a_code_is_read_as_typed_on_a_phone() {
        let code = TableCode::from_signature(12, SIGNATURE);
        let shown = code.to_string();
        for typed in [
            shown.clone(),
            shown.to_lowercase(),
            shown.replace('-', " "),
            shown.replace('-', ""),
            format!("  {} ", shown.to_lowercase().replace('-', " - ")),
        ] {
            assert_eq!(TableCode::parse(&typed), Ok(code.clone()), "{typed}");
        }
    }

    #[test]
    fn look_alikes_are_read_as_the_alphabets_characters() {
        assert_eq!(
            TableCode::parse("3-0OQD").unwrap(),
            TableCode::parse("3-DDDD").unwrap()
        );
        assert_eq!(
            TableCode::parse("3-uvzW").unwrap(),
            TableCode::parse("3-WW7W").unwrap()
        );
    }

    #[test]
    fn what_is_not_a_code_says_why() {
        assert_eq!(TableCode::parse("  "), Err(CodeRefusal::Empty));
        assert_eq!(TableCode::parse("K4PX"), Err(CodeRefusal::NoTableNumber));
        assert_eq!(TableCode::parse("0-K4PX"), Err(CodeRefusal::NoTableNumber));
        assert_eq!(TableCode::parse("7-K4"), Err(CodeRefusal::NotTheLetters));
        assert_eq!(TableCode::parse("7-K4P1"), Err(CodeRefusal::NotTheLetters));
        assert_eq!(TableCode::parse("7-K4PÉ"), Err(CodeRefusal::NotTheLetters));
        assert_eq!(TableCode::parse("7-AK4PX"), Err(CodeRefusal::NotTheLetters));
        assert_eq!(TableCode::parse("1234"), Err(CodeRefusal::NotTheLetters));
        assert_eq!(
            TableCode::parse(&"7".repeat(MAX_TYPED + 1)),
            Err(CodeRefusal::TooLong)
        );
    }
}
