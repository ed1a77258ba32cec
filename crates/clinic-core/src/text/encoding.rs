//! The bytes of a text file a person hands the tool (a spreadsheet, a list of IDs), as text. Excel
//! in Portuguese saves its plain "CSV (separado por vírgulas)" in Windows-1252, not UTF-8, so a
//! file that is not UTF-8 is read as Windows-1252 when it reads as plausible text in it; a file that
//! is neither (UTF-16, a binary, UTF-8 broken half-way) is refused at the first byte that makes no
//! sense, so the person can find it.

use std::borrow::Cow;

use encoding_rs::WINDOWS_1252;

use super::bom;

/// How a file's bytes are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Windows' "ANSI" code page for Western languages, what Excel writes as plain CSV.
    Windows1252,
    /// ISO-8859-1, byte for code point: unlike Windows-1252, 0x80–0x9F are control characters.
    Latin1,
}

impl Encoding {
    /// The name people know it by, as `--encoding` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Latin1 => "ISO-8859-1",
        }
    }
}

/// Where in a file a byte sits, as an editor counts: line and byte within it from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub byte: usize,
    /// The byte found there.
    pub value: u8,
}

impl Position {
    fn of(bytes: &[u8], offset: usize) -> Position {
        let before = &bytes[..offset];
        let line_start = before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        Position {
            line: before.iter().filter(|b| **b == b'\n').count() + 1,
            byte: offset - line_start + 1,
            value: bytes[offset],
        }
    }
}

/// A file read as text.
#[derive(Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without a byte-order mark.
    pub text: String,
    pub encoding: Encoding,
    /// Not asked for: the file was not UTF-8 and read as Windows-1252; the first byte that was not
    /// UTF-8, for the note that says so.
    pub guessed_at: Option<Position>,
}

/// Why a file cannot be read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undecodable {
    /// The encoding the file stopped making sense in.
    pub encoding: Encoding,
    pub at: Position,
}

/// `bytes` as text: in `asked`, or when `None`, in UTF-8 if they are UTF-8 and else in
/// Windows-1252 if they read as text in it. A UTF-8 byte-order mark is dropped whatever is asked
/// (it only says the bytes are UTF-8, and would otherwise end up in the first header's name).
pub fn decode(bytes: &[u8], asked: Option<Encoding>) -> Result<Decoded, Undecodable> {
    let has_bom = bytes.starts_with(bom::BOM);
    let body = bom::strip_bytes(bytes);
    // Positions count from the file's first byte, as an editor shows them.
    let skipped = bytes.len() - body.len();
    let at = |offset: usize| Position::of(bytes, skipped + offset);
    let utf8 = std::str::from_utf8(body);
    let decoded = |text: Cow<'_, str>, encoding| Decoded {
        text: text.into_owned(),
        encoding,
        guessed_at: None,
    };
    match (asked, utf8) {
        (None | Some(Encoding::Utf8), Ok(text)) => Ok(decoded(Cow::Borrowed(text), Encoding::Utf8)),
        (Some(Encoding::Utf8), Err(e)) => Err(Undecodable {
            encoding: Encoding::Utf8,
            at: at(e.valid_up_to()),
        }),
        (None, Err(e)) => {
            let first = e.valid_up_to();
            // A mark that says UTF-8, or UTF-8 letters before the first bad byte: a UTF-8 file
            // broken there, which Windows-1252 would turn into "JosÃ©".
            if has_bom || !body[..first].is_ascii() {
                return Err(Undecodable {
                    encoding: Encoding::Utf8,
                    at: at(first),
                });
            }
            let mut read = windows_1252(body).map_err(|offset| Undecodable {
                encoding: Encoding::Windows1252,
                at: at(offset),
            })?;
            read.guessed_at = Some(at(first));
            Ok(read)
        }
        (Some(Encoding::Windows1252), _) => windows_1252(body).map_err(|offset| Undecodable {
            encoding: Encoding::Windows1252,
            at: at(offset),
        }),
        (Some(Encoding::Latin1), _) => match body.iter().position(|b| is_control(*b as char)) {
            Some(offset) => Err(Undecodable {
                encoding: Encoding::Latin1,
                at: at(offset),
            }),
            None => Ok(decoded(
                encoding_rs::mem::decode_latin1(body),
                Encoding::Latin1,
            )),
        },
    }
}

