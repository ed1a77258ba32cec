//! Contacts (prospects and customers): seeded ones are generated from the seed; created
//! and updated ones are kept whole in an overlay.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::RwLock;

use serde::Serialize;

use super::campaigns::Campaigns;
use super::days::DayRange;
use super::layout::{CLINIC_COUNT, Layout};
use super::reference::{CAMPAIGNS, CHANNELS};
use super::rng::{Day, Kind, day, format_day, format_timestamp, now, pick, record_rng};
use super::search::{Order, TextQuery, closest, fold};
use super::text::{Identity, digits, identity, maybe_note, name_and_phone};

/// Filter columns of a seeded contact (12 bytes).
#[derive(Clone, Copy)]
struct Column {
    /// 0 = referred by nobody.
    referrer: u32,
    created: Day,
    birth: Day,
    channel: u8,
    campaign: u8,
    inactive: bool,
    customer: bool,
}

/// Where a contact came from; updates add one each.
#[derive(Clone, Debug)]
struct Origin {
    channel: u32,
    campaign: u32,
    at: String,
}

/// A contact kept whole because a write made or changed it.
#[derive(Clone, Debug)]
struct Stored {
    clinic: u32,
    identity: Identity,
    created: Day,
    created_at: String,
    birth: Day,
    channel: u32,
    campaign: u32,
    referrer: Option<u32>,
    inactive: bool,
    customer: bool,
    note: Option<String>,
    origins: Vec<Origin>,
}

#[derive(Default)]
struct Writes {
    /// Contacts made by `cadastraCliente`; id = seeded count + index + 1.
    created: Vec<Stored>,
    created_by_clinic: HashMap<u32, Vec<u32>>,
    /// Seeded contacts changed by `atualizaCadastroCliente`.
    updated: HashMap<u32, Stored>,
}

/// What `cadastraCliente` gives.
#[derive(Debug)]
pub struct NewContact {
    pub clinic: u32,
    pub name: String,
    pub phone: String,
    pub birth: Day,
    pub channel: u32,
    pub campaign: u32,
    pub email: Option<String>,
    pub note: Option<String>,
}

/// What `atualizaCadastroCliente` gives; `None` leaves a field as it is.
#[derive(Debug, Default)]
pub struct ContactChanges {
    pub name: Option<String>,
    pub birth: Option<Day>,
    pub note: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub channel: Option<u32>,
    pub campaign: Option<u32>,
}

/// `lista_cliente` filters; text ones already folded or reduced to digits.
#[derive(Debug, Default)]
pub struct ContactFilter {
    pub name: Option<TextQuery>,
    pub created: DayRange,
    pub birth: DayRange,
    pub email: Option<String>,
    pub referrer: Option<u32>,
    pub referred: Option<bool>,
    pub inactive: Option<bool>,
    pub phone: Option<String>,
    pub phone2: Option<String>,
}

impl ContactFilter {
    pub fn is_empty(&self) -> bool {
        self.name.is_none()
            && self.created.is_open()
            && self.birth.is_open()
            && self.email.is_none()
            && self.referrer.is_none()
            && self.referred.is_none()
            && self.inactive.is_none()
            && self.phone.is_none()
            && self.phone2.is_none()
    }
}

#[derive(Serialize)]
pub struct OriginRecord {
    pub id_canal: u32,
    pub canal: String,
    pub id_campanha: u32,
    pub campanha: String,
    pub registrado_em: String,
}

#[derive(Serialize)]
pub struct ContactRecord {
    pub id: u32,
    pub clinica: u32,
    pub nome: String,
    pub telefone: String,
    pub telefone_secundario: Option<String>,
    pub email: Option<String>,
    pub data_nascimento: String,
    pub criado_em: String,
    pub id_canal: u32,
    pub canal: String,
    pub id_campanha: u32,
    pub campanha: String,
    pub indicado_por: Option<u32>,
    pub inativo: u8,
    /// `prospect` until one of its quotes is approved, then `cliente`.
    pub situacao: &'static str,
    pub observacao: Option<String>,
    pub origens: Vec<OriginRecord>,
}

pub struct Contacts {
    seed: u64,
    layout: Layout,
    columns: Vec<Column>,
    writes: RwLock<Writes>,
}

