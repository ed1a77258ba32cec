//! Where secrets are masked. A secret is masked where it is known to sit — a header (never traced), the
//! body of a login (never traced), a secret path segment or query value of an address, a configured
//! secret address (`crm_url`, the automation webhook) — never by searching arbitrary text for it: a
//! password `admin` must not turn "admin_master" into "****_master", nor a CRM secret `rest` turn
//! `/rest/v1` into `/****/v1`. Only long, varied values (tokens, keys) are also scrubbed from text a
//! server sent back, as a last line of defence: they cannot be mistaken for ordinary words.

use percent_encoding::percent_decode_str;

use crate::secret::Secret;

/// What a masked secret shows.
pub const MASK: &str = "****";

/// Query parameters whose values are credentials, whatever the host.
const SECRET_PARAMS: &[&str] = &[
    "access_token",
    "accesstoken",
    "api_key",
    "apikey",
    "auth",
    "authorization",
    "jwt",
    "key",
    "password",
    "secret",
    "senha",
    "sig",
    "signature",
    "token",
    "x-api-key",
];

/// Values shorter than this are never searched for in text: they could be ordinary words.
pub const SCRUB_MIN_LEN: usize = 16;

/// An address as it may be shown: user-info removed and the values of secret query parameters masked,
/// everything else byte for byte. Text that is not an absolute URL comes back unchanged.
pub fn url(shown: &str) -> String {
    let Ok(mut parsed) = url::Url::parse(shown) else {
        return shown.to_string();
    };
    let mut changed = false;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        let _ = parsed.set_password(None);
        let _ = parsed.set_username("");
        changed = true;
    }
    if let Some(query) = parsed.query() {
        let masked = mask_query(query);
        if masked != query {
            parsed.set_query(Some(&masked));
            changed = true;
        }
    }
    if changed {
        parsed.to_string()
    } else {
        shown.to_string()
    }
}

/// An address with its password (a proxy's `http://user:secret@host:3128`) masked and everything else
/// kept, so that a person still sees which account it uses. Text that is not a URL with a password
/// comes back unchanged.
pub fn url_password(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some(MASK));
            parsed.to_string()
        }
        _ => raw.to_string(),
    }
}

/// A raw query string with the values of secret parameters masked; other pairs keep their encoding.
fn mask_query(query: &str) -> String {
    query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) if !value.is_empty() && is_secret_param(name) => {
                format!("{name}={MASK}")
            }
            _ => pair.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn is_secret_param(raw_name: &str) -> bool {
    let name = percent_decode_str(raw_name).decode_utf8_lossy();
    let name = name.trim().to_ascii_lowercase();
    SECRET_PARAMS.contains(&name.as_str())
}

/// The path segments of `url` that its shown form masks: what no later address of the same request (a
/// redirect) may show either.
pub fn masked_segments(url: &url::Url, shown: &str) -> Vec<String> {
    let (Some(real), Ok(shown)) = (url.path_segments(), url::Url::parse(shown)) else {
        return Vec::new();
    };
    let Some(masked) = shown.path_segments() else {
        return Vec::new();
    };
    real.zip(masked)
        .filter(|(r, m)| *m == MASK && *r != MASK && !r.is_empty())
        .map(|(r, _)| r.to_string())
        .collect()
}

/// `target` as it may be shown, masking the path segments that were secret in the request it came from.
pub fn url_with(target: &url::Url, secret_segments: &[String]) -> String {
    let mut shown = target.clone();
    if let Some(segments) = target.path_segments() {
        let segments: Vec<&str> = segments
            .map(|s| {
                if secret_segments.iter().any(|x| x == s) {
                    MASK
                } else {
                    s
                }
            })
            .collect();
        shown.set_path(&segments.join("/"));
    }
    url(shown.as_str())
}

/// Whether a value is long and varied enough to be searched for in text without masking ordinary words.
pub fn scrubbable(value: &str) -> bool {
    let mut distinct: Vec<char> = value.chars().collect();
    let len = distinct.len();
    distinct.sort_unstable();
    distinct.dedup();
    len >= SCRUB_MIN_LEN && distinct.len() >= 8
}

/// The secrets of one run and how to mask them in text that may echo them.
#[derive(Default)]
pub struct Redactor {
    /// Long values (tokens, keys), masked wherever they appear.
    values: Vec<Secret>,
    /// Every spelling of each secret address, with what to show instead; longest first.
    addresses: Vec<(Secret, String)>,
}

impl Redactor {
    /// Registers a value; only a [`scrubbable`] one is ever searched for. Says whether it was kept.
    pub fn add_value(&mut self, value: &Secret) -> bool {
        if !scrubbable(value.expose()) || self.values.contains(value) {
            return false;
        }
        self.values.push(value.clone());
        true
    }

