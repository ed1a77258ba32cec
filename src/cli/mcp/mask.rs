//! Personal data in what a tool returns, masked as `-v` traces mask it unless the person chose to
//! share it: phones, e-mails, birth dates and CPFs, by field name and wherever they appear in text.

use serde_json::Value;

use crate::redact::{self, Personal};

/// `value` with personal data masked, in every nested field.
pub fn records(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                match (field_kind(name), &*field) {
                    (Some(kind), Value::String(text)) if !text.is_empty() => {
                        *field = Value::String(redact::mask_personal(text, kind));
                    }
                    (Some(kind), Value::Number(n)) => {
                        *field = Value::String(redact::mask_personal(&n.to_string(), kind));
                    }
                    _ => records(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(records),
        Value::String(text) => *text = redact::personal(text),
        _ => {}
    }
}

/// How a field is masked. Names stay: a person's name is how the model answers "who"; the values
/// that reach or identify a person (phone, e-mail, birth date, CPF) do not.
fn field_kind(name: &str) -> Option<Personal> {
    let lower = name.to_lowercase();
    match redact::personal_param(name) {
        Some(Personal::Whole)
            if !(lower.contains("nasc") || lower.contains("birth") || lower.contains("cpf")) =>
        {
            None
        }
        kind => kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn phones_emails_birth_dates_and_cpfs_are_masked_names_stay() {
        let mut record = json!({
            "nome": "Ana Souza",
            "telefone": "16992640197",
            "email": "ana@example.com",
            "data_nascimento": "1990-04-01",
            "cpf": "12345678909",
            "obs": "ligar em (16) 99264-0197",
            "itens": [{"email": "b@example.org"}],
        });
        records(&mut record);
        assert_eq!(
            record,
            json!({
                "nome": "Ana Souza",
                "telefone": "16*********",
                "email": "****@example.com",
                "data_nascimento": "****",
                "cpf": "****",
                "obs": "ligar em (16) *****-****",
                "itens": [{"email": "****@example.org"}],
            })
        );
    }
}
