//! Personal data in what a tool returns, masked as `-v` traces mask it unless the person chose to
//! share it: phones, e-mails, birth dates and CPFs, by field name and wherever they appear in text.

use serde_json::Value;

use crate::redact;

/// `value` with personal data masked, in every nested field.
pub fn records(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                match (redact::personal_field(name), &*field) {
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

    /// A write's arguments keep the name of the field they write: only its value is masked.
    #[test]
    fn field_names_are_never_masked() {
        let mut preview = json!({
            "command": "clinic crm deal update --set UF_CRM_1669405845=16992640197 -- 7",
            "arguments": {"set": ["UF_CRM_1669405845=16992640197"], "UF_CRM_1669405845": "x"},
        });
        records(&mut preview);
        assert_eq!(
            preview,
            json!({
                "command": "clinic crm deal update --set UF_CRM_1669405845=16********* -- 7",
                "arguments": {"set": ["UF_CRM_1669405845=16*********"], "UF_CRM_1669405845": "x"},
            })
        );
    }
}
