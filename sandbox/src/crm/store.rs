//! The CRM's records: contacts and deals as Bitrix-shaped JSON objects keyed by ID, plus the
//! phone and e-mail index the automation webhook dedupes with.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use serde_json::{Map, Value, json};

use super::fields::{
    CONTACT_EMAIL_FIELD, CONTACT_PHONE_FIELD, DEAL_CAMPAIGN_FIELD, DEAL_STAGE_NAME_FIELD,
    DEAL_UNIT_FIELD, Entity,
};
use super::reference::DealStage;
use super::values::{email_key, format_date, format_datetime, phone_key, value_text};

/// One contact or deal, field ID → value, in Bitrix's field order.
pub type Record = Map<String, Value>;

/// A contact to create; IDs and derived fields are the store's business.
pub struct NewContact {
    pub name: String,
    pub second_name: Option<String>,
    pub last_name: String,
    pub birthdate: Option<NaiveDate>,
    pub comments: Option<String>,
    /// `(VALUE, VALUE_TYPE)` pairs; the first is also written to the automation phone field.
    pub phones: Vec<(String, &'static str)>,
    /// `(VALUE, VALUE_TYPE)` pairs; the first is also written to the e-mail string field.
    pub emails: Vec<(String, &'static str)>,
    pub assigned_by: u64,
    pub created: NaiveDateTime,
}

#[derive(Default)]
pub struct Utm {
    pub source: String,
    pub medium: String,
    pub campaign: String,
    pub content: String,
    pub term: String,
}

pub struct NewDeal {
    pub title: String,
    pub contact_id: u64,
    pub stage: DealStage,
    pub opportunity: f64,
    pub source_id: String,
    pub source_description: String,
    pub utm: Utm,
    pub campaign_id: String,
    pub unit: String,
    pub assigned_by: u64,
    pub created: NaiveDateTime,
}

/// A table with nothing in it, for a kind no record was ever stored under.
static EMPTY: BTreeMap<u64, Record> = BTreeMap::new();

#[derive(Default)]
pub struct Store {
    contacts: BTreeMap<u64, Record>,
    deals: BTreeMap<u64, Record>,
    /// Leads and the items of each smart process.
    others: BTreeMap<Entity, BTreeMap<u64, Record>>,
    last_multi_id: u64,
    /// Phone digits / lower-case e-mail → contacts holding it (in any phone or e-mail field).
    phones: HashMap<String, BTreeSet<u64>>,
    emails: HashMap<String, BTreeSet<u64>>,
}

impl Store {
    pub fn table(&self, entity: Entity) -> &BTreeMap<u64, Record> {
        match entity {
            Entity::Contact => &self.contacts,
            Entity::Deal => &self.deals,
            other => self.others.get(&other).unwrap_or(&EMPTY),
        }
    }

    /// The ID the next record of this kind gets.
    pub fn next_id(&self, entity: Entity) -> u64 {
        next_id(self.table(entity))
    }

    /// Removes a record (and, for a contact, its phones and e-mails from the dedupe index).
    pub fn remove(&mut self, entity: Entity, id: u64) -> Option<Record> {
        match entity {
            Entity::Contact => {
                let old = self.contacts.remove(&id)?;
                self.index(id, &old, false);
                Some(old)
            }
            Entity::Deal => self.deals.remove(&id),
            other => self.others.get_mut(&other)?.remove(&id),
        }
    }

    pub fn get(&self, entity: Entity, id: u64) -> Option<&Record> {
        self.table(entity).get(&id)
    }

    pub fn count(&self, entity: Entity) -> usize {
        self.table(entity).len()
    }

    /// IDs of multi-field items are unique across the portal, as in Bitrix.
    pub fn next_multi_id(&mut self) -> u64 {
        self.last_multi_id += 1;
        self.last_multi_id
    }

    pub fn multi_item(&mut self, value: &str, value_type: &str, type_id: &str) -> Value {
        json!({
            "ID": self.next_multi_id().to_string(),
            "VALUE_TYPE": value_type,
            "VALUE": value,
            "TYPE_ID": type_id,
        })
    }

    /// The lowest-ID contact holding this phone (compared by digits).
    pub fn contact_by_phone(&self, phone: &str) -> Option<u64> {
        self.phones
            .get(&phone_key(phone))
            .and_then(|ids| ids.first().copied())
    }

    /// The lowest-ID contact holding this e-mail (compared without case).
    pub fn contact_by_email(&self, email: &str) -> Option<u64> {
        self.emails
            .get(&email_key(email))
            .and_then(|ids| ids.first().copied())
    }

    /// Every contact holding this phone (by digits) or e-mail (without case), lowest ID first.
    pub fn contacts_with(&self, kind: &str, value: &str) -> Vec<u64> {
        let found = match kind {
            "PHONE" => self.phones.get(&phone_key(value)),
            "EMAIL" => self.emails.get(&email_key(value)),
            _ => None,
        };
        found
            .map(|ids| ids.iter().copied().collect())
            .unwrap_or_default()
    }

    pub fn insert_contact(&mut self, contact: NewContact) -> u64 {
        let id = next_id(&self.contacts);
        let created = format_datetime(contact.created);
        let phones: Vec<Value> = contact
            .phones
            .iter()
            .map(|(value, kind)| self.multi_item(value, kind, "PHONE"))
            .collect();
        let emails: Vec<Value> = contact
            .emails
            .iter()
            .map(|(value, kind)| self.multi_item(value, kind, "EMAIL"))
            .collect();
        let first =
            |list: &[(String, &str)]| list.first().map(|(v, _)| v.clone()).unwrap_or_default();
        let mut record = Record::new();
        record.insert("ID".into(), id.to_string().into());
        record.insert("NAME".into(), contact.name.into());
        record.insert("SECOND_NAME".into(), contact.second_name.into());
        record.insert("LAST_NAME".into(), contact.last_name.into());
        record.insert(
            "BIRTHDATE".into(),
            contact
                .birthdate
                .map(format_date)
                .unwrap_or_default()
                .into(),
        );
        record.insert("COMMENTS".into(), contact.comments.into());
        record.insert("HAS_PHONE".into(), Value::Null);
        record.insert("HAS_EMAIL".into(), Value::Null);
        record.insert(
            "ASSIGNED_BY_ID".into(),
            contact.assigned_by.to_string().into(),
        );
        record.insert("DATE_CREATE".into(), created.clone().into());
        record.insert("DATE_MODIFY".into(), created.into());
        record.insert("PHONE".into(), phones.into());
        record.insert("EMAIL".into(), emails.into());
        record.insert(CONTACT_PHONE_FIELD.into(), first(&contact.phones).into());
        record.insert(CONTACT_EMAIL_FIELD.into(), first(&contact.emails).into());
        self.put(Entity::Contact, id, record);
        id
    }

    pub fn insert_deal(&mut self, deal: NewDeal) -> u64 {
        let id = next_id(&self.deals);
        let created = format_datetime(deal.created);
        let mut record = Record::new();
        record.insert("ID".into(), id.to_string().into());
        record.insert("TITLE".into(), deal.title.into());
        record.insert("CATEGORY_ID".into(), "0".into());
        record.insert("STAGE_ID".into(), deal.stage.id.into());
        record.insert("CONTACT_ID".into(), deal.contact_id.to_string().into());
        record.insert(
            "OPPORTUNITY".into(),
            format!("{:.2}", deal.opportunity).into(),
        );
        record.insert("CURRENCY_ID".into(), "BRL".into());
        record.insert("SOURCE_ID".into(), deal.source_id.into());
        record.insert("SOURCE_DESCRIPTION".into(), deal.source_description.into());
        record.insert("UTM_SOURCE".into(), deal.utm.source.into());
        record.insert("UTM_MEDIUM".into(), deal.utm.medium.into());
        record.insert("UTM_CAMPAIGN".into(), deal.utm.campaign.into());
        record.insert("UTM_CONTENT".into(), deal.utm.content.into());
        record.insert("UTM_TERM".into(), deal.utm.term.into());
        record.insert("ASSIGNED_BY_ID".into(), deal.assigned_by.to_string().into());
        record.insert("DATE_CREATE".into(), created.clone().into());
        record.insert("DATE_MODIFY".into(), created.into());
        record.insert(DEAL_STAGE_NAME_FIELD.into(), deal.stage.name.into());
        record.insert(DEAL_CAMPAIGN_FIELD.into(), deal.campaign_id.into());
        record.insert(DEAL_UNIT_FIELD.into(), deal.unit.into());
        self.put(Entity::Deal, id, record);
        id
    }

    /// Stores `record` under `id`, replacing what was there and keeping derived fields and the
    /// dedupe index in step.
    pub fn put(&mut self, entity: Entity, id: u64, mut record: Record) {
        match entity {
            Entity::Deal => {
                self.deals.insert(id, record);
            }
            Entity::Lead | Entity::Treatment | Entity::Return => {
                self.others.entry(entity).or_default().insert(id, record);
            }
            Entity::Contact => {
                for field in ["PHONE", "EMAIL"] {
                    let flag = if multi_values(&record, field).is_empty() {
                        "N"
                    } else {
                        "Y"
                    };
                    record.insert(format!("HAS_{field}"), flag.into());
                }
                if let Some(old) = self.contacts.remove(&id) {
                    self.index(id, &old, false);
                }
                self.index(id, &record, true);
                self.contacts.insert(id, record);
            }
        }
    }

    fn index(&mut self, id: u64, record: &Record, add: bool) {
        let keys = |multi: &str, single: &str, key: fn(&str) -> String| -> Vec<String> {
            multi_values(record, multi)
                .into_iter()
                .chain(record.get(single).map(value_text))
                .map(|v| key(&v))
                .collect()
        };
        let phone_keys = keys("PHONE", CONTACT_PHONE_FIELD, phone_key);
        let email_keys = keys("EMAIL", CONTACT_EMAIL_FIELD, email_key);
        update_index(&mut self.phones, phone_keys, id, add);
        update_index(&mut self.emails, email_keys, id, add);
    }
}

fn update_index(index: &mut HashMap<String, BTreeSet<u64>>, keys: Vec<String>, id: u64, add: bool) {
    for key in keys.into_iter().filter(|k| !k.is_empty()) {
        if add {
            index.entry(key).or_default().insert(id);
        } else if let Some(ids) = index.get_mut(&key) {
            ids.remove(&id);
            if ids.is_empty() {
                index.remove(&key);
            }
        }
    }
}

fn next_id(table: &BTreeMap<u64, Record>) -> u64 {
    table.last_key_value().map_or(1, |(id, _)| id + 1)
}

/// The `VALUE`s of a multi-field (`PHONE`, `EMAIL`), empty when it has none.
pub fn multi_values(record: &Record, field: &str) -> Vec<String> {
    match record.get(field) {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| item.get("VALUE").map(value_text))
            .collect(),
        _ => Vec::new(),
    }
}
