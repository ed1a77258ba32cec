//! Appointments: compact filter columns, a status per appointment that
//! `mudaStatusAgendamento` rewrites in place, records generated on demand.

use std::sync::atomic::{AtomicU8, Ordering};

use serde::Serialize;

use super::contacts::Contacts;
use super::days::DayRange;
use super::layout::{CLINIC_COUNT, Layout};
use super::reference::{
    APPOINTMENT_STATUSES, APPOINTMENT_TYPES, CLINICS, EVALUATION_TYPE, PROFESSIONALS, ROOMS,
    SERVICES,
};
use super::rng::{Day, Kind, day, format_day, format_timestamp, pick, record_rng, weighted};
use super::text::maybe_note;

/// Filter columns of one appointment (12 bytes); the status lives apart because writes
/// change it.
#[derive(Clone, Copy)]
struct Column {
    client: u32,
    date: Day,
    created: Day,
    service: u8,
    kind: u8,
    /// For evaluations: whether a quote came of it (0/1).
    has_quote: u8,
    slot: u8,
}

/// Index of "Consulta de avaliação" + 1 in `SERVICES`.
const EVALUATION_SERVICE: u8 = 23;

/// Weights of statuses 1..=8 for appointments before and after the seeded "today".
const PAST_WEIGHTS: [u64; 8] = [3, 3, 5, 55, 10, 12, 10, 2];
const FUTURE_WEIGHTS: [u64; 8] = [60, 30, 0, 0, 5, 0, 3, 2];

/// `relAgendamentos` filters.
#[derive(Debug, Default)]
pub struct AppointmentFilter {
    pub date: DayRange,
    pub kind: Option<u32>,
    /// Bit `s` set for each accepted status; 0 = any.
    pub statuses: u32,
    /// Evaluations whose quote exists (true) or not (false).
    pub has_quote: Option<bool>,
}

impl AppointmentFilter {
    pub fn is_empty(&self) -> bool {
        self.date.is_open() && self.kind.is_none() && self.statuses == 0 && self.has_quote.is_none()
    }
}

#[derive(Serialize)]
pub struct AppointmentRecord {
    pub id: u32,
    pub clinica: u32,
    pub unidade: &'static str,
    pub criado_em: String,
    pub data_agendamento: String,
    pub hora_inicio: String,
    pub hora_fim: String,
    pub id_cliente: u32,
    pub nome_cliente: String,
    pub telefone_cliente: String,
    pub id_tipo_agendamento: u8,
    pub tipo_agendamento: &'static str,
    pub id_servico: u8,
    pub servico: &'static str,
    pub profissional: &'static str,
    pub sala: &'static str,
    pub id_status: u8,
    pub status: &'static str,
    /// 0/1 for evaluations, null for sessions.
    pub avaliacao_possui: Option<u8>,
    pub observacao: Option<String>,
}

pub struct Appointments {
    seed: u64,
    layout: Layout,
    columns: Vec<Column>,
    statuses: Vec<AtomicU8>,
}

