//! Deterministic CRM contents: the same seed always yields the same contacts and deals.

use std::collections::HashSet;

use chrono::{Duration, NaiveDate, NaiveDateTime};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::fields::{
    Entity, LEAD_INTEREST_FIELD, RETURN_DATE_FIELD, RETURN_NOTE_FIELD, RETURN_NOTE_TOO_FIELD,
    RETURN_PROCEDURE_FIELD, TREATMENT_PROCEDURE_FIELD, TREATMENT_SESSION_FIELD,
    TREATMENT_VALUE_FIELD,
};
use super::reference::{DEAL_STAGES, DealStage, UNITS};
use super::store::{NewContact, NewDeal, Record, Store, Utm};
use super::values::fold_ascii;
use super::values::{format_date, format_datetime};

/// Contacts (each with one deal) a fresh CRM holds.
pub const SEEDED_CONTACTS: usize = 600;

/// Keeps the CRM's random stream apart from other users of the same seed.
const STREAM: u64 = 0x0C12_B17C_0000_0001;

const FIRST_NAMES: &[&str] = &[
    "João",
    "Maria",
    "José",
    "Ana",
    "Antônio",
    "Francisca",
    "Luís",
    "Adriana",
    "Márcia",
    "Conceição",
    "Gonçalo",
    "Inês",
    "Lúcia",
    "Sebastião",
    "Fábio",
    "Aline",
    "Mônica",
    "Thaís",
    "Íris",
    "Caio",
    "Beatriz",
    "Letícia",
    "Otávio",
    "Cecília",
    "Vitória",
    "Débora",
    "Márcio",
    "Patrícia",
    "Rogério",
    "Simone",
    "Maria \"Duda\"",
    "Ana Cláudia",
    "Zé",
    "Noêmia",
];

const LAST_NAMES: &[&str] = &[
    "Silva",
    "Santos",
    "Oliveira",
    "Souza",
    "Rodrigues",
    "Ferreira",
    "Alves",
    "Pereira",
    "Lima",
    "Gomes",
    "Costa",
    "Ribeiro",
    "Martins",
    "Carvalho",
    "Araújo",
    "Gonçalves",
    "Simões",
    "Magalhães",
    "D'Ávila",
    "Souza, Jr.",
    "Brandão",
    "Müller",
    "Assunção",
    "Conceição",
    "O'Neil",
    "Guimarães",
    "Nóbrega",
];

const SECOND_NAMES: &[&str] = &[
    "de Jesus",
    "da Conceição",
    "dos Santos",
    "Aparecida",
    "\"Tuca\"",
];

const COMMENTS: &[&str] = &[
    "Prefere contato à tarde.",
    "Veio por indicação da irmã, \"muito animada\".",
    "=SOMA(A1:A3)",
    "+55 ligar só por WhatsApp",
    "-- sem interesse no momento",
    "@recepção: confirmar endereço",
    "Alergia a lactose.\nPerguntou sobre parcelamento, 3x.",
    "Mora em Campinas, mas trabalha em São Paulo; prefere Perdizes.",
];

const AREA_CODES: &[&str] = &[
    "11", "16", "17", "19", "21", "31", "34", "41", "48", "61", "62", "71", "81", "85",
];

const EMAIL_DOMAINS: &[&str] = &[
    "gmail.com",
    "hotmail.com",
    "outlook.com",
    "yahoo.com.br",
    "uol.com.br",
    "exemplo.com.br",
];

/// `(SOURCE_ID, UTM Source)`: the automation's three sources, plus leads typed in by hand.
const SOURCES: &[(&str, &str)] = &[
    ("UC_WHATSAPP", "WhatsApp"),
    ("UC_FACEBOOK", "Facebook"),
    ("UC_INSTAGRAM", "Instagram"),
    ("UC_INSTAGRAM", "Instagram"),
    ("WEB", ""),
    ("CALL", ""),
    ("RECOMMENDATION", ""),
];

const UTM_MEDIUMS: &[&str] = &["cpc", "social", "organic", "whatsapp", "stories"];
const UTM_CAMPAIGNS: &[&str] = &[
    "emagrecimento-verao",
    "oligoterapia_2024",
    "black-friday",
    "reativação",
    "indicação amiga",
];
const UTM_CONTENTS: &[&str] = &[
    "video-01",
    "carrossel",
    "depoimento",
    "anúncio \"antes e depois\"",
];
const UTM_TERMS: &[&str] = &["", "", "nutricionista", "ansiedade, sono"];

/// Relative weights of the stages in `DEAL_STAGES` order: most deals sit early in the pipeline.
const STAGE_WEIGHTS: &[u32] = &[30, 8, 12, 10, 4, 8, 5, 6, 10, 2, 5];

