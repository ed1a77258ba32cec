//! Personal data in what a tool returns, masked as `-v` traces mask it unless the person chose to
//! share it: phones, e-mails, birth dates and CPFs, by field name and wherever they appear in text.

use serde_json::Value;

use crate::redact;

/// `value` with personal data masked, in every nested field: by the field's name, and by the value
/// itself whatever its field is called (a phone, a CPF, an e-mail in any spelling; in a record about
/// a person, a date that says nothing of what it dates).
pub fn records(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            // A record about a person: one field at least is personal, by its name or its value.
            let about_a_person = fields.iter().any(|(name, field)| {
                redact::personal_field(name).is_some()
                    || field
                        .as_str()
                        .is_some_and(|s| redact::personal_value(s).is_some())
            });
            for (name, field) in fields.iter_mut() {
                match (redact::personal_field(name), &*field) {
                    (Some(kind), Value::String(text)) if !text.is_empty() => {
                        *field = Value::String(redact::mask_personal(text, kind));
                    }
                    (Some(kind), Value::Number(n)) => {
                        *field = Value::String(redact::mask_personal(&n.to_string(), kind));
                    }
                    // A field that is a date and nothing else is a birth date only in a record
                    // about a person, and only when its name says nothing of what it dates.
                    (None, Value::String(text)) if redact::date_value(text) => {
                        if about_a_person && !redact::names_an_event(name) {
                            *field = Value::String(redact::MASK.to_string());
                        }
                    }
                    (None, Value::Number(n)) if n.is_u64() && !redact::names_an_id(name) => {
                        let digits = n.to_string();
                        if let Some(kind) = redact::personal_value(&digits) {
                            *field = Value::String(redact::mask_personal(&digits, kind));
                        }
                    }
                    _ => records(field),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(records),
        Value::String(text) => *text = redact::personal_text(text),
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

    /// A deployment's own spellings, and values whose field name says nothing: masked by their
    /// shape; IDs, money and the dates of events stay.
    #[test]
    fn personal_values_are_masked_whatever_their_field_is_called() {
        let mut record = json!({
            "id": 16992640197u64,
            "dataNascimento": "1985-02-03",
            "cpfCliente": "529.982.247-25",
            "contato": "16 9 9000 1111",
            "doc": 52998224725u64,
            "recado": "fulano(at)gmail.com",
            "dn": "03/02/1985",
            "criado_em": "1999-01-01",
            "valor": 1234567.89,
        });
        records(&mut record);
        assert_eq!(
            record,
            json!({
                "id": 16992640197u64,
                "dataNascimento": "****",
                "cpfCliente": "****",
                "contato": "16 * **** ****",
                "doc": "****",
                "recado": "****(at)gmail.com",
                "dn": "****",
                "criado_em": "1999-01-01",
                "valor": 1234567.89,
            })
        );
        // A record about no one keeps its dates.
        let mut quote = json!({"id": 1, "data": "2001-05-01", "validade_dt": "2001-06-01"});
        let before = quote.clone();
        records(&mut quote);
        assert_eq!(quote, before);
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