/// A contact as filters see it, without generating more than needed.
enum View<'a> {
    Seeded(u32, &'a Column),
    Stored(&'a Stored),
}

impl View<'_> {
    fn created(&self) -> Day {
        match self {
            View::Seeded(_, c) => c.created,
            View::Stored(s) => s.created,
        }
    }
    fn birth(&self) -> Day {
        match self {
            View::Seeded(_, c) => c.birth,
            View::Stored(s) => s.birth,
        }
    }
    fn inactive(&self) -> bool {
        match self {
            View::Seeded(_, c) => c.inactive,
            View::Stored(s) => s.inactive,
        }
    }
    fn referrer(&self) -> Option<u32> {
        match self {
            View::Seeded(_, c) => (c.referrer != 0).then_some(c.referrer),
            View::Stored(s) => s.referrer,
        }
    }
    fn identity(&self, seed: u64) -> Cow<'_, Identity> {
        match self {
            View::Seeded(id, _) => Cow::Owned(identity(seed, *id)),
            View::Stored(s) => Cow::Borrowed(&s.identity),
        }
    }
}

/// Phone digits as lists compare them: a leading country code 55 or trunk 0 dropped.
fn national(phone_digits: &str) -> &str {
    let trimmed = phone_digits.trim_start_matches('0');
    if trimmed.len() > 11 {
        trimmed.strip_prefix("55").unwrap_or(trimmed)
    } else {
        trimmed
    }
}