    /// Registers a secret address (`raw`) and its masked form (`shown`): the whole address, however it
    /// is spelled (as configured, normalised, without its trailing slash, or as a bare path of two or
    /// more segments), is replaced wherever it appears.
    pub fn add_address(&mut self, raw: &str, shown: &str) {
        let mut pairs = vec![(raw.trim().to_string(), shown.to_string())];
        if let (Ok(r), Ok(s)) = (url::Url::parse(raw.trim()), url::Url::parse(shown)) {
            pairs.push((r.to_string(), s.to_string()));
            let (rp, sp) = (r.path(), s.path());
            if rp.split('/').filter(|p| !p.is_empty()).count() >= 2 {
                pairs.push((rp.to_string(), sp.to_string()));
            }
        }
        for (r, s) in pairs {
            let (r, s) = (r.trim_end_matches('/'), s.trim_end_matches('/'));
            if r.is_empty() || r == s || self.addresses.iter().any(|(x, _)| x.expose() == r) {
                continue;
            }
            self.addresses.push((Secret::new(r), s.to_string()));
        }
        self.addresses
            .sort_by_key(|(r, _)| std::cmp::Reverse(r.expose().len()));
    }

    /// `text` with every registered secret address and long value masked.
    pub fn apply(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (raw, shown) in &self.addresses {
            if out.contains(raw.expose()) {
                out = replace_whole(&out, raw.expose(), shown);
            }
        }
        for v in &self.values {
            if out.contains(v.expose()) {
                out = out.replace(v.expose(), MASK);
            }
        }
        out
    }
}

/// Replaces `needle` where it is not followed by more of the same path segment (`/hooks/abc` must not
/// match inside `/hooks/abcdef`).
fn replace_whole(text: &str, needle: &str, with: &str) -> String {
    let continues = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '~' | '%');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(needle) {
        let after = &rest[i + needle.len()..];
        out.push_str(&rest[..i]);
        if after.chars().next().is_some_and(continues) {
            out.push_str(needle);
        } else {
            out.push_str(with);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

// Personal data. Traces and error messages end up in log files (a nightly job's stderr), and LGPD
// expects personal data kept out of them: unless the user asks to see it (`-vv`,
// `--trace-personal`), every line on stderr passes through [`personal`]. Unlike secrets, personal
// data is found by where it sits (a query parameter's name, the flag a value was given to) and by
// its shape (an e-mail address, a phone number), since nothing registers it in advance.

/// How a personal value is masked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Personal {
    /// A phone: the area code stays (`16*********`), so a reader can still tell which clinic.
    Phone,
    /// An e-mail: the domain stays (`****@example.com`).
    Email,
    /// Names, birth dates, CPF, notes, CRM filter values: masked whole.
    Whole,
}

/// Query parameters (and flags, without their dashes) that carry personal data, by kind; names are
/// compared lower-cased, with `_`, `-` and spaces alike.
const PERSONAL_PARAMS: &[(&str, Personal)] = &[
    ("telefone", Personal::Phone),
    ("telefone secundario", Personal::Phone),
    ("secondary phone", Personal::Phone),
    ("celular", Personal::Phone),
    ("phone", Personal::Phone),
    ("fone", Personal::Phone),
    ("whatsapp", Personal::Phone),
    ("email", Personal::Email),
    ("e mail", Personal::Email),
    ("nome", Personal::Whole),
    ("name", Personal::Whole),
    ("primeiro nome", Personal::Whole),
    ("sobrenome", Personal::Whole),
    ("first name", Personal::Whole),
    ("last name", Personal::Whole),
    ("cliente", Personal::Whole),
    ("paciente", Personal::Whole),
    ("nascimento", Personal::Whole),
    ("data nascimento", Personal::Whole),
    ("birth date", Personal::Whole),
    ("birthdate", Personal::Whole),
    ("cpf", Personal::Whole),
    ("note", Personal::Whole),
    ("observacao", Personal::Whole),
    ("obs", Personal::Whole),
    ("field", Personal::Whole),
    // `crm … update --set/--add/--remove FIELD=VALUE` write people's phones, e-mails and names.
    ("set", Personal::Whole),
    ("add", Personal::Whole),
    ("remove", Personal::Whole),
];

/// The kind of personal data a parameter or flag (`telefone`, `--birth-date`, `filter[PHONE]`)
/// carries. Every CRM filter and field value (`filter[…]`, `FIELDS[…]`) is personal: they search
/// and write people.
pub fn personal_param(name: &str) -> Option<Personal> {
    let decoded = percent_decode_str(name).decode_utf8_lossy();
    let name = decoded
        .trim()
        .trim_start_matches('-')
        .to_lowercase()
        .replace(['_', '-'], " ");
    if ["filter[", "fields[", "filtro["]
        .iter()
        .any(|p| name.starts_with(p))
    {
        return Some(Personal::Whole);
    }
    PERSONAL_PARAMS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, kind)| *kind)
}

