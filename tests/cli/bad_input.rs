//! Hostile input typed by people: names, e-mails and notes with control characters, bidirectional
//! overrides, nothing visible, or more than their documented maxima. A generator makes 349 such
//! values across the fields of the contact and CRM commands; every one is refused (exit 2) with an
//! error that names the field, and the sandbox's journal shows that none of them was ever sent.

use crate::common::*;

/// Every control character a command line can carry (NUL cannot), with or without line breaks.
fn controls(line_breaks: bool) -> Vec<char> {
    (1u32..0x20)
        .chain([0x7f])
        .chain(0x80..0xa0)
        .filter_map(char::from_u32)
        .filter(|c| line_breaks || *c != '\n')
        .collect()
}

const BIDI: [char; 11] = [
    '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}',
    '\u{2067}', '\u{2068}', '\u{2069}',
];

const INVISIBLE: [&str; 6] = [
    "\u{200b}",
    "\u{200c}\u{200d}",
    "\u{2060}",
    "\u{feff}",
    "\u{00ad}\u{200b}",
    " \u{200b} ",
];

/// Bad values for a text field that holds `max` characters, `line_breaks` allowed or not, each
/// built around `good`.
fn bad_values(good: &str, max: usize, line_breaks: bool) -> Vec<String> {
    let mut values: Vec<String> = controls(!line_breaks)
        .into_iter()
        .map(|c| {
            let (a, b) = good.split_at(good.len() / 2);
            format!("{a}{c}{b}")
        })
        .collect();
    values.extend(BIDI.iter().map(|c| format!("{c}{good}")));
    values.extend(INVISIBLE.iter().map(|s| s.to_string()));
    values.push("a".repeat(max + 1));
    // About 100 KB: near the largest single argument Linux passes (128 KiB).
    values.push("é".repeat(50_000));
    values
}

/// `contact create` with good values, but `value` for `flag`.
fn contact(flag: &str, value: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        CREATE_ANYWAY,
        &["--name", "Maria Silva", "--phone", "16992640197"],
        FILED_UNDER_ONE,
        &["--email", "maria@example.com", "--birth-date", "1990-04-23"],
    ]
    .concat()
    .into_iter()
    .map(String::from)
    .collect();
    match args.iter().position(|a| a == flag) {
        Some(at) => args[at + 1] = value.to_string(),
        None => args.extend([flag.to_string(), value.to_string()]),
    }
    args
}

/// `crm contact create` with good values, but `value` for `flag`.
fn lead(flag: &str, value: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        "crm",
        "contact",
        "create",
        "--first-name",
        "Maria",
        "--last-name",
        "Silva",
        "--phone",
        "16992640197",
        "--email",
        "maria@example.com",
        "--campaign-id",
        "12",
        "--utm-source",
        "whatsapp",
        "--unit",
        "sp sao paulo - perdizes",
    ]
    .map(String::from)
    .to_vec();
    match args.iter().position(|a| a == flag) {
        // `--flag=VALUE`, so that a value starting with `-` is a value.
        Some(at) => {
            args[at] = format!("{flag}={value}");
            args.remove(at + 1);
        }
        None => args.push(format!("{flag}={value}")),
    }
    args
}

/// The 349 values, each with the command that takes it and the flag it goes to.
fn generated() -> Vec<(Vec<String>, &'static str, String)> {
    let lead = |first: &str, last: &str| -> Vec<String> {
        let mut args = lead("--first-name", first);
        let at = args.iter().position(|a| a == "--last-name").unwrap();
        args[at + 1] = last.to_string();
        args
    };
    let mut cases = Vec::new();
    for value in bad_values("Maria", 200, false) {
        cases.push((contact("--name", &value), "--name", value));
    }
    for value in bad_values("maria@example.com", 254, false)
        .into_iter()
        .chain([format!("{}@example.com", "m".repeat(65))])
    {
        cases.push((contact("--email", &value), "--email", value));
    }
    for value in bad_values("liga de manhã", 4000, true) {
        cases.push((contact("--note", &value), "--note", value));
    }
    // The CRM lead's names: every control and override once more in the first name, the first
    // few in the last name.
    for value in bad_values("Maria", 200, false) {
        cases.push((lead(&value, "Silva"), "--first-name", value));
    }
    for value in bad_values("Silva", 200, false).into_iter().take(17) {
        cases.push((lead("Maria", &value), "--last-name", value));
    }
    cases
}

