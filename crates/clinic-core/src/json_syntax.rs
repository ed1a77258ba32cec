//! Where a JSON value ends, checked against JSON's grammar in the same pass. The readers that split a
//! page into records keep each record as the text the service sent; that text must be JSON before a
//! record may stand for it (an NDJSON export copies it out as it is). The check accepts exactly what
//! serde_json accepts when it keeps a value as text (`RawValue`): RFC 8259 values, strings without
//! raw control characters and with only JSON's escapes (`\u` with four hex digits, not checked for
//! pairing), numbers by JSON's grammar (no leading zeros, no lone `-`, `.` or exponent), and nesting
//! as deep as the text goes. The text is valid UTF-8 already (it is a `str`).
//!
//! It is a check, not a parser: nothing is built, and a string is crossed eight bytes at a time, so a
//! page costs one pass over its bytes however many records it holds.

/// JSON's whitespace.
#[inline]
pub fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// The index just past the JSON value that starts at `at` (no whitespace before it), or `None` when
/// the text there is not a JSON value.
pub fn value_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    let mut open = Open::default();
    // Whether the innermost open container is an object (meaningless while none is open).
    let mut in_object = false;
    loop {
        // A value is expected at `at`.
        match *bytes.get(at)? {
            b'"' => at = string_end(bytes, at)?,
            b'{' => {
                at = skip_space(bytes, at + 1);
                if bytes.get(at) == Some(&b'}') {
                    at += 1;
                } else {
                    open.push(in_object);
                    in_object = true;
                    at = member_start(bytes, at)?;
                    continue;
                }
            }
            b'[' => {
                at = skip_space(bytes, at + 1);
                if bytes.get(at) == Some(&b']') {
                    at += 1;
                } else {
                    open.push(in_object);
                    in_object = false;
                    continue;
                }
            }
            b'-' | b'0'..=b'9' => at = number_end(bytes, at)?,
            b't' => at = word_end(bytes, at, b"true")?,
            b'f' => at = word_end(bytes, at, b"false")?,
            b'n' => at = word_end(bytes, at, b"null")?,
            _ => return None,
        }
        // A value ended: what its container allows next.
        loop {
            if open.depth == 0 {
                return Some(at);
            }
            at = skip_space(bytes, at);
            match (*bytes.get(at)?, in_object) {
                (b',', true) => {
                    at = member_start(bytes, skip_space(bytes, at + 1))?;
                    break;
                }
                (b',', false) => {
                    at = skip_space(bytes, at + 1);
                    break;
                }
                (b'}', true) | (b']', false) => {
                    in_object = open.pop();
                    at += 1;
                }
                _ => return None,
            }
        }
    }
}

/// [`value_end`], noting the value's layout onto `layout` as the check crosses it: its length, how
/// many top-level members it has (none when it is not an object), then where each member's key
/// (its opening quote) starts, counted from `at`. A reader that wants a record's top-level fields
/// then goes from key to key without crossing their values again. A value longer than an offset
/// can say (4 GiB) is checked all the same and noted with a length no text of its own has, so no
/// reader takes its layout for it. Nothing is noted when the text there is not a JSON value.
pub fn value_end_noting(bytes: &[u8], at: usize, layout: &mut Vec<u32>) -> Option<usize> {
    let mark = layout.len();
    layout.extend([0, 0]);
    let end = match bytes.get(at) {
        Some(b'{') => members_end(bytes, at, layout),
        _ => value_end(bytes, at),
    };
    let Some(end) = end else {
        layout.truncate(mark);
        return None;
    };
    let count = layout.len() - mark - 2;
    match (u32::try_from(end - at), u32::try_from(count)) {
        (Ok(len), Ok(count)) => {
            layout[mark] = len;
            layout[mark + 1] = count;
        }
        _ => {
            layout.truncate(mark);
            layout.extend([u32::MAX, 0]);
        }
    }
    Some(end)
}