/// The kind of personal data a field or column named `name` holds where records leave for someone
/// who was not shown personal data (an assistant, through `clinic mcp`). Names and notes stay: a
/// person's name is how a reader answers "who"; the values that reach or identify a person (phone,
/// e-mail, birth date, CPF, RG) do not. One rule, so that what is masked by a result's name and what
/// a query may read while masking is on never drift apart.
///
/// A deployment spells its fields its own way (`dataNascimento`, `dt_nasc`, `cpfCliente`,
/// `celular_whats`, `E-mail`): the name is split into words (at `_`, `-`, `.`, spaces, camelCase
/// and digits) and each word is compared with the Portuguese and English words and abbreviations
/// for these values. A name with a word that says the field is about the value rather than the
/// value itself (`id_telefone`, `HAS_EMAIL`, `tipo_telefone`, `email_enviado`) is none of them.
pub fn personal_field(name: &str) -> Option<Personal> {
    let words = name_words(name);
    if words.iter().any(|w| ABOUT_THE_VALUE.contains(&w.as_str())) {
        return None;
    }
    words.iter().find_map(|word| personal_word(word))
}

/// Words that name a personal value, by kind; compared whole.
const PERSONAL_WORDS: &[(&str, Personal)] = &[
    ("telefone", Personal::Phone),
    ("telefones", Personal::Phone),
    ("fone", Personal::Phone),
    ("fones", Personal::Phone),
    ("tel", Personal::Phone),
    ("celular", Personal::Phone),
    ("celulares", Personal::Phone),
    ("cel", Personal::Phone),
    ("phone", Personal::Phone),
    ("phones", Personal::Phone),
    ("mobile", Personal::Phone),
    ("whats", Personal::Phone),
    ("whatsapp", Personal::Phone),
    ("wpp", Personal::Phone),
    ("zap", Personal::Phone),
    ("email", Personal::Email),
    ("emails", Personal::Email),
    ("mail", Personal::Email),
    ("cpf", Personal::Whole),
    ("rg", Personal::Whole),
    ("nasc", Personal::Whole),
    ("nascimento", Personal::Whole),
    ("aniversario", Personal::Whole),
    ("niver", Personal::Whole),
    ("birth", Personal::Whole),
    ("birthday", Personal::Whole),
    ("birthdate", Personal::Whole),
    ("dob", Personal::Whole),
];

/// Stems long or odd enough to be found inside a word that joins several (`datanascimento`,
/// `telefonecelular`, `emailprincipal`, `cpfcnpj`).
const PERSONAL_STEMS: &[(&str, Personal)] = &[
    ("nasc", Personal::Whole),
    ("birth", Personal::Whole),
    ("aniversari", Personal::Whole),
    ("cpf", Personal::Whole),
    ("telefone", Personal::Phone),
    ("celular", Personal::Phone),
    ("whatsapp", Personal::Phone),
    ("email", Personal::Email),
];

/// Words that make a field's name about a personal value (its ID, kind, count or state) rather than
/// the value.
const ABOUT_THE_VALUE: &[&str] = &[
    "id",
    "ids",
    "cod",
    "codigo",
    "code",
    "has",
    "tem",
    "possui",
    "is",
    "tipo",
    "type",
    "qtd",
    "quantidade",
    "count",
    "status",
    "verificado",
    "verified",
    "valido",
    "valid",
    "confirmado",
    "optin",
    "opt",
    "flag",
    "enviado",
    "sent",
];

fn personal_word(word: &str) -> Option<Personal> {
    PERSONAL_WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .or_else(|| PERSONAL_STEMS.iter().find(|(s, _)| word.contains(s)))
        .map(|(_, kind)| *kind)
}

/// The words of a field's name, lower case and without accents: split at every character that is
/// not a letter or digit, where a lower-case letter meets a capital (`dataNascimento`), where a
/// run of capitals meets a capitalised word (`CPFCliente`), and where letters meet digits.
fn name_words(name: &str) -> Vec<String> {
    let ascii = deunicode::deunicode(name);
    let mut words = Vec::new();
    for token in ascii.split(|c: char| !c.is_ascii_alphanumeric()) {
        let chars: Vec<char> = token.chars().collect();
        let mut word = String::new();
        for (i, &c) in chars.iter().enumerate() {
            let prev = i.checked_sub(1).map(|p| chars[p]);
            let next = chars.get(i + 1).copied();
            let starts = prev.is_some_and(|p| {
                (p.is_ascii_lowercase() && c.is_ascii_uppercase())
                    || (p.is_ascii_uppercase()
                        && c.is_ascii_uppercase()
                        && next.is_some_and(|n| n.is_ascii_lowercase()))
                    || (p.is_ascii_digit() != c.is_ascii_digit())
            });
            if starts && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            word.push(c.to_ascii_lowercase());
        }
        if !word.is_empty() {
            words.push(word);
        }
    }
    words
}

/// `value` masked as its kind says.
pub fn mask_personal(value: &str, kind: Personal) -> String {
    match kind {
        Personal::Whole => MASK.to_string(),
        Personal::Email => match value.rsplit_once('@') {
            Some((_, domain)) => format!("{MASK}@{domain}"),
            None => MASK.to_string(),
        },
        Personal::Phone => mask_phone(value),
    }
}

