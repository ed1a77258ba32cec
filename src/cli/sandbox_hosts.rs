//! `--sandbox-hosts`: the four hosts of a running `clinic sandbox serve`, from its address or from the
//! `key=value` lines it printed, so `login` and `setup` configure them all at once — with the
//! sandbox's webhook ID and unit names, which are fixed.

use clinic_sandbox::Urls;

use crate::config::Profile;
use crate::error::{Error, Result};
use crate::term::IoStreams;

const FLAG: &str = "--sandbox-hosts";

/// What the flag takes, in the reader's words.
fn expected() -> String {
    crate::t!("cli-sandbox-hosts-expected")
}

/// Reads the hosts from what `--sandbox-hosts` was given: printed lines (in the value itself, in a
/// file, or on standard input with `-`, read from `io`), or an address.
pub fn read(io: &IoStreams, given: &str) -> Result<Urls> {
    let text = given.trim();
    if text.contains("base_url=") {
        return from_lines(text);
    }
    if text == "-" {
        let mut lines = String::new();
        io.read_to_end(&mut lines)?;
        return from_lines(&lines);
    }
    let path = std::path::Path::new(text);
    if path.is_file() {
        let lines = std::fs::read_to_string(path).map_err(|e| {
            Error::invalid(
                FLAG,
                text,
                &crate::t!(
                    "cli-sandbox-hosts-expected-unreadable",
                    reason = e.to_string()
                ),
            )
        })?;
        return from_lines(&lines);
    }
    let origin = if text.contains("://") {
        text.to_string()
    } else {
        format!("http://{text}")
    };
    let url = url::Url::parse(&origin).map_err(|_| Error::invalid(FLAG, text, &expected()))?;
    if url.host().is_none() || !matches!(url.path(), "" | "/") {
        return Err(Error::invalid(FLAG, text, &expected()));
    }
    Ok(Urls::at_origin(url.as_str()))
}

/// The four `key=value` lines of `clinic sandbox serve`, wherever they sit among other lines.
fn from_lines(text: &str) -> Result<Urls> {
    let value = |key: &str| {
        text.lines()
            .filter_map(|l| l.trim().split_once('='))
            .find(|(k, _)| k.trim() == key)
            .map(|(_, v)| v.trim().to_string())
            .ok_or_else(|| {
                Error::invalid(
                    FLAG,
                    text.lines().next().unwrap_or_default(),
                    &crate::t!("cli-sandbox-hosts-expected-key", key = key),
                )
            })
    };
    Ok(Urls {
        base_url: value("base_url")?,
        io_url: value("io_url")?,
        automation_url: value("automation_url")?,
        crm_url: value("crm_url")?,
    })
}

/// Writes the hosts into a profile — validated as `config set` validates them — with the sandbox's
/// webhook ID and unit names.
pub fn apply(urls: &Urls, p: &mut Profile) -> Result<()> {
    p.set("base_url", &urls.base_url)?;
    p.set("io_url", &urls.io_url)?;
    p.set("automation_url", &urls.automation_url)?;
    p.set("crm_url", &urls.crm_url)?;
    p.webhook_id = Some(clinic_sandbox::WEBHOOK_ID.to_string());
    p.units = clinic_sandbox::crm::UNITS
        .iter()
        .map(|u| u.to_string())
        .collect();
    Ok(())
}

/// Checks the hosts before anything is sent.
pub fn check(urls: &Urls) -> Result<()> {
    apply(urls, &mut Profile::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_or_the_printed_lines() {
        let (io, _) = IoStreams::captured(Default::default(), b"");
        let read = |given: &str| read(&io, given);
        let from_address = read("127.0.0.1:8787").unwrap();
        assert_eq!(from_address.base_url, "http://127.0.0.1:8787/rest/v1");
        assert_eq!(
            from_address.crm_url,
            "http://127.0.0.1:8787/crm/rest/1/sandbox/"
        );
        assert_eq!(
            read("http://localhost:9/").unwrap().io_url,
            "http://localhost:9/io"
        );
        let printed = "base_url=http://127.0.0.1:1/rest/v1\nio_url=http://127.0.0.1:1/io\n\
                       automation_url=http://127.0.0.1:1/automation\ncrm_url=http://127.0.0.1:1/crm/rest/1/sandbox/\n\n\
                       Clinic Results sandbox listening on 127.0.0.1:1 (seed 42)";
        assert_eq!(
            read(printed).unwrap(),
            Urls::at_origin("http://127.0.0.1:1")
        );
        assert!(read("base_url=http://127.0.0.1:1/rest/v1").is_err());
        assert!(read("http://127.0.0.1:1/rest/v1").is_err());
    }

    /// `-` reads the printed lines from the input.
    #[test]
    fn a_dash_reads_the_lines_from_the_input() {
        let printed = b"base_url=http://127.0.0.1:1/rest/v1\nio_url=http://127.0.0.1:1/io\n\
                        automation_url=http://127.0.0.1:1/automation\n\
                        crm_url=http://127.0.0.1:1/crm/rest/1/sandbox/\n";
        let (io, _) = IoStreams::captured(Default::default(), printed);
        assert_eq!(
            read(&io, "-").unwrap(),
            Urls::at_origin("http://127.0.0.1:1")
        );
    }
}