/// Seeds `contacts` contacts (see [`SEEDED_CONTACTS`]), each with one deal.
pub fn populate(store: &mut Store, seed: u64, contacts: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ STREAM);
    let mut phones = HashSet::new();
    let mut created = NaiveDate::from_ymd_opt(2022, 1, 3)
        .and_then(|d| d.and_hms_opt(8, 0, 0))
        .expect("valid start date");
    for n in 1..=contacts {
        created += Duration::minutes(rng.random_range(30..4000));
        let first = *FIRST_NAMES.choose(&mut rng).expect("non-empty");
        let last = *LAST_NAMES.choose(&mut rng).expect("non-empty");
        let mut contact_phones = vec![(unique_phone(&mut rng, &mut phones), "WORK")];
        if rng.random_bool(0.15) {
            contact_phones.push((unique_phone(&mut rng, &mut phones), "MOBILE"));
        }
        let emails = if rng.random_bool(0.9) {
            let domain = EMAIL_DOMAINS.choose(&mut rng).expect("non-empty");
            vec![(
                format!("{}.{}{n}@{domain}", email_part(first), email_part(last)),
                "WORK",
            )]
        } else {
            Vec::new()
        };
        let assigned_by = rng.random_range(1..=15);
        let contact_id = store.insert_contact(NewContact {
            name: first.to_string(),
            second_name: rng.random_bool(0.2).then(|| pick(&mut rng, SECOND_NAMES)),
            last_name: last.to_string(),
            birthdate: rng.random_bool(0.8).then(|| random_birthdate(&mut rng)),
            comments: rng.random_bool(0.5).then(|| pick(&mut rng, COMMENTS)),
            phones: contact_phones,
            emails,
            assigned_by,
            created,
        });
        store.insert_deal(random_deal(
            &mut rng,
            contact_id,
            first,
            last,
            assigned_by,
            created,
        ));
    }
    populate_items(store, seed, contacts);
}

/// Keeps the leads' and smart processes' random stream apart from the contacts', so adding them
/// left every seeded contact and deal as it was.
const ITEM_STREAM: u64 = 0x0C12_B17C_0000_0002;

const PROCEDURES: &[&str] = &[
    "Botox",
    "Preenchimento labial",
    "Limpeza de pele",
    "Peeling químico",
    "Drenagem linfática",
    "Criolipólise",
    "Microagulhamento",
];

const RETURN_NOTES: &[&str] = &[
    "",
    "Avaliar resultado",
    "Trazer exames",
    "Reaplicação, \"retoque\"",
    "Confirmar por WhatsApp",
];

/// Leads (one for every 4 contacts), treatments (one for every 3) and returns (one for every 5),
/// each linked to a seeded contact, in every stage and pipeline of its type.
fn populate_items(store: &mut Store, seed: u64, contacts: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ITEM_STREAM);
    let mut created = NaiveDate::from_ymd_opt(2023, 6, 1)
        .and_then(|d| d.and_hms_opt(9, 0, 0))
        .expect("valid start date");
    let contact_of =
        |rng: &mut ChaCha8Rng| rng.random_range(1..=contacts.max(1) as u64).to_string();
    for id in 1..=(contacts / 4) as u64 {
        created += Duration::minutes(rng.random_range(30..3000));
        let first = pick(&mut rng, FIRST_NAMES);
        let last = pick(&mut rng, LAST_NAMES);
        let stamp = format_datetime(created);
        let phone = store.multi_item(&format!("+5511{:09}", 900_000_000 + id), "MOBILE", "PHONE");
        let mut record = Record::new();
        record.insert("ID".into(), id.to_string().into());
        record.insert("TITLE".into(), format!("Lead {first} {last}").into());
        record.insert("NAME".into(), first.into());
        record.insert("LAST_NAME".into(), last.into());
        record.insert(
            "STATUS_ID".into(),
            pick(&mut rng, &["NEW", "IN_PROCESS", "PROCESSED", "JUNK"]).into(),
        );
        record.insert(
            "SOURCE_ID".into(),
            SOURCES.choose(&mut rng).expect("non-empty").0.into(),
        );
        record.insert(
            "OPPORTUNITY".into(),
            format!("{:.2}", f64::from(rng.random_range(0..=60_u32)) * 50.0).into(),
        );
        record.insert("CURRENCY_ID".into(), "BRL".into());
        record.insert(
            "ASSIGNED_BY_ID".into(),
            rng.random_range(1..=15_u32).to_string().into(),
        );
        record.insert("DATE_CREATE".into(), stamp.clone().into());
        record.insert("DATE_MODIFY".into(), stamp.into());
        record.insert("PHONE".into(), vec![phone].into());
        record.insert("EMAIL".into(), Vec::<serde_json::Value>::new().into());
        record.insert(
            LEAD_INTEREST_FIELD.into(),
            pick(&mut rng, PROCEDURES).into(),
        );
        store.put(Entity::Lead, id, record);
    }
    for (entity, share) in [(Entity::Treatment, 3), (Entity::Return, 5)] {
        let kind = entity.smart().expect("a smart process");
        let mut created = created;
        for id in 1..=(contacts / share) as u64 {
            created += Duration::minutes(rng.random_range(30..3000));
            let stage = *kind.stages.choose(&mut rng).expect("non-empty");
            let procedure = pick(&mut rng, PROCEDURES);
            let stamp = format_datetime(created);
            let mut record = Record::new();
            record.insert("ID".into(), id.to_string().into());
            record.insert("TITLE".into(), format!("{procedure} #{id}").into());
            record.insert("CATEGORY_ID".into(), stage.category.to_string().into());
            record.insert("STAGE_ID".into(), stage.id.into());
            record.insert("CONTACT_ID".into(), contact_of(&mut rng).into());
            let amount = f64::from(rng.random_range(4..=60_u32)) * 50.0;
            if entity == Entity::Treatment {
                record.insert("OPPORTUNITY".into(), format!("{amount:.2}").into());
                record.insert("CURRENCY_ID".into(), "BRL".into());
            }
            record.insert(
                "ASSIGNED_BY_ID".into(),
                rng.random_range(1..=15_u32).to_string().into(),
            );
            record.insert("CREATED_TIME".into(), stamp.clone().into());
            record.insert("UPDATED_TIME".into(), stamp.into());
            let day = format_date(created.date() + Duration::days(rng.random_range(1..60)));
            if entity == Entity::Treatment {
                record.insert(TREATMENT_PROCEDURE_FIELD.into(), procedure.into());
                record.insert(TREATMENT_VALUE_FIELD.into(), format!("{amount:.2}").into());
                record.insert(TREATMENT_SESSION_FIELD.into(), day.into());
            } else {
                record.insert(RETURN_DATE_FIELD.into(), day.into());
                record.insert(
                    RETURN_NOTE_FIELD.into(),
                    pick(&mut rng, RETURN_NOTES).into(),
                );
                record.insert(RETURN_NOTE_TOO_FIELD.into(), "".into());
                record.insert(RETURN_PROCEDURE_FIELD.into(), procedure.into());
            }
            store.put(entity, id, record);
        }
    }
}