#[test]
fn bad_values_in_every_text_field_are_refused_and_never_sent() {
    let env = Env::new();
    let cases = generated();
    assert_eq!(cases.len(), 349);
    env.clear_journal();
    for (args, flag, value) in &cases {
        let mut cmd = if args[0] == "crm" {
            env.crm()
        } else {
            env.clinic()
        };
        let out = cmd.args(args).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{flag} {value:?}: {err}");
        assert!(
            err.contains(flag),
            "{flag} {value:?}: the error names the field: {err}"
        );
        assert!(err.len() < 1000, "{flag}: {} bytes of error", err.len());
        // The value is never echoed as it was: masked (names, e-mails) or cut, never raw.
        assert!(!err.contains(value.as_str()), "{flag} {value:?}: {err}");
    }
    let sent = env.sent();
    assert!(
        sent.is_empty(),
        "{} requests went out: {sent:?}",
        sent.len()
    );
    // The same command with good values does go out.
    let good = contact("--note", "liga\nde manhã");
    env.run_ok(&good);
    assert_eq!(env.sent().len(), 1);
}

/// Names a spreadsheet reads as a formula, and e-mails with a display name or angle brackets, in
/// every flag that stores them: refused in both languages with what is expected, never sent.
#[test]
fn formula_names_and_bracketed_emails_are_refused_in_both_languages_and_never_sent() {
    let env = Env::new();
    env.clear_journal();
    let mut cases: Vec<(Vec<String>, &str)> = Vec::new();
    for name in ["=HYPERLINK(\"x\")", "+5511999990000", "-1+1", "@SUM(A1:A9)"] {
        // `--name=VALUE`, so that a value starting with `-` is a value.
        let mut create = contact("--name", "");
        let at = create.iter().position(|a| a == "--name").unwrap();
        create[at] = format!("--name={name}");
        create.remove(at + 1);
        cases.push((create, "--name"));
        cases.push((lead("--first-name", name), "--first-name"));
        cases.push((lead("--last-name", name), "--last-name"));
        cases.push((lead("--full-name", &format!("Maria {name}")), "--full-name"));
    }
    for email in ["<maria@example.com>", "Maria <maria@example.com>"] {
        cases.push((contact("--email", email), "--email"));
        cases.push((lead("--email", email), "--email"));
    }
    for (args, flag) in &cases {
        // `--full-name` stands for both parts.
        let args: Vec<String> = if *flag == "--full-name" {
            let mut args = args.clone();
            for part in ["--first-name", "--last-name"] {
                let at = args.iter().position(|a| a == part).unwrap();
                args.drain(at..at + 2);
            }
            args
        } else {
            args.clone()
        };
        let formula = flag.ends_with("name");
        for (lang, expected) in [
            (
                "en",
                if formula {
                    "formula"
                } else {
                    "without a name or angle brackets"
                },
            ),
            (
                "pt-BR",
                if formula {
                    "fórmula"
                } else {
                    "sem nome nem sinais de menor e maior"
                },
            ),
        ] {
            let mut cmd = if args[0] == "crm" {
                env.crm()
            } else {
                env.clinic()
            };
            let out = cmd.env("CLINIC_LANG", lang).args(&args).output().unwrap();
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{lang} {args:?}: {err}");
            assert!(
                err.contains(flag),
                "{lang} {args:?}: the error names the field: {err}"
            );
            assert!(err.contains(expected), "{lang} {args:?}: {err}");
        }
    }
    let sent = env.sent();
    assert!(
        sent.is_empty(),
        "{} requests went out: {sent:?}",
        sent.len()
    );
    // A hyphen, a plus or an at sign inside a name or an address is no formula.
    env.run_ok(&contact("--name", "Maria-José d'Ávila +1"));
    assert_eq!(env.sent().len(), 1);
}