/// `body` read as Windows-1252, or the offset of the first byte that is no text in it: one of the
/// five it leaves undefined, or a control character (a NUL of UTF-16, a binary's bytes).
fn windows_1252(body: &[u8]) -> Result<Decoded, usize> {
    let undefined = |b: u8| matches!(b, 0x81 | 0x8d | 0x8f | 0x90 | 0x9d);
    if let Some(offset) = body
        .iter()
        .position(|b| undefined(*b) || (b.is_ascii() && is_control(*b as char)))
    {
        return Err(offset);
    }
    let (text, _) = WINDOWS_1252.decode_without_bom_handling(body);
    Ok(Decoded {
        text: text.into_owned(),
        encoding: Encoding::Windows1252,
        guessed_at: None,
    })
}

/// A control character no text file holds: anything but tab and line breaks.
fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8], asked: Option<Encoding>) -> (String, Encoding) {
        let d = decode(bytes, asked).unwrap();
        (d.text, d.encoding)
    }

    #[test]
    fn utf8_is_read_as_it_is_and_a_mark_goes() {
        assert_eq!(
            text("\u{feff}nome;José\r\n".as_bytes(), None),
            ("nome;José\r\n".to_string(), Encoding::Utf8)
        );
        assert_eq!(decode("Ana".as_bytes(), None).unwrap().guessed_at, None);
    }

    #[test]
    fn excels_plain_csv_is_read_as_windows_1252_saying_where_it_stopped_being_utf8() {
        let d = decode(b"nome;cidade\r\nJos\xe9;S\xe3o Paulo \x80\r\n", None).unwrap();
        assert_eq!(d.text, "nome;cidade\r\nJosé;São Paulo €\r\n");
        assert_eq!(d.encoding, Encoding::Windows1252);
        assert_eq!(
            d.guessed_at,
            Some(Position {
                line: 2,
                byte: 4,
                value: 0xe9
            })
        );
    }

    #[test]
    fn a_file_that_is_neither_is_refused_where_it_stops_making_sense() {
        // UTF-16, as Excel's "Unicode text" writes it: a NUL after every letter.
        assert_eq!(
            decode(b"\xff\xfen\x00o\x00", None),
            Err(Undecodable {
                encoding: Encoding::Windows1252,
                at: Position {
                    line: 1,
                    byte: 4,
                    value: 0
                }
            })
        );
        // A byte Windows-1252 leaves undefined, on the third line.
        assert_eq!(
            decode(b"a\nb\ncd\x81", None).unwrap_err().at,
            Position {
                line: 3,
                byte: 3,
                value: 0x81
            }
        );
        // UTF-8 broken half-way is not taken for Windows-1252; the mark counts in the position.
        let broken = decode(b"\xef\xbb\xbfJos\xc3\xa9\nJo\xe3o", None).unwrap_err();
        assert_eq!(broken.encoding, Encoding::Utf8);
        assert_eq!((broken.at.line, broken.at.byte), (2, 3));
        let broken = decode(
            "José\nJo"
                .bytes()
                .chain([0xe3])
                .collect::<Vec<_>>()
                .as_slice(),
            None,
        );
        assert_eq!(broken.unwrap_err().encoding, Encoding::Utf8);
    }

    #[test]
    fn an_encoding_asked_for_is_the_one_read() {
        assert_eq!(
            text(b"Jos\xe9", Some(Encoding::Windows1252)),
            ("José".to_string(), Encoding::Windows1252)
        );
        assert_eq!(
            text(b"Jos\xe9", Some(Encoding::Latin1)),
            ("José".to_string(), Encoding::Latin1)
        );
        // In ISO-8859-1, 0x80 is a control character, not the euro sign.
        assert_eq!(
            decode(b"5 \x80", Some(Encoding::Latin1))
                .unwrap_err()
                .at
                .byte,
            3
        );
        assert_eq!(
            decode(b"Jos\xe9", Some(Encoding::Utf8)).unwrap_err(),
            Undecodable {
                encoding: Encoding::Utf8,
                at: Position {
                    line: 1,
                    byte: 4,
                    value: 0xe9
                }
            }
        );
        // UTF-8 read as Windows-1252 because it was asked for.
        assert_eq!(text("é".as_bytes(), Some(Encoding::Windows1252)).0, "Ã©");
    }
}