/// The index just past the object whose `{` is at `at`, each member's key offset from `at` pushed
/// onto `layout` (saturated past 4 GiB, where the caller notes no layout).
fn members_end(bytes: &[u8], at: usize, layout: &mut Vec<u32>) -> Option<usize> {
    let mut i = skip_space(bytes, at + 1);
    if bytes.get(i) == Some(&b'}') {
        return Some(i + 1);
    }
    loop {
        layout.push(u32::try_from(i - at).unwrap_or(u32::MAX));
        let v = member_start(bytes, i)?;
        // Most of a record's values are strings and numbers: crossed here, without the
        // containers' bookkeeping `value_end` sets up for each value it is handed.
        let end = match *bytes.get(v)? {
            b'"' => string_end(bytes, v)?,
            b'-' | b'0'..=b'9' => number_end(bytes, v)?,
            _ => value_end(bytes, v)?,
        };
        i = skip_space(bytes, end);
        match *bytes.get(i)? {
            b',' => i = skip_space(bytes, i + 1),
            b'}' => return Some(i + 1),
            _ => return None,
        }
    }
}

/// Past an object member's key and colon, at its value.
#[inline]
fn member_start(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let at = skip_space(bytes, string_end(bytes, at)?);
    if bytes.get(at) != Some(&b':') {
        return None;
    }
    Some(skip_space(bytes, at + 1))
}

/// The containers open around the value being read, each as whether the one around it is an
/// object (what the reader is back in when it closes). The first 128 levels are bits of one word
/// (no allocation for any record a service sends); deeper ones, which only a hostile answer has,
/// go on in a vector.
#[derive(Default)]
struct Open {
    depth: usize,
    bits: u128,
    deeper: Vec<bool>,
}

impl Open {
    #[inline]
    fn push(&mut self, outer_is_object: bool) {
        if self.depth < 128 {
            let bit = 1u128 << self.depth;
            self.bits = if outer_is_object {
                self.bits | bit
            } else {
                self.bits & !bit
            };
        } else {
            self.deeper.push(outer_is_object);
        }
        self.depth += 1;
    }

    /// Closes the innermost container; whether the one around it is an object.
    #[inline]
    fn pop(&mut self) -> bool {
        self.depth -= 1;
        if self.depth < 128 {
            self.bits >> self.depth & 1 == 1
        } else {
            self.deeper.pop().unwrap_or(false)
        }
    }
}

/// The index just past a literal.
fn word_end(bytes: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    let end = at + word.len();
    (bytes.get(at..end) == Some(word)).then_some(end)
}

/// The index just past a number: `-`, then `0` or digits not starting with `0`, then a fraction
/// and an exponent, each with at least one digit.
#[inline]
fn number_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    if bytes[at] == b'-' {
        at += 1;
    }
    match *bytes.get(at)? {
        b'0' => at += 1,
        b'1'..=b'9' => at = digits_end(bytes, at + 1),
        _ => return None,
    }
    // "01": serde_json refuses a digit after a leading zero rather than ending the number there.
    if bytes.get(at).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if bytes.get(at) == Some(&b'.') {
        let end = digits_end(bytes, at + 1);
        if end == at + 1 {
            return None;
        }
        at = end;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        if let Some(b'+' | b'-') = bytes.get(at) {
            at += 1;
        }
        let end = digits_end(bytes, at);
        if end == at {
            return None;
        }
        at = end;
    }
    Some(at)
}