impl Appointments {
    pub fn new(seed: u64, total: u32, contacts: &Layout) -> Appointments {
        let layout = Layout::new(seed, total);
        let first_day = day(2023, 1, 1);
        let today = day(2025, 7, 1);
        let mut statuses = Vec::with_capacity(total as usize);
        let columns = (1..=total)
            .map(|id| {
                let key = u64::from(id);
                let field = |f: u64, n: u64| pick(seed, Kind::Appointment, key, f, n);
                let clinic = layout.clinic_of(id);
                let client = contacts.one_of(clinic, |count| field(1, count));
                let date = first_day + field(2, 1277) as Day;
                let created = date - field(3, 45).min(u64::from(date - first_day)) as Day;
                let kind = if field(4, 4) == 0 { EVALUATION_TYPE } else { 1 };
                let weights = if date < today {
                    &PAST_WEIGHTS
                } else {
                    &FUTURE_WEIGHTS
                };
                statuses.push(AtomicU8::new(
                    1 + weighted(field(5, u64::MAX), weights) as u8,
                ));
                Column {
                    client,
                    date,
                    created,
                    service: if kind == EVALUATION_TYPE {
                        EVALUATION_SERVICE
                    } else {
                        1 + field(6, SERVICES.len() as u64) as u8
                    },
                    kind,
                    has_quote: u8::from(kind == EVALUATION_TYPE && field(7, 100) < 45),
                    slot: field(8, 24) as u8,
                }
            })
            .collect();
        Appointments {
            seed,
            layout,
            columns,
            statuses,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn exists(&self, id: u32) -> bool {
        (1..=self.layout.total()).contains(&id)
    }

    pub fn clinic_of(&self, id: u32) -> u32 {
        self.layout.clinic_of(id)
    }

    fn status(&self, id: u32) -> u8 {
        self.statuses[id as usize - 1].load(Ordering::Relaxed)
    }

    /// Rewrites the status of an existing appointment.
    pub fn set_status(&self, id: u32, status: u8) {
        self.statuses[id as usize - 1].store(status, Ordering::Relaxed);
    }

    pub fn record(&self, id: u32, contacts: &Contacts) -> AppointmentRecord {
        let c = self.columns[id as usize - 1];
        let key = u64::from(id);
        let clinic = self.layout.clinic_of(id);
        let client = contacts.identity(c.client);
        let status = self.status(id);
        // Half-hour slots from 08:00; sessions last 30 to 90 minutes.
        let start = 8 * 60 + u32::from(c.slot) * 30;
        let end = start + 30 * (1 + pick(self.seed, Kind::Appointment, key, 9, 3) as u32);
        let mut rng = record_rng(self.seed, Kind::Appointment, key, 1);
        AppointmentRecord {
            id,
            clinica: clinic,
            unidade: CLINICS[clinic as usize - 1],
            criado_em: format_timestamp(
                c.created,
                7 * 3600 + pick(self.seed, Kind::Appointment, key, 10, 13 * 3600) as u32,
            ),
            data_agendamento: format_day(c.date),
            hora_inicio: format!("{:02}:{:02}", start / 60, start % 60),
            hora_fim: format!("{:02}:{:02}", end / 60, end % 60),
            id_cliente: c.client,
            nome_cliente: client.name,
            telefone_cliente: client.phone,
            id_tipo_agendamento: c.kind,
            tipo_agendamento: APPOINTMENT_TYPES[usize::from(c.kind) - 1],
            id_servico: c.service,
            servico: SERVICES[usize::from(c.service) - 1],
            profissional: PROFESSIONALS[pick(
                self.seed,
                Kind::Appointment,
                key,
                11,
                PROFESSIONALS.len() as u64,
            ) as usize],
            sala: ROOMS[pick(self.seed, Kind::Appointment, key, 12, ROOMS.len() as u64) as usize],
            id_status: status,
            status: APPOINTMENT_STATUSES[usize::from(status) - 1],
            avaliacao_possui: (c.kind == EVALUATION_TYPE).then_some(c.has_quote),
            observacao: maybe_note(&mut rng, 30),
        }
    }

    fn matches(&self, id: u32, f: &AppointmentFilter) -> bool {
        let c = &self.columns[id as usize - 1];
        f.date.contains(Some(c.date))
            && f.kind.is_none_or(|kind| kind == u32::from(c.kind))
            && (f.statuses == 0 || f.statuses & (1 << self.status(id)) != 0)
            && f.has_quote
                .is_none_or(|wanted| c.kind == EVALUATION_TYPE && (c.has_quote == 1) == wanted)
    }

    /// Ids of a clinic's appointments that pass `filter`, in id order.
    pub fn filter_ids(&self, clinic: u32, filter: &AppointmentFilter) -> Vec<u32> {
        self.layout
            .ids(clinic)
            .filter(|&id| self.matches(id, filter))
            .collect()
    }

    pub fn count_by_clinic(&self) -> Vec<(u32, usize)> {
        (1..=CLINIC_COUNT)
            .map(|clinic| (clinic, self.layout.count(clinic) as usize))
            .collect()
    }
}
