//! Arbitrary bytes as a server's answer: the tolerant readers (records, token, message, new ID), the
//! record readers and cell writers of every tabular format, the money reader, the input normalisers
//! and the terminal sanitiser must never panic, whatever arrives.

#![no_main]

use clinic::api::envelope;
use clinic::input;
use clinic::output::{Format, Output, OutputSpec, Shape};
use clinic::text::sanitize;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = clinic::text::answer::message(data);
    let _ = envelope::token(data);
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        let _ = envelope::created_id(&value);
        let _ = envelope::page(value);
    }
    if let Ok(record) = serde_json::from_slice::<Box<serde_json::value::RawValue>>(data) {
        // The record readers and the cell writers: written, or refused as a bad record.
        let _ = clinic::record::value_of(&record);
        for format in [Format::Csv, Format::Tsv, Format::Xlsx, Format::Table] {
            let spec = OutputSpec {
                format,
                columns: None,
                excel: true,
                path: None,
                width: None,
                terminal: false,
            };
            if let Ok(mut output) = Output::open(&spec, Shape::List, Box::new(std::io::sink())) {
                let _ = output.write_raw(&record).and_then(|()| output.finish().map(drop));
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = clinic::money::parse(text, None);
        let _ = input::Phone::parse("phone", text);
        let _ = input::date("date", text);
        let _ = input::email("email", text);
        let _ = input::id("id", text);
        let _ = input::key_value("pair", text);
        let line = sanitize::one_line(text);
        assert!(!line.contains(|c: char| c.is_control()));
    }
});