fn random_deal(
    rng: &mut ChaCha8Rng,
    contact_id: u64,
    first: &str,
    last: &str,
    assigned_by: u64,
    contact_created: NaiveDateTime,
) -> NewDeal {
    let stage = *DEAL_STAGES
        .iter()
        .zip(STAGE_WEIGHTS)
        .collect::<Vec<(&DealStage, &u32)>>()
        .choose_weighted(rng, |(_, w)| **w)
        .expect("weights are positive")
        .0;
    let unit = pick(rng, UNITS);
    let (source_id, utm_source) = *SOURCES.choose(rng).expect("non-empty");
    let from_ads = !utm_source.is_empty();
    let utm = if from_ads {
        Utm {
            source: utm_source.to_string(),
            medium: pick(rng, UTM_MEDIUMS),
            campaign: pick(rng, UTM_CAMPAIGNS),
            content: pick(rng, UTM_CONTENTS),
            term: pick(rng, UTM_TERMS),
        }
    } else {
        Utm::default()
    };
    let early = DEAL_STAGES
        .iter()
        .position(|s| *s == stage)
        .is_some_and(|i| i < 5);
    NewDeal {
        title: format!("{first} {last} - {unit}"),
        contact_id,
        stage,
        opportunity: if early {
            0.0
        } else {
            f64::from(rng.random_range(6..=180_u32)) * 50.0
        },
        source_id: source_id.to_string(),
        source_description: if from_ads {
            format!("Automação webhook ({utm_source})")
        } else {
            "Cadastro manual, \"recepção\"".to_string()
        },
        utm,
        campaign_id: if from_ads {
            rng.random_range(1..=30_u32).to_string()
        } else {
            String::new()
        },
        unit,
        assigned_by,
        created: contact_created + Duration::minutes(rng.random_range(0..120)),
    }
}

fn pick(rng: &mut ChaCha8Rng, list: &[&str]) -> String {
    list.choose(rng).expect("non-empty").to_string()
}

/// `+55`, an area code, then a mobile (9 + 8 digits) or a landline (8 digits from 2..5).
fn unique_phone(rng: &mut ChaCha8Rng, seen: &mut HashSet<String>) -> String {
    loop {
        let area = AREA_CODES.choose(rng).expect("non-empty");
        let number = if rng.random_bool(0.85) {
            format!("9{:08}", rng.random_range(10_000_000..100_000_000_u32))
        } else {
            format!(
                "{}{:07}",
                rng.random_range(2..=5_u32),
                rng.random_range(0..10_000_000_u32)
            )
        };
        let phone = format!("+55{area}{number}");
        if seen.insert(phone.clone()) {
            return phone;
        }
    }
}

fn random_birthdate(rng: &mut ChaCha8Rng) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(1950, 1, 1).expect("valid date");
    first + Duration::days(rng.random_range(0..(55 * 365)))
}

/// Letters and digits of a name, for the local part of a made-up address.
fn email_part(name: &str) -> String {
    fold_ascii(name)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect()
}
