//! Arguments many tests give a command: a contact's required fields, the lists most walks read, the
//! login into the file store.

/// `clinic login` as the clinic user, the password read from standard input, the token kept in the
/// 0600 file store.
pub const LOGIN_TO_FILE: &[&str] = &[
    "login",
    "--login",
    "unidade1",
    "--password-stdin",
    "--insecure-storage",
];

/// The channel, campaign and clinic a test's new contact is filed under: ID 1 of each.
#[allow(dead_code)]
pub const FILED_UNDER_ONE: &[&str] = &["--channel", "1", "--campaign", "1", "--clinic", "1"];

/// `clinic contact create` that creates the contact even where one has its phone already.
#[allow(dead_code)]
pub const CREATE_ANYWAY: &[&str] = &["contact", "create", "--if-exists", "create"];

/// `clinic contact create` with every field the service requires.
#[allow(dead_code)]
pub const CONTACT_CREATE: &[&str] = &[
    "contact",
    "create",
    "--name",
    "Ana Souza",
    "--phone",
    "(16) 99264-0197",
    "--birth-date",
    "1990-04-23",
    "--channel",
    "1",
    "--campaign",
    "1",
    "--clinic",
    "1",
];

/// `clinic contact create` for Ana up to her birth date (1990-01-01), for tests that vary the rest.
#[allow(dead_code)]
pub const ANA: &[&str] = &[
    "contact",
    "create",
    "--name",
    "Ana",
    "--phone",
    "16992640197",
    "--birth-date",
    "1990-01-01",
];

/// `clinic ref channels` as JSON: a short list, one page, the smallest read a test can ask for.
#[allow(dead_code)]
pub const CHANNELS_JSON: &[&str] = &["ref", "channels", "--format", "json"];

/// `clinic report ficha-financeira`, the Ficha Financeira: the list most tests walk.
#[allow(dead_code)]
pub const FICHA: &[&str] = &["report", "ficha-financeira"];

/// The whole Ficha Financeira, every page.
#[allow(dead_code)]
pub const FICHA_ALL: &[&str] = &["report", "ficha-financeira", "--all"];

/// Every clinic the login sees.
#[allow(dead_code)]
pub const EVERY_CLINIC: &[&str] = &["--clinic", "all"];

/// `clinic report appointments`.
#[allow(dead_code)]
pub const APPOINTMENTS: &[&str] = &["report", "appointments"];
