//! Generated people and notes.

use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::reference::{AREA_CODES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, NOTES};
use super::rng::{Kind, push_padded, record_rng};
use super::search::fold;

/// The parts of a contact that other records (quotes, appointments) show too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub name: String,
    /// `(DD) 9DDDD-DDDD`, the format `cadastraCliente` takes.
    pub phone: String,
    pub phone2: Option<String>,
    pub email: Option<String>,
}

fn choose<'a>(rng: &mut ChaCha8Rng, items: &'a [&'a str]) -> &'a str {
    items.choose(rng).copied().unwrap_or_default()
}

/// The seeded identity of contact `id`.
pub fn identity(seed: u64, id: u32) -> Identity {
    drawn(seed, id, true)
}

/// The seeded name and mobile phone of contact `id`: what quotes show of their client. The same
/// draws as `identity`, which draws the e-mail last, so stopping before it changes nothing else.
pub fn name_and_phone(seed: u64, id: u32) -> (String, String) {
    let person = drawn(seed, id, false);
    (person.name, person.phone)
}

fn drawn(seed: u64, id: u32, with_email: bool) -> Identity {
    let mut rng = record_rng(seed, Kind::Contact, u64::from(id), 0);
    let first_index = rng.random_range(0..FIRST_NAMES.len());
    let first = FIRST_NAMES[first_index];
    let last_index = rng.random_range(0..LAST_NAMES.len());
    let last = LAST_NAMES[last_index];
    let mut name = first.to_owned();
    if rng.random_ratio(1, 5) {
        name.push(' ');
        name.push_str(FIRST_NAMES[other_index(&mut rng, first_index, FIRST_NAMES.len())]);
    }
    if rng.random_ratio(1, 30) {
        // Nicknames in quotes happen in real registrations.
        name.push_str(" \"");
        name.push_str(choose(&mut rng, &["Cida", "Tita", "Zé", "Nando"]));
        name.push('"');
    }
    name.push(' ');
    name.push_str(last);
    if rng.random_ratio(1, 2) {
        name.push(' ');
        name.push_str(LAST_NAMES[other_index(&mut rng, last_index, LAST_NAMES.len())]);
    }
    let phone = mobile(&mut rng);
    let phone2 = rng.random_ratio(3, 10).then(|| landline(&mut rng));
    if !with_email {
        return Identity {
            name,
            phone,
            phone2,
            email: None,
        };
    }
    let email = (!rng.random_ratio(3, 20)).then(|| {
        let user: String = format!("{}.{}", fold(first), fold(last))
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
            .collect();
        let number: u32 = rng.random_range(1..1000);
        format!("{user}{number}@{}", choose(&mut rng, &EMAIL_DOMAINS))
    });
    Identity {
        name,
        phone,
        phone2,
        email,
    }
}

/// An index of `0..len` other than `taken`, so no name repeats within one person.
fn other_index(rng: &mut ChaCha8Rng, taken: usize, len: usize) -> usize {
    (taken + rng.random_range(1..len)) % len
}

fn area(rng: &mut ChaCha8Rng) -> u8 {
    AREA_CODES.choose(rng).copied().unwrap_or(11)
}

fn mobile(rng: &mut ChaCha8Rng) -> String {
    let area = area(rng);
    let high: u32 = rng.random_range(0..10_000);
    let low: u32 = rng.random_range(0..10_000);
    phone(area, "9", high, low)
}

fn landline(rng: &mut ChaCha8Rng) -> String {
    let area = area(rng);
    let high: u32 = rng.random_range(2000..6000);
    let low: u32 = rng.random_range(0..10_000);
    phone(area, "", high, low)
}

/// `(DD) {lead}DDDD-DDDD`, written without `format!`: every quote of a page shows one.
fn phone(area: u8, lead: &str, high: u32, low: u32) -> String {
    let mut out = String::with_capacity(16);
    out.push('(');
    push_padded(&mut out, u64::from(area), 2);
    out.push_str(") ");
    out.push_str(lead);
    push_padded(&mut out, u64::from(high), 4);
    out.push('-');
    push_padded(&mut out, u64::from(low), 4);
    out
}

/// Digits only: the `DDDXXXXXXXXX` form the list filters take.
pub fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// One or two note pieces, joined by a space or a line break.
pub fn note(rng: &mut ChaCha8Rng) -> String {
    let first_index = rng.random_range(0..NOTES.len());
    let first = NOTES[first_index];
    if rng.random_ratio(1, 3) {
        let second = NOTES[other_index(rng, first_index, NOTES.len())];
        let joint = if rng.random_bool(0.5) { "\n" } else { " " };
        format!("{first}{joint}{second}")
    } else {
        first.to_owned()
    }
}

/// A note or nothing.
pub fn maybe_note(rng: &mut ChaCha8Rng, chance_percent: u32) -> Option<String> {
    rng.random_ratio(chance_percent, 100).then(|| note(rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_are_deterministic_and_well_formed() {
        for id in 1..200 {
            let person = identity(7, id);
            assert_eq!(person, identity(7, id));
            assert_eq!(digits(&person.phone).len(), 11);
            let bytes = person.phone.as_bytes();
            assert_eq!(
                (bytes[0], bytes[3], bytes[4], bytes[10]),
                (b'(', b')', b' ', b'-')
            );
        }
        assert_ne!(identity(7, 1), identity(8, 1));
    }

    #[test]
    fn name_and_phone_are_those_of_the_whole_identity() {
        for id in 1..2000 {
            let person = identity(7, id);
            assert_eq!(name_and_phone(7, id), (person.name, person.phone));
        }
    }

    #[test]
    fn phones_are_written_as_their_format() {
        assert_eq!(phone(11, "9", 42, 7), "(11) 90042-0007");
        assert_eq!(phone(5, "", 2000, 9999), "(05) 2000-9999");
    }
}