fn digits_end(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` that are a quote, a backslash or a control character, as their high bits.
/// The lowest one is exact (the borrow of the subtraction only reaches bytes above a match), which
/// is the only one read. Bytes of 0x80 and above (UTF-8 beyond ASCII) never match.
#[inline(always)]
fn stops(word: u64) -> u64 {
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    zero(word ^ (ONES * u64::from(b'"')))
        | zero(word ^ (ONES * u64::from(b'\\')))
        | (word.wrapping_sub(ONES * 0x20) & !word & HIGHS)
}

/// The index of the first quote, backslash or control character at or after `i`, or of the last
/// few bytes (fewer than a block) where it could not look a block at a time.
#[inline]
pub(crate) fn next_stop(bytes: &[u8], mut i: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8,
            _mm_or_si128, _mm_set1_epi8,
        };
        // Sixteen bytes at a time with SSE2, which every x86-64 processor has: a string's bytes
        // are most of an answer's, and this is where they are crossed.
        while let Some(block) = bytes.get(i..i + 16) {
            // SAFETY: SSE2 is part of x86-64 itself (every target of this architecture enables
            // it), and `block` is 16 readable bytes, loaded without any alignment required.
            let found = unsafe {
                let x = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
                let quote = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8));
                let backslash = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8));
                // `x <= 0x1f` as unsigned bytes: the larger of the two is 0x1f.
                let low = _mm_set1_epi8(0x1f);
                let control = _mm_cmpeq_epi8(_mm_max_epu8(x, low), low);
                _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control))
            };
            if found != 0 {
                return i + found.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    // Eight bytes at a time elsewhere, and for what is left of a long string.
    while let Some(chunk) = bytes.get(i..i + 8) {
        let found = stops(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        if found != 0 {
            return i + found.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    i
}

/// The index just past the string whose opening quote is at `at`, its escapes checked.
#[inline]
pub fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    loop {
        i = next_stop(bytes, i);
        match *bytes.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => {
                i += 1;
                match *bytes.get(i)? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 1,
                    b'u' => {
                        let hex = bytes.get(i + 1..i + 5)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return None;
                        }
                        i += 5;
                    }
                    _ => return None,
                }
            }
            0x00..=0x1f => return None,
            // Fewer than eight bytes were left: one at a time.
            _ => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::value::RawValue;

    /// What serde_json makes of a whole text kept as a value.
    fn serde_accepts(text: &str) -> bool {
        serde_json::from_str::<Box<RawValue>>(text).is_ok()
    }

    fn accepts(text: &str) -> bool {
        let bytes = text.as_bytes();
        let at = skip_space(bytes, 0);
        let end = value_end(bytes, at);
        // The noting check accepts and refuses exactly the same, ends in the same place, and
        // notes where serde_json finds the top-level keys.
        let mut layout = vec![7];
        assert_eq!(value_end_noting(bytes, at, &mut layout), end, "{text:?}");
        match end {
            Some(end) => {
                assert_eq!(layout[1] as usize, end - at, "{text:?}");
                assert_eq!(layout[2..], key_offsets(&text[at..end])[..], "{text:?}");
            }
            None => assert_eq!(layout, [7], "{text:?}"),
        }
        end.is_some_and(|end| skip_space(bytes, end) == bytes.len())
    }

    /// How many top-level members serde_json finds in a value, then where each key starts: the
    /// first after the `{`, each next one after the comma that follows the value serde_json read
    /// before it (`[0]` for a value that is not an object).
    fn key_offsets(value: &str) -> Vec<u32> {
        struct Ends(Vec<usize>);
        struct V<'t>(&'t str);
        impl<'de> serde::de::Visitor<'de> for V<'de> {
            type Value = Ends;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Ends, A::Error> {
                let mut ends = Vec::new();
                while map.next_key::<serde::de::IgnoredAny>()?.is_some() {
                    let raw: &'de RawValue = map.next_value()?;
                    let at = raw.get().as_ptr() as usize - self.0.as_ptr() as usize;
                    ends.push(at + raw.get().len());
                }
                Ok(Ends(ends))
            }
        }
        if !value.starts_with('{') {
            return vec![0];
        }
        use serde::Deserializer as _;
        let mut de = serde_json::Deserializer::from_str(value);
        let ends = de
            .deserialize_map(V(value))
            .expect("an object serde_json accepts")
            .0;
        let bytes = value.as_bytes();
        let mut offsets = vec![ends.len() as u32];
        let mut at = skip_space(bytes, 1);
        for end in ends {
            offsets.push(at as u32);
            let comma = skip_space(bytes, end);
            at = skip_space(bytes, comma + 1);
        }
        offsets
    }

    #[test]
    fn agrees_with_serde_json_on_every_corner_of_the_grammar() {
        let cases = [
            "0",
            "-0",
            "01",
            "-",
            "-a",
            "1.",
            "1.5",
            ".5",
            "1e5",
            "1E+5",
            "1e-5",
            "1e",
            "1e+",
            "-01",
            "1.5e3",
            "12345678901234567890123",
            "1e400",
            "00",
            "0.0e0",
            "2.",
            "-.5",
            "true",
            "tru",
            "truee",
            "false",
            "null",
            "nul",
            "nulll",
            "\"\"",
            "\"a\"",
            "\"a",
            "\"\\\"\"",
            "\"\\/\"",
            "\"\\x\"",
            "\"\\u00e9\"",
            "\"\\u00g9\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\u{1}\"",
            "\"\t\"",
            "\"é ção\"",
            "\"\u{7f}\"",
            "[]",
            "[ ]",
            "[1,]",
            "[,1]",
            "[1 2]",
            "[1,2]",
            "[[[]]]",
            "[[[]]",
            "{}",
            "{ }",
            "{\"a\":1}",
            "{\"a\" : 1 }",
            "{\"a\":1,}",
            "{\"a\"}",
            "{\"a\":}",
            "{1:1}",
            "{\"a\":1 \"b\":2}",
            "{\"a\":[{}]}",
            "{\"a\":{\"b\":[1,{\"c\":null}]}}",
            "[1]]",
            "{}}",
            " [1] ",
            "\n{\"a\":true}\r\n",
            "[1]x",
            "",
            " ",
            "[\"abcdefghij\\\"klmnopq\",\"0123456789abcdef\"]",
            "\"abcdefgh\u{1}ijk\"",
            "\"abcdefghijklmnop\\",
            "\"abcdefghijklmnop\\u00",
            "[-]",
            "[+1]",
            "[1e5.5]",
            "[0x10]",
            "[Infinity]",
            "[NaN]",
            "{\"a\":1}{}",
        ];
        for text in cases {
            assert_eq!(accepts(text), serde_accepts(text), "{text:?}");
        }
    }

    #[test]
    fn nesting_has_no_limit_of_its_own_but_must_close() {
        for depth in [1, 127, 128, 129, 200, 5000] {
            let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            assert!(accepts(&deep), "{depth}");
            let mixed = format!("{}1{}", "{\"a\":[".repeat(depth), "]}".repeat(depth));
            assert!(accepts(&mixed), "{depth}");
            let open = format!("{}{}", "[".repeat(depth), "]".repeat(depth - 1));
            assert!(!accepts(&open), "{depth}");
            let crossed = format!("{}}}", "[".repeat(depth));
            assert!(!accepts(&crossed), "{depth}");
        }
    }

    /// Pieces that make texts near JSON: valid ones, and their slips.
    fn token() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "\n",
            "\"",
            "\"k\"",
            "\"a\\\"b\"",
            "\\",
            "\\u",
            "\\u00e9",
            "\\uZZ",
            "0",
            "-",
            "1",
            "9",
            ".",
            "e",
            "E",
            "+",
            "12.5",
            "-0.0e-7",
            "00",
            "true",
            "false",
            "null",
            "nul",
            "\u{1}",
            "\t",
            "é",
            "x",
            "\"abcdefghijklmnopqrs\"",
        ])
    }

    proptest! {
        #[test]
        fn agrees_with_serde_json_on_texts_near_json(tokens in prop::collection::vec(token(), 0..40)) {
            let text: String = tokens.concat();
            prop_assert_eq!(accepts(&text), serde_accepts(&text), "{:?}", text);
        }

        #[test]
        fn agrees_with_serde_json_on_json_with_one_byte_changed(
            value in any::<u32>(), at in any::<prop::sample::Index>(), byte in any::<u8>()
        ) {
            let json = serde_json::json!({
                "id": value, "nome": format!("n\"{value}\\é"), "valor": f64::from(value) / 7.0,
                "itens": [{"a": [1, -2, 3.5e-3]}, null, true, false, "", {}], "vazio": []
            });
            let mut bytes = json.to_string().into_bytes();
            let i = at.index(bytes.len());
            bytes[i] = byte & 0x7f;
            // A byte changed inside "é" leaves no text: the check reads text only.
            let text = String::from_utf8(bytes);
            prop_assume!(text.is_ok());
            let text = text.unwrap();
            prop_assert_eq!(accepts(&text), serde_accepts(&text), "{:?}", text);
        }
    }
}
