//! Arbitrary bytes as a server's answer: the tolerant readers (records, token, message, new ID), the
//! input normalisers and the terminal sanitiser must never panic, whatever arrives.

#![no_main]

use clinic::api::envelope;
use clinic::input;
use clinic::text::sanitize;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = clinic::text::answer::message(data);
    let _ = envelope::token(data);
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        let _ = envelope::created_id(&value);
        let _ = envelope::page(value);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = input::Phone::parse("phone", text);
        let _ = input::date("date", text);
        let _ = input::email("email", text);
        let _ = input::id("id", text);
        let _ = input::key_value("pair", text);
        let line = sanitize::one_line(text);
        assert!(!line.contains(|c: char| c.is_control()));
    }
});