/// Every digit past the area code (and the country code `55`, when written) becomes `*`; the
/// spelling stays.
fn mask_phone(phone: &str) -> String {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let country = phone.trim_start().starts_with('+') || (digits >= 12 && phone.starts_with("55"));
    let keep = if country { 4 } else { 2 };
    let mut seen = 0;
    phone
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                seen += 1;
                if seen > keep {
                    return '*';
                }
            }
            c
        })
        .collect()
}

/// E-mail addresses, anywhere.
fn email_pattern() -> &'static regex::Regex {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(r"[A-Za-z0-9._%+\-]+(@|%40)([A-Za-z0-9\-]+\.)+[A-Za-z]{2,}")
            .unwrap_or_else(|_| unreachable!("a fixed pattern"))
    })
}

/// E-mail addresses written so that a machine would not see them: `fulano(at)gmail.com`,
/// `fulano [at] gmail [dot] com`, `fulano arroba gmail.com`. The plain word `at` counts only
/// before a domain that ends as addresses do (`.com`, `.com.br`…), or it would take "arrived at
/// home.Then" for an address.
fn hidden_email_pattern() -> &'static regex::Regex {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(
            r"(?xi)
            [A-Za-z0-9._%+\-]+
            (
              \s*[\(\[\{]\s*(?:at|arroba)\s*[\)\]\}]\s*
              (?:[A-Za-z0-9\-]+(?:\.|\s*[\(\[\{]\s*(?:dot|ponto)\s*[\)\]\}]\s*|\s+(?:dot|ponto)\s+))+[A-Za-z]{2,}
            | \s+(?:at|arroba)\s+
              (?:[A-Za-z0-9\-]+(?:\.|\s+(?:dot|ponto)\s+))+
              (?:com|net|org|edu|gov|br|io|co|me|info|app|dev|biz|pt|us|uk)\b
            )",
        )
        .unwrap_or_else(|_| unreachable!("a fixed pattern"))
    })
}

/// Phone numbers and CPFs as they are written. A phone is a Brazilian one: an area code (DDD, 11
/// to 99), then a mobile's 9 and eight digits or a landline's eight digits from 2 to 5, the
/// country code `55` before it or not, with or without spaces, dots, dashes and parentheses
/// (`(16) 99264-0197`, `+55 16 99264-0197`, `16 9 9000 1111`, `5516992640197`), or a mobile's
/// nine digits with a separator and no area code (`99264-0197`). A CPF is `123.456.789-09`, or
/// eleven digits whose check digits are right. Never inside a longer number or word, and `_` joins
/// a word: the digits of a field's name (`UF_CRM_1669405845`) are its name, which a reader needs to
/// see what is written where. A run of digits of any other shape (an ID, a time stamp, money) is
/// no phone.
fn phone_pattern() -> &'static regex::Regex {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(
            r"(?x)
            (^|[^0-9A-Za-z_*])
            (
              (?:\+|%2B)?(?:55)?[1-9][1-9](?:9[0-9]{8}|[2-5][0-9]{7})
            | (?:(?:\+|%2B)55[\ .\-]?|55[\ .\-])?\(?[1-9][1-9]\)?[\ .\-]?(?:9[\ .\-]?[0-9]{4}|[2-5][0-9]{3})[\ .\-]?[0-9]{4}
            | 9[0-9]{4}[\ .\-][0-9]{4}
            | [0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}
            | [0-9]{11}
            )
            ($|[^0-9A-Za-z_*])",
        )
        .unwrap_or_else(|_| unreachable!("a fixed pattern"))
    })
}

/// Whether eleven digits are a CPF: both check digits right, and not one digit repeated.
fn valid_cpf(digits: &[u32]) -> bool {
    if digits.len() != 11 || digits.iter().all(|d| *d == digits[0]) {
        return false;
    }
    let check = |n: usize| {
        let sum: u32 = (0..n).map(|i| digits[i] * (n as u32 + 1 - i as u32)).sum();
        let rest = (sum * 10) % 11;
        if rest == 10 { 0 } else { rest }
    };
    check(9) == digits[9] && check(10) == digits[10]
}

/// A phone or CPF as [`phone_pattern`] found it, masked: a CPF whole (its punctuation kept), a phone
/// past its area code; eleven digits that are neither stay.
fn mask_number(found: &str) -> String {
    let digits: Vec<u32> = found.chars().filter_map(|c| c.to_digit(10)).collect();
    let bare = digits.len() == found.len();
    let cpf = found.contains('.') && found.contains('-') && found.len() == 14 && digits.len() == 11;
    // A CPF, or a mobile without its area code: no digit of it tells anything but the person.
    if cpf || (bare && valid_cpf(&digits)) || digits.len() == 9 {
        return found
            .chars()
            .map(|c| if c.is_ascii_digit() { '*' } else { c })
            .collect();
    }
    if bare && digits.len() == 11 && !phone_shaped(found) {
        return found.to_string();
    }
    mask_phone(found)
}

/// Whether bare digits are a phone's (see [`phone_pattern`]).
fn phone_shaped(digits: &str) -> bool {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN
        .get_or_init(|| {
            regex::Regex::new(r"^(?:55)?[1-9][1-9](?:9[0-9]{8}|[2-5][0-9]{7})$")
                .unwrap_or_else(|_| unreachable!("a fixed pattern"))
        })
        .is_match(digits)
}

