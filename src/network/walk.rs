//! Walking one list over several clinics into one stream of records. Clinics are read in order,
//! each with up to `--concurrency` pages in flight, while the first pages of the next clinics are
//! fetched ahead; the shared HTTP window keeps the total in flight at `--concurrency`. Memory
//! holds at most the pages in flight plus one page ahead for each of the next `--concurrency`
//! clinics, whatever the size of the network. Records keep their clinic: the service's own field
//! when it sends one, else an added `clinica`.

use std::collections::VecDeque;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::record::{Record, record_of, value_of};

use super::choice::Clinic;
use super::prefetch::Prefetched;
use super::staging::Staging;
use crate::api::list::ApiList;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::pages::{self, Summary, Walk};
use crate::record::PageSource;

pub(crate) use crate::record::CLINIC_FIELDS;

/// The share of `--max-wait` that one clinic of several is given to answer a failing request (a
/// fifth: one minute of the default five). A clinic whose server keeps failing is then given up on
/// by itself, not after the whole budget; limits the server states (429, `Retry-After`) speak for
/// every clinic and keep the whole `--max-wait`.
pub const CLINIC_SHARE_OF_MAX_WAIT: u32 = 5;

/// One clinic's part of a run: the clinic (none: a single-clinic run, records left as they come)
/// and the list's query for it.
pub struct Plan {
    pub clinic: Option<Clinic>,
    pub query: Vec<(String, String)>,
}

/// How one clinic's walk ended.
pub struct Outcome {
    pub clinic: Option<Clinic>,
    pub result: Result<Summary>,
}

/// Walks the list `op` for every plan, in order, handing each record to `emit`. Without `keep_going`
/// the first failure ends the run (its clinic named); with it, a clinic that fails is left out
/// whole and reported in the outcomes, and the walk goes on.
pub async fn walk(
    ctx: &Context,
    op: &'static crate::api::Operation,
    plans: Vec<Plan>,
    spec: Walk,
    keep_going: bool,
    emit: &mut dyn FnMut(Record) -> Result<()>,
) -> Result<Vec<Outcome>> {
    let client = ctx.api().await?;
    let several = plans.len() > 1;
    let clinic_budget = ctx.http.max_wait() / CLINIC_SHARE_OF_MAX_WAIT;
    let sources: Vec<Arc<dyn PageSource>> = plans
        .iter()
        .map(|plan| {
            let list = ApiList::new(client.clone(), op, plan.query.clone());
            let list = if several {
                list.within(clinic_budget)
            } else {
                list
            };
            Arc::new(list) as Arc<dyn PageSource>
        })
        .collect();
    let ahead = spec.concurrency.max(1);
    let mut started: VecDeque<Prefetched> = VecDeque::new();
    let mut next_start = 0;
    let mut written = 0u64;
    let mut outcomes = Vec::with_capacity(plans.len());
    let clinics = plans.len();
    let started_at = std::time::Instant::now();
    for (index, plan) in plans.into_iter().enumerate() {
        if several && let Some(clinic) = &plan.clinic {
            ctx.reporter
                .set_progress_stage(&stage(index, clinics, clinic, started_at.elapsed()));
        }
        let remaining = spec.limit.map(|limit| limit.saturating_sub(written));
        if remaining == Some(0) {
            break;
        }
        while next_start < sources.len() && next_start < index + ahead {
            started.push_back(Prefetched::start(
                sources[next_start].clone(),
                spec.first,
                spec.per_page,
            ));
            next_start += 1;
        }
        let source: Arc<dyn PageSource> = Arc::new(
            started
                .pop_front()
                .expect("every clinic's walk was started"),
        );
        let clinic_spec = Walk {
            limit: remaining,
            ..spec
        };
        let mut tagger = Tagger::new(plan.clinic.as_ref().map(|c| c.id));
        let result = if keep_going {
            let mut staged = Staging::new()?;
            let walked = pages::walk(source, clinic_spec, &ctx.reporter, |record| {
                staged.push(&tagger.tag(record)?)
            })
            .await;
            match walked {
                Ok(summary) => staged.replay(&mut *emit).map(|()| summary),
                Err(e) => Err(e),
            }
        } else {
            pages::walk(source, clinic_spec, &ctx.reporter, |record| {
                emit(tagger.tag(record)?)
            })
            .await
        };
        if let (Some(clinic), Some((other, count))) = (&plan.clinic, tagger.foreign) {
            ctx.reporter.warn(&crate::t!(
                "network-foreign-records",
                clinic = clinic.to_string(),
                count = count,
                other = other.to_string()
            ));
        }
        match result {
            Ok(summary) => {
                written += summary.records;
                outcomes.push(Outcome {
                    clinic: plan.clinic,
                    result: Ok(summary),
                });
            }
            Err(e) if keep_going && clinic_failure(&e) => outcomes.push(Outcome {
                clinic: plan.clinic,
                result: Err(e),
            }),
            Err(e) => {
                // Where `--keep-going` would have written the others, the message says so: only
                // once a clinic was read, since a server that is down fails every clinic alike.
                let others =
                    several && clinic_failure(&e) && outcomes.iter().any(|o| o.result.is_ok());
                return Err(match plan.clinic {
                    Some(clinic) if others => Error::ClinicStopsRun {
                        clinic: clinic.to_string(),
                        source: Box::new(e),
                    },
                    Some(clinic) => Error::InClinic {
                        clinic: clinic.to_string(),
                        source: Box::new(e),
                    },
                    None => e,
                });
            }
        }
    }
    Ok(outcomes)
}