impl Contacts {
    pub fn new(seed: u64, layout: Layout, customers: &[bool]) -> Contacts {
        let first_created = day(2019, 1, 1);
        let first_birth = day(1945, 1, 1);
        let columns = (1..=layout.total())
            .map(|id| {
                let key = u64::from(id);
                let clinic_start = layout.ids(layout.clinic_of(id)).start;
                let earlier = u64::from(id - clinic_start);
                let referrer = if earlier > 0 && pick(seed, Kind::Contact, key, 5, 4) == 0 {
                    clinic_start + pick(seed, Kind::Contact, key, 6, earlier) as u32
                } else {
                    0
                };
                Column {
                    referrer,
                    created: first_created + pick(seed, Kind::Contact, key, 1, 2373) as Day,
                    birth: first_birth + pick(seed, Kind::Contact, key, 2, 62 * 365) as Day,
                    channel: 1 + pick(seed, Kind::Contact, key, 3, CHANNELS.len() as u64) as u8,
                    campaign: 1 + pick(seed, Kind::Contact, key, 4, CAMPAIGNS.len() as u64) as u8,
                    inactive: pick(seed, Kind::Contact, key, 7, 100) < 8,
                    customer: customers.get(id as usize).copied().unwrap_or(false),
                }
            })
            .collect();
        Contacts {
            seed,
            layout,
            columns,
            writes: RwLock::new(Writes::default()),
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn seeded(&self) -> u32 {
        self.layout.total()
    }

    pub fn count(&self) -> usize {
        self.seeded() as usize + self.writes.read().expect("contacts lock").created.len()
    }

    fn view<'a>(&'a self, writes: &'a Writes, id: u32) -> Option<View<'a>> {
        if id == 0 {
            return None;
        }
        if id > self.seeded() {
            return writes
                .created
                .get((id - self.seeded() - 1) as usize)
                .map(View::Stored);
        }
        if let Some(stored) = writes.updated.get(&id) {
            return Some(View::Stored(stored));
        }
        Some(View::Seeded(id, &self.columns[id as usize - 1]))
    }

    /// Clinic of a contact, `None` when it does not exist.
    pub fn clinic_of(&self, id: u32) -> Option<u32> {
        if (1..=self.seeded()).contains(&id) {
            return Some(self.layout.clinic_of(id));
        }
        let writes = self.writes.read().expect("contacts lock");
        self.view(&writes, id).map(|view| match view {
            View::Stored(s) => s.clinic,
            View::Seeded(id, _) => self.layout.clinic_of(id),
        })
    }

    /// Name and phones of a contact as other records show them (after updates).
    pub fn identity(&self, id: u32) -> Identity {
        let writes = self.writes.read().expect("contacts lock");
        match self.view(&writes, id) {
            Some(view) => view.identity(self.seed).into_owned(),
            None => identity(self.seed, id),
        }
    }

    /// Name and mobile phone of a contact as a quote shows its client (after updates); a seeded
    /// contact's are drawn without the rest of its identity.
    pub fn name_and_phone(&self, id: u32) -> (String, String) {
        let writes = self.writes.read().expect("contacts lock");
        match self.view(&writes, id) {
            Some(View::Stored(s)) => (s.identity.name.clone(), s.identity.phone.clone()),
            Some(View::Seeded(id, _)) => name_and_phone(self.seed, id),
            None => name_and_phone(self.seed, id),
        }
    }

    /// The whole seeded contact, as an update starts from.
    fn generate(&self, id: u32) -> Stored {
        let column = self.columns[id as usize - 1];
        let key = u64::from(id);
        let created_at = format_timestamp(
            column.created,
            8 * 3600 + pick(self.seed, Kind::Contact, key, 8, 12 * 3600) as u32,
        );
        let mut rng = record_rng(self.seed, Kind::Contact, key, 1);
        Stored {
            clinic: self.layout.clinic_of(id),
            identity: identity(self.seed, id),
            created: column.created,
            birth: column.birth,
            channel: u32::from(column.channel),
            campaign: u32::from(column.campaign),
            referrer: (column.referrer != 0).then_some(column.referrer),
            inactive: column.inactive,
            customer: column.customer,
            note: maybe_note(&mut rng, 40),
            origins: vec![Origin {
                channel: u32::from(column.channel),
                campaign: u32::from(column.campaign),
                at: created_at.clone(),
            }],
            created_at,
        }
    }

    pub fn create(&self, new: NewContact) -> u32 {
        let (today, at) = now();
        let origin = Origin {
            channel: new.channel,
            campaign: new.campaign,
            at: at.clone(),
        };
        let stored = Stored {
            clinic: new.clinic,
            identity: Identity {
                name: new.name,
                phone: new.phone,
                phone2: None,
                email: new.email,
            },
            created: today,
            created_at: at,
            birth: new.birth,
            channel: new.channel,
            campaign: new.campaign,
            referrer: None,
            inactive: false,
            customer: false,
            note: new.note,
            origins: vec![origin],
        };
        let mut writes = self.writes.write().expect("contacts lock");
        writes.created.push(stored);
        let id = self.seeded() + writes.created.len() as u32;
        writes
            .created_by_clinic
            .entry(new.clinic)
            .or_default()
            .push(id);
        id
    }

    /// Applies `changes`; a channel or campaign becomes a new origin. `false` when the
    /// contact does not exist.
    pub fn update(&self, id: u32, changes: ContactChanges) -> bool {
        let seeded = self.seeded();
        let mut writes = self.writes.write().expect("contacts lock");
        let stored = if id == 0 {
            return false;
        } else if id > seeded {
            match writes.created.get_mut((id - seeded - 1) as usize) {
                Some(stored) => stored,
                None => return false,
            }
        } else {
            writes
                .updated
                .entry(id)
                .or_insert_with(|| self.generate(id))
        };
        if let Some(name) = changes.name {
            stored.identity.name = name;
        }
        if let Some(phone) = changes.phone {
            stored.identity.phone = phone;
        }
        if let Some(email) = changes.email {
            stored.identity.email = Some(email);
        }
        if let Some(birth) = changes.birth {
            stored.birth = birth;
        }
        if let Some(note) = changes.note {
            stored.note = Some(note);
        }
        if changes.channel.is_some() || changes.campaign.is_some() {
            stored.channel = changes.channel.unwrap_or(stored.channel);
            stored.campaign = changes.campaign.unwrap_or(stored.campaign);
            let (_, at) = now();
            stored.origins.push(Origin {
                channel: stored.channel,
                campaign: stored.campaign,
                at,
            });
        }
        true
    }

    pub fn record(&self, id: u32, campaigns: &Campaigns) -> Option<ContactRecord> {
        let stored = {
            let writes = self.writes.read().expect("contacts lock");
            match self.view(&writes, id)? {
                View::Stored(stored) => stored.clone(),
                View::Seeded(id, _) => self.generate(id),
            }
        };
        let channel_name = |id: u32| {
            CHANNELS
                .get((id as usize).wrapping_sub(1))
                .copied()
                .unwrap_or_default()
                .to_owned()
        };
        Some(ContactRecord {
            id,
            clinica: stored.clinic,
            nome: stored.identity.name,
            telefone: stored.identity.phone,
            telefone_secundario: stored.identity.phone2,
            email: stored.identity.email,
            data_nascimento: format_day(stored.birth),
            criado_em: stored.created_at,
            id_canal: stored.channel,
            canal: channel_name(stored.channel),
            id_campanha: stored.campaign,
            campanha: campaigns.name(stored.campaign),
            indicado_por: stored.referrer,
            inativo: u8::from(stored.inactive),
            situacao: if stored.customer {
                "cliente"
            } else {
                "prospect"
            },
            observacao: stored.note,
            origens: stored
                .origins
                .into_iter()
                .map(|o| OriginRecord {
                    id_canal: o.channel,
                    canal: channel_name(o.channel),
                    id_campanha: o.campaign,
                    campanha: campaigns.name(o.campaign),
                    registrado_em: o.at,
                })
                .collect(),
        })
    }

    /// A clinic's contacts in id order: its seeded range, then those created there.
    pub fn ids_of_clinic(&self, clinic: u32) -> (Range<u32>, Vec<u32>) {
        let writes = self.writes.read().expect("contacts lock");
        let created = writes
            .created_by_clinic
            .get(&clinic)
            .cloned()
            .unwrap_or_default();
        (self.layout.ids(clinic), created)
    }

    /// Ids of a clinic's contacts that pass `filter`; closest names first when it
    /// searches by name, else in id order.
    pub fn filter_ids(&self, clinic: u32, filter: &ContactFilter) -> Vec<u32> {
        let writes = self.writes.read().expect("contacts lock");
        let created = writes.created_by_clinic.get(&clinic);
        let all = self
            .layout
            .ids(clinic)
            .chain(created.into_iter().flatten().copied());
        let needs_identity = filter.email.is_some()
            || filter.phone.is_some()
            || filter.phone2.is_some()
            || filter.name.is_some();
        let mut named: Vec<(u32, String)> = Vec::new();
        let mut ids = Vec::new();
        for id in all {
            let Some(view) = self.view(&writes, id) else {
                continue;
            };
            let referrer = view.referrer();
            let kept = filter.created.contains(Some(view.created()))
                && filter.birth.contains(Some(view.birth()))
                && filter
                    .inactive
                    .is_none_or(|wanted| view.inactive() == wanted)
                && filter
                    .referred
                    .is_none_or(|wanted| referrer.is_some() == wanted)
                && filter
                    .referrer
                    .is_none_or(|wanted| referrer == Some(wanted));
            if !kept {
                continue;
            }
            if !needs_identity {
                ids.push(id);
                continue;
            }
            let person = view.identity(self.seed);
            let same_phone = |wanted: &Option<String>, phone: Option<&String>| {
                wanted.as_deref().is_none_or(|wanted| {
                    phone.is_some_and(|phone| national(&digits(phone)) == national(wanted))
                })
            };
            let kept = filter.email.as_deref().is_none_or(|wanted| {
                person
                    .email
                    .as_deref()
                    .is_some_and(|email| email.trim().eq_ignore_ascii_case(wanted))
            }) && same_phone(&filter.phone, Some(&person.phone))
                && same_phone(&filter.phone2, person.phone2.as_ref());
            if kept {
                if filter.name.is_some() {
                    named.push((id, fold(&person.name)));
                } else {
                    ids.push(id);
                }
            }
        }
        match &filter.name {
            Some(query) => closest(query, &named, Order::Closeness),
            None => ids,
        }
    }

    /// Clinics' contact counts, seeded plus created.
    pub fn count_by_clinic(&self) -> Vec<(u32, usize)> {
        let writes = self.writes.read().expect("contacts lock");
        (1..=CLINIC_COUNT)
            .map(|clinic| {
                let created = writes.created_by_clinic.get(&clinic).map_or(0, Vec::len);
                (clinic, self.layout.count(clinic) as usize + created)
            })
            .collect()
    }
}