/// The kind of personal data `value`, whole, is by its shape: a phone, a CPF or an e-mail
/// address, in the spellings [`personal`] finds in text.
pub fn personal_value(value: &str) -> Option<Personal> {
    let value = value.trim();
    let whole =
        |m: Option<regex::Match>| m.is_some_and(|m| m.start() == 0 && m.end() == value.len());
    if whole(email_pattern().find(value)) || whole(hidden_email_pattern().find(value)) {
        return Some(Personal::Email);
    }
    let c = phone_pattern().captures(value)?;
    let found = c.get(2)?;
    if found.start() != 0 || found.end() != value.len() {
        return None;
    }
    let masked = mask_number(found.as_str());
    if masked == found.as_str() {
        None
    } else if masked.chars().all(|c| !c.is_ascii_digit()) {
        Some(Personal::Whole)
    } else {
        Some(Personal::Phone)
    }
}

/// Whether a field's name says it holds an ID or code (`id`, `id_cliente`, `codigo`): a number
/// there is never taken for a phone or a CPF.
pub fn names_an_id(name: &str) -> bool {
    name_words(name).iter().any(|w| {
        matches!(
            w.as_str(),
            "id" | "ids" | "cod" | "codigo" | "code" | "key" | "chave"
        )
    })
}

/// `text` with personal data masked: the values of personal query parameters in any address (see
/// [`personal_param`]), then e-mail addresses, phone numbers and CPFs wherever they are.
pub fn personal(text: &str) -> String {
    let mut out = mask_personal_queries(text);
    if email_pattern().is_match(&out) {
        out = email_pattern()
            .replace_all(&out, |c: &regex::Captures| {
                let whole = &c[0];
                let at = whole.find(&c[1]).unwrap_or(0);
                format!("{MASK}{}", &whole[at..])
            })
            .into_owned();
    }
    if hidden_email_pattern().is_match(&out) {
        out = hidden_email_pattern()
            .replace_all(&out, |c: &regex::Captures| format!("{MASK}{}", &c[1]))
            .into_owned();
    }
    // Twice: a match takes the character after it, which may be the one before the next number.
    for _ in 0..2 {
        if phone_pattern().is_match(&out) {
            out = phone_pattern()
                .replace_all(&out, |c: &regex::Captures| {
                    format!("{}{}{}", &c[1], mask_number(&c[2]), &c[c.len() - 1])
                })
                .into_owned();
        }
    }
    out
}

/// Dates as they are written: `03/02/1985`, `3-2-1985`, `03.02.1985`, `1985-02-03`; what follows
/// (a time) is looked at by the caller.
fn date_pattern() -> &'static regex::Regex {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(
            r"(?x)
            (?:^|[^0-9])
            (
              (?P<d>[0-9]{1,2})(?P<s>[/.\-])(?P<m>[0-9]{1,2})[/.\-](?P<y>[0-9]{4})
            | (?P<y2>[0-9]{4})-(?P<m2>[0-9]{2})-(?P<d2>[0-9]{2})
            )
            (?:$|[^0-9])",
        )
        .unwrap_or_else(|_| unreachable!("a fixed pattern"))
    })
}

/// The day a date-only piece of text names, when it is one: a real calendar date, in the past, not
/// followed by a time of day.
fn date_only(c: &regex::Captures, after: &str) -> Option<chrono::NaiveDate> {
    let rest = after.strip_prefix(['T', ' ']).unwrap_or(after);
    let hour = rest.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=2).contains(&hour) && rest[hour..].starts_with(':') {
        return None;
    }
    let n = |name: &str| c.name(name).and_then(|m| m.as_str().parse::<u32>().ok());
    let (y, m, d) = match n("y") {
        Some(y) => (y, n("m")?, n("d")?),
        None => (n("y2")?, n("m2")?, n("d2")?),
    };
    let day = chrono::NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)?;
    (y >= 1900 && day < chrono::Local::now().date_naive()).then_some(day)
}

/// How many years back a date in free text must be to be taken for a birth date: dates of the
/// clinic's own business (a return visit, a payment) are recent; a birth date is not.
const BIRTH_YEARS_BACK: i32 = 12;

/// Whether `value`, whole, is a date (no time of day) that may be a birth date: what a contact's
/// field holds under a name that says nothing of what the date is.
pub fn date_value(value: &str) -> bool {
    let value = value.trim();
    date_pattern().captures(value).is_some_and(|c| {
        c.get(1)
            .is_some_and(|m| m.start() == 0 && m.end() == value.len())
            && date_only(&c, "").is_some()
    })
}