/// The progress line's part for a run over several clinics: which clinic, of how many, and the
/// time left, judged from the clinics done so far.
fn stage(index: usize, clinics: usize, clinic: &Clinic, elapsed: std::time::Duration) -> String {
    let at = crate::t!(
        "network-progress-clinic",
        number = (index + 1) as u64,
        total = clinics as u64,
        clinic = clinic.to_string()
    );
    if index == 0 {
        return at;
    }
    let left = elapsed.mul_f64((clinics - index) as f64 / index as f64);
    let left = humantime::format_duration(std::time::Duration::from_secs(left.as_secs().max(1)));
    crate::t!(
        "network-progress-time-left",
        at = at,
        time = left.to_string()
    )
}

/// Failures that belong to one clinic's walk (its server answers); a refused token, a bad filter
/// or a failing output end the whole run even with `--keep-going`.
fn clinic_failure(e: &Error) -> bool {
    matches!(
        e,
        Error::Rejected { .. } | Error::Server { .. } | Error::Network(_) | Error::Protocol(_)
    )
}

/// Puts the clinic on each record of a run over several clinics, and counts records whose own
/// clinic field names another clinic.
struct Tagger {
    clinic: Option<u64>,
    foreign: Option<(String, u64)>,
}

impl Tagger {
    fn new(clinic: Option<u64>) -> Tagger {
        Tagger {
            clinic,
            foreign: None,
        }
    }

    /// A record of a single-clinic run passes untouched, still unparsed.
    fn tag(&mut self, record: Record) -> Result<Record> {
        Ok(match self.clinic {
            None => record,
            Some(clinic) => record_of(&self.tag_value(clinic, value_of(&record)?)),
        })
    }

    fn tag_value(&mut self, clinic: u64, record: Value) -> Value {
        let mut map = match record {
            Value::Object(map) => map,
            // A bare value gets the clinic beside it, under the column it would show in anyway.
            other => Map::from_iter([("value".to_string(), other)]),
        };
        match CLINIC_FIELDS.iter().find_map(|k| map.get(*k)) {
            Some(own) => {
                let said = match own {
                    Value::String(s) => s.trim().to_string(),
                    other => other.to_string(),
                };
                if said.parse::<u64>().is_ok_and(|id| id != clinic) {
                    let entry = self.foreign.get_or_insert((said, 0));
                    entry.1 += 1;
                }
            }
            None => {
                map.shift_insert(0, "clinica".to_string(), Value::from(clinic));
            }
        }
        Value::Object(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tag(tagger: &mut Tagger, record: Value) -> Value {
        value_of(&tagger.tag(record_of(&record)).unwrap()).unwrap()
    }

    #[test]
    fn records_keep_the_services_clinic_field_or_get_one_in_front() {
        let mut tagger = Tagger::new(Some(3));
        assert_eq!(
            tag(&mut tagger, json!({"id": 1, "valor": 2})),
            json!({"clinica": 3, "id": 1, "valor": 2})
        );
        let tagged = tag(&mut tagger, json!({"id": 1, "valor": 2}));
        assert_eq!(
            tagged
                .as_object()
                .unwrap()
                .keys()
                .next()
                .map(String::as_str),
            Some("clinica")
        );
        assert_eq!(
            tag(&mut tagger, json!({"id": 2, "clinica": 3})),
            json!({"id": 2, "clinica": 3})
        );
        assert_eq!(
            tag(&mut tagger, json!({"id_clinica": "3"})),
            json!({"id_clinica": "3"})
        );
        assert_eq!(
            tag(&mut tagger, json!(7)),
            json!({"clinica": 3, "value": 7})
        );
        assert!(tagger.foreign.is_none());
        tag(&mut tagger, json!({"clinica": 1}));
        tag(&mut tagger, json!({"clinica": "1"}));
        assert_eq!(tagger.foreign, Some(("1".to_string(), 2)));
    }

    #[test]
    fn single_clinic_runs_leave_records_alone() {
        let mut tagger = Tagger::new(None);
        assert_eq!(tag(&mut tagger, json!({"id": 1})), json!({"id": 1}));
        assert_eq!(tag(&mut tagger, json!(7)), json!(7));
    }
}
