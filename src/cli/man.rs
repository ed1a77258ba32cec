//! `clinic man`: manual pages generated from the command definitions, so they never drift from `--help`.
//! They are in the language chosen at start (`clinic man --lang pt-BR`); the section titles clap_mangen
//! writes in English are put into that language too.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::error::{Error, Result};
use crate::term::IoStreams;
use crate::text::i18n::{self, Lang};

#[derive(Args, Debug)]
pub struct ManArgs {
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// `tree` is the whole command tree (built by `cli`); a single page goes to `io`'s out.
pub fn run(args: ManArgs, tree: clap::Command, io: &IoStreams) -> Result<()> {
    let lang = i18n::current();
    let mut cmd = tree.disable_help_subcommand(true);
    match args.dir {
        Some(dir) => {
            let failed = |e: std::io::Error| Error::Other(format!("{}: {e}", dir.display()));
            std::fs::create_dir_all(&dir).map_err(failed)?;
            // Built once, as clap_mangen does, so each page knows its full name (clinic-report-…).
            cmd.build();
            write_pages(cmd, &dir, lang).map_err(failed)
        }
        None => {
            let page = render(clap_mangen::Man::new(cmd), lang)?;
            io.write_out(&page)?;
            Ok(())
        }
    }
}

/// One page per command, below it first, as `clap_mangen::generate_to` lays them out.
fn write_pages(cmd: clap::Command, dir: &Path, lang: Lang) -> std::io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
        write_pages(sub, dir, lang)?;
    }
    let man = clap_mangen::Man::new(cmd);
    let path = dir.join(man.get_filename());
    std::fs::write(path, render(man, lang)?)
}

fn render(man: clap_mangen::Man, lang: Lang) -> std::io::Result<Vec<u8>> {
    let mut page = Vec::new();
    man.render(&mut page)?;
    let page = sections_in(&String::from_utf8_lossy(&page), lang);
    Ok(super::localize::annotations_in(&page, lang).into_bytes())
}

/// The page with clap_mangen's fixed section titles (`.SH NAME`, `.SH SYNOPSIS`, …) in `lang`.
fn sections_in(page: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return page.to_string();
    }
    page.split_inclusive('\n')
        .map(|line| {
            let title = line.strip_prefix(".SH ").map(str::trim_end);
            // The commands' section is titled with the help's own heading for them.
            let commands = i18n::text_in(lang, "help-heading-commands", &[]);
            let key = match title {
                Some(t) if t == commands => "help-man-subcommands",
                Some("NAME") => "help-man-name",
                Some("SYNOPSIS") => "help-man-synopsis",
                Some("DESCRIPTION") => "help-man-description",
                Some("OPTIONS") => "help-man-options",
                Some("SUBCOMMANDS") => "help-man-subcommands",
                Some("EXTRA") => "help-man-extra",
                Some("VERSION") => "help-man-version",
                Some("AUTHORS") => "help-man-authors",
                _ => return line.to_string(),
            };
            let end = if line.ends_with('\n') { "\n" } else { "" };
            format!(".SH {}{end}", i18n::text_in(lang, key, &[]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_section_titles_change() {
        let page = ".TH clinic 1\n.SH NAME\nclinic \\- NAME\n.SH SYNOPSIS\n.SH OPTIONS EXTRA\n";
        assert_eq!(
            sections_in(page, Lang::PtBr),
            ".TH clinic 1\n.SH NOME\nclinic \\- NAME\n.SH SINOPSE\n.SH OPTIONS EXTRA\n"
        );
        assert_eq!(sections_in(page, Lang::En), page);
    }
}