/// Whether a field's name says which event its date is (`criado_em`, `data_agendamento`,
/// `updated_at`, a record's own `data`): such a date is never taken for a birth date.
pub fn names_an_event(name: &str) -> bool {
    const EVENTS: &[&str] = &[
        "agendamento",
        "pagamento",
        "criado",
        "criacao",
        "created",
        "modificado",
        "modificacao",
        "updated",
        "alterado",
        "alteracao",
        "atualizado",
        "atualizacao",
        "cadastro",
        "venda",
        "vencimento",
        "inicio",
        "fim",
        "start",
        "end",
        "em",
        "at",
        "on",
        "envio",
        "retorno",
        "consulta",
        "atendimento",
        "validade",
        "emissao",
        "entrada",
        "saida",
        "ultima",
        "ultimo",
        "last",
        "proxima",
        "proximo",
        "next",
        "visita",
        "compra",
        "agenda",
        "evento",
        "prazo",
    ];
    let words = name_words(name);
    words
        .iter()
        .all(|w| matches!(w.as_str(), "data" | "date" | "dt" | "dia" | "day"))
        || words.iter().any(|w| EVENTS.contains(&w.as_str()))
}

/// [`personal`], and what free text (a note, a message) says of a person in other spellings: a date
/// far enough back to be a birth date (`nasceu em 03/02/1985`). What leaves for someone not shown
/// personal data (`clinic mcp`) passes through this; the log lines of stderr through [`personal`],
/// whose dates are the run's own.
pub fn personal_text(text: &str) -> String {
    let out = personal(text);
    if !date_pattern().is_match(&out) {
        return out;
    }
    let limit = chrono::Datelike::year(&chrono::Local::now().date_naive()) - BIRTH_YEARS_BACK;
    let mut masked = String::with_capacity(out.len());
    let mut last = 0;
    let mut at = 0;
    while let Some(c) = date_pattern().captures_at(&out, at) {
        let Some(date) = c.get(1) else { break };
        let birth =
            date_only(&c, &out[date.end()..]).is_some_and(|d| chrono::Datelike::year(&d) <= limit);
        if birth {
            masked.push_str(&out[last..date.start()]);
            masked.push_str(MASK);
            last = date.end();
        }
        at = date.end();
    }
    masked.push_str(&out[last..]);
    masked
}

/// A message of the database engine (SQLite, PostgreSQL) as it may be shown while personal data is
/// masked: an engine quotes the value it choked on (`JSON path error near '03/02/1985'`, `invalid
/// input syntax for type date: "1985-02-03x"`), and that value may be a person's. A quoted part
/// the query itself holds (a table's or column's name, a literal the asker wrote) stays, so the
/// message still names what failed; any other is masked, then the text as [`personal_text`] masks it.
pub fn engine_message(message: &str, query: &str) -> String {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let quoted = PATTERN.get_or_init(|| {
        regex::Regex::new(r#"'[^']*'|"[^"]*""#).unwrap_or_else(|_| unreachable!("a fixed pattern"))
    });
    let out = quoted.replace_all(message, |c: &regex::Captures| {
        let whole = &c[0];
        let inner = &whole[1..whole.len() - 1];
        if inner.is_empty() || query.contains(inner) {
            whole.to_string()
        } else {
            format!("{q}{MASK}{q}", q = &whole[..1])
        }
    });
    personal_text(&out)
}

/// The values of personal parameters in the query strings of `text`'s addresses.
fn mask_personal_queries(text: &str) -> String {
    if !text.contains('?') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match word.split_once('?') {
            Some((address, query)) if address.contains("://") => {
                out.push_str(address);
                out.push('?');
                out.push_str(&mask_query_values(query));
            }
            _ => out.push_str(word),
        }
    }
    out
}

