//! Every text file a person hands the tool (the sheet of either import, the IDs of `--ids-from`),
//! decoded the one way: UTF-8, else Windows-1252 (what Excel saves as plain CSV on a Portuguese
//! Windows) with a note that says so, or the encoding `--encoding` names; a file that is none of
//! them is refused at the line and byte where it stops making sense, with what to do about it.

use std::path::Path;

use clap::{Args, ValueEnum};

use crate::error::{Error, Result};
use crate::text::encoding::{self, Encoding};
use crate::ui::Reporter;

/// `--encoding`, spelled as people and Excel's menus know each encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FileEncoding {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "windows-1252", alias = "cp1252")]
    Windows1252,
    #[value(name = "latin1", alias = "iso-8859-1")]
    Latin1,
}

impl From<FileEncoding> for Encoding {
    fn from(e: FileEncoding) -> Encoding {
        match e {
            FileEncoding::Utf8 => Encoding::Utf8,
            FileEncoding::Windows1252 => Encoding::Windows1252,
            FileEncoding::Latin1 => Encoding::Latin1,
        }
    }
}

/// The flag of a command that reads a text file a person made.
#[derive(Args, Debug, Clone, Copy)]
pub struct EncodingArg {
    #[arg(long, value_enum, value_name = "ENCODING")]
    pub encoding: Option<FileEncoding>,
}

/// `bytes`, read from `path` (shown as it was typed) for `field`, as text: a guess of
/// Windows-1252 is said on one line, so that a wrong guess is seen before anything is sent.
pub fn decode(
    reporter: &Reporter,
    field: &str,
    path: &Path,
    bytes: &[u8],
    asked: EncodingArg,
) -> Result<String> {
    let file = path.display().to_string();
    match encoding::decode(bytes, asked.encoding.map(Encoding::from)) {
        Ok(decoded) => {
            if let Some(at) = decoded.guessed_at {
                reporter.note(&crate::t!(
                    "cli-file-read-as-windows-1252",
                    file = file.as_str(),
                    line = at.line,
                    byte = at.byte
                ));
            }
            Ok(decoded.text)
        }
        Err(refused) => {
            let at = refused.at;
            let value = format!("0x{:02X}", at.value);
            // Without `--encoding`, the file was tried as both: unless it was UTF-8 up to there.
            let expected = match (asked.encoding, refused.encoding) {
                (None, Encoding::Windows1252) => crate::t!(
                    "cli-file-expected-text",
                    line = at.line,
                    byte = at.byte,
                    value = value
                ),
                (_, encoding) => crate::t!(
                    "cli-file-expected-encoding",
                    encoding = encoding.name(),
                    line = at.line,
                    byte = at.byte,
                    value = value
                ),
            };
            Err(Error::invalid(field, file, &expected))
        }
    }
}