fn mask_query_values(query: &str) -> String {
    query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) if !value.is_empty() => match personal_param(name) {
                Some(kind) => {
                    let value = percent_decode_str(&value.replace('+', " "))
                        .decode_utf8_lossy()
                        .into_owned();
                    format!("{name}={}", mask_personal(&value, kind).replace(' ', "+"))
                }
                None => pair.to_string(),
            },
            _ => pair.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn personal_data_is_masked_where_it_sits_and_by_its_shape() {
        assert_eq!(
            personal(
                "> GET http://h/rest/v1/lista_cliente?nome=Maria+Silva&telefone=16992640197&email=maria%40x.com&data_nascimento=23%2F04%2F1990&pagina_atual=1"
            ),
            "> GET http://h/rest/v1/lista_cliente?nome=****&telefone=16*********&email=****@x.com&data_nascimento=****&pagina_atual=1"
        );
        assert_eq!(
            personal(
                "> GET http://h/crm/rest/1/****/crm.contact.list?filter%5BPHONE%5D=16992640197&start=0"
            ),
            "> GET http://h/crm/rest/1/****/crm.contact.list?filter%5BPHONE%5D=****&start=0"
        );
        assert_eq!(
            personal(
                "> GET http://h/webhook/****?Primeiro%20Nome=Ana&Telefone=%2B5516992640197&Email=a%40b.co&Unidade=SP"
            ),
            "> GET http://h/webhook/****?Primeiro%20Nome=****&Telefone=+5516*********&Email=****@b.co&Unidade=SP"
        );
        assert_eq!(
            personal(
                "o cliente maria.silva@example.com (16) 99264-0197, +55 16 99264-0197 e 16992640198 já existe; CPF 123.456.789-09"
            ),
            "o cliente ****@example.com (16) *****-****, +55 16 *****-**** e 16********* já existe; CPF ***.***.***-**"
        );
        // Dates, times, sizes, IDs and ports are no phone.
        for plain in [
            "< 200 7 ms 55 bytes",
            "2024-03-05 10:00:00",
            "http://127.0.0.1:38533/rest/v1/x?id=5001",
            "record 123456789",
        ] {
            assert_eq!(personal(plain), plain);
        }
        // A field's name is never masked, only the value written to it.
        assert_eq!(
            personal("clinic crm deal update --set UF_CRM_1669405845=16992640197 -- 7"),
            "clinic crm deal update --set UF_CRM_1669405845=16********* -- 7"
        );
        assert_eq!(
            personal("unknown field UF_CRM_1669405845"),
            "unknown field UF_CRM_1669405845"
        );
        assert_eq!(personal_param("--birth-date"), Some(Personal::Whole));
        assert_eq!(
            personal_param("FIELDS[PHONE][0][VALUE]"),
            Some(Personal::Whole)
        );
        assert_eq!(personal_param("pagina_atual"), None);
    }

    #[test]
    fn personal_fields_are_known_in_every_spelling_and_ids_are_not() {
        for (name, kind) in [
            ("dataNascimento", Personal::Whole),
            ("dt_nasc", Personal::Whole),
            ("DtNasc", Personal::Whole),
            ("aniversario", Personal::Whole),
            ("aniversário", Personal::Whole),
            ("birthDate", Personal::Whole),
            ("DOB", Personal::Whole),
            ("cpfCliente", Personal::Whole),
            ("CPFCliente", Personal::Whole),
            ("rg", Personal::Whole),
            ("celular_whats", Personal::Phone),
            ("telefone2", Personal::Phone),
            ("foneResidencial", Personal::Phone),
            ("cel", Personal::Phone),
            ("WhatsApp", Personal::Phone),
            ("e_mail", Personal::Email),
            ("E-mail", Personal::Email),
            ("emailPrincipal", Personal::Email),
            ("paciente.telefone", Personal::Phone),
            ("PHONE", Personal::Phone),
        ] {
            assert_eq!(personal_field(name), Some(kind), "{name}");
        }
        for name in [
            "id_cliente",
            "cliente",
            "nome",
            "observacao",
            "HAS_PHONE",
            "HAS_EMAIL",
            "tipo_telefone",
            "id_telefone",
            "email_enviado",
            "hotel",
            "celula",
            "canal",
            "data_agendamento",
            "UF_CRM_1669405845",
            "set",
        ] {
            assert_eq!(personal_field(name), None, "{name}");
        }
    }

    #[test]
    fn personal_values_are_known_by_their_shape_and_ids_and_money_are_not() {
        assert_eq!(
            personal("ligar 16 9 9000 1111, (16)3333-4444 ou 99000-1111; 5516990001111"),
            "ligar 16 * **** ****, (16)****-**** ou *****-****; 5516*********"
        );
        assert_eq!(
            personal("CPF 529.982.247-25 e 52998224725, não 12345678901"),
            "CPF ***.***.***-** e ***********, não 12345678901"
        );
        assert_eq!(
            personal("escreva para fulano(at)gmail.com ou ana [at] clinica [dot] com [dot] br"),
            "escreva para ****(at)gmail.com ou **** [at] clinica [dot] com [dot] br"
        );
        assert_eq!(personal("bia at gmail.com"), "**** at gmail.com");
        for plain in [
            "arrived at home.Then",
            "id 1669405845, 1700000000, 12345678901",
            "R$ 1.234.567,89 1234567.89",
            "2024-03-05 10:00:00",
            "between 2020-2024",
        ] {
            assert_eq!(personal(plain), plain);
        }
        assert_eq!(personal_value("16 9 9000 1111"), Some(Personal::Phone));
        assert_eq!(personal_value("52998224725"), Some(Personal::Whole));
        assert_eq!(personal_value("fulano(at)gmail.com"), Some(Personal::Email));
        assert_eq!(personal_value("12345678901"), None);
        assert_eq!(personal_value("ligar 16 9 9000 1111"), None);
    }

    #[test]
    fn a_birth_date_is_masked_in_free_text_and_recent_dates_stay() {
        assert_eq!(
            personal_text("nasceu em 03/02/1985, cadastro 1985-02-03 10:00:00; retorno 10/05/2024"),
            "nasceu em ****, cadastro 1985-02-03 10:00:00; retorno 10/05/2024"
        );
        assert_eq!(personal_text("DN: 1985-02-03."), "DN: ****.");
        assert!(date_value("03/02/1985") && date_value("2024-05-01"));
        assert!(!date_value("2024-05-01 10:00") && !date_value("31/02/1985"));
        assert!(names_an_event("data_agendamento") && names_an_event("data"));
        assert!(names_an_event("criado_em") && !names_an_event("dn"));
    }

    #[test]
    fn an_engine_message_keeps_what_the_query_names_and_masks_what_it_quotes_of_the_data() {
        let query = "SELECT json_extract('{}', recado) FROM contacts WHERE \"x\" = 1";
        assert_eq!(
            engine_message("JSON path error near '03/02/1985'", query),
            "JSON path error near '****'"
        );
        assert_eq!(
            engine_message(
                "invalid input syntax for type date: \"ana@example.com\"",
                query
            ),
            "invalid input syntax for type date: \"****\""
        );
        assert_eq!(
            engine_message("column \"x\" does not exist near '{}'", query),
            "column \"x\" does not exist near '{}'"
        );
    }

    #[test]
    fn a_password_in_an_address_is_masked_and_the_user_kept() {
        assert_eq!(
            url_password("http://ana:s3nh4%40x@proxy.local:3128"),
            "http://ana:****@proxy.local:3128/"
        );
        assert_eq!(
            url_password("http://proxy.local:3128"),
            "http://proxy.local:3128"
        );
        assert_eq!(url_password("none"), "none");
    }

    #[test]
    fn secret_query_values_and_user_info_are_masked() {
        assert_eq!(
            url("https://u:p@h.example/rest/v1/x?a=1&token=abc&Senha=x%20y&b=%20"),
            "https://h.example/rest/v1/x?a=1&token=****&Senha=****&b=%20"
        );
        let plain = "http://127.0.0.1:1/automation/webhook/****?Primeiro%20Nome=Ana&Telefone=%2B55";
        assert_eq!(url(plain), plain);
        assert_eq!(url("not a url"), "not a url");
    }

    #[test]
    fn secret_segments_follow_the_request_to_its_redirects() {
        let real = url::Url::parse("http://h/crm/rest/1/rest/crm.contact.list?x=1").unwrap();
        let secrets = masked_segments(&real, "http://h/crm/rest/1/****/crm.contact.list?x=1");
        assert_eq!(secrets, ["rest"]);
        let target = url::Url::parse("http://h/other/rest/1/rest/crm.contact.list").unwrap();
        assert_eq!(
            url_with(&target, &secrets),
            "http://h/other/****/1/****/crm.contact.list"
        );
    }

    #[test]
    fn short_or_plain_values_are_never_searched_for() {
        let mut r = Redactor::default();
        for word in [
            "admin",
            "rest",
            "v1",
            "dados",
            "unidade1",
            "aaaaaaaaaaaaaaaaaaaa",
        ] {
            assert!(!r.add_value(&Secret::new(word)), "{word}");
        }
        let text = "Logged in as admin (admin_master) at http://h/rest/v1 dados";
        assert_eq!(r.apply(text), text);
        let token = "eyJhbGciOiJIUzI1NiJ9.c2FuZGJveA.x9Qk";
        assert!(r.add_value(&Secret::new(token)));
        assert_eq!(
            r.apply(&format!("token {token} rejected")),
            "token **** rejected"
        );
    }

    #[test]
    fn a_secret_address_is_masked_whole_in_any_spelling() {
        let mut r = Redactor::default();
        r.add_address(
            "http://127.0.0.1:9/crm/rest/1/rest/",
            "http://127.0.0.1:9/crm/rest/1/****/",
        );
        assert_eq!(
            r.apply("GET http://127.0.0.1:9/crm/rest/1/rest/crm.contact.list failed; see /crm/rest/1/rest"),
            "GET http://127.0.0.1:9/crm/rest/1/****/crm.contact.list failed; see /crm/rest/1/****"
        );
        // Unrelated text that merely holds the secret word stays as it is.
        let text = "http://127.0.0.1:9/rest/v1/listaCanal /crm/rest/1/restaurant";
        assert_eq!(r.apply(text), text);
        let mut r = Redactor::default();
        r.add_address(
            "https://hooks.example/hooks/v1/",
            "https://hooks.example/****/****/",
        );
        assert_eq!(
            r.apply("moved to https://hooks.example/hooks/v1/x"),
            "moved to https://hooks.example/****/****/x"
        );
        assert_eq!(r.apply("/rest/v1/x"), "/rest/v1/x");
    }

    proptest! {
        /// Whatever short password or word is registered, text is never changed by it.
        #[test]
        fn short_secrets_never_change_text(secret in "[a-z0-9]{4,15}", text in ".{0,80}") {
            let mut r = Redactor::default();
            r.add_value(&Secret::new(secret.clone()));
            let with = format!("{text} {secret} admin_master /rest/v1");
            prop_assert_eq!(r.apply(&with), with);
        }

        /// Long varied secrets never survive in text that echoes them.
        #[test]
        fn long_secrets_are_scrubbed(secret in "[A-Za-z0-9]{16,64}", before in "[ -~]{0,40}", after in "[ -~]{0,40}") {
            let mut r = Redactor::default();
            if r.add_value(&Secret::new(secret.clone())) {
                let out = r.apply(&format!("{before}{secret}{after}"));
                prop_assert!(!out.contains(&secret));
            }
        }
    }
}
