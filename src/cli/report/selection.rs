//! The filters and clinics that select a report's records, written as `--flag=value` words in a
//! fixed order: what names an incremental point and what `state list` shows. Flags that only shape
//! the output (`--keep-going`, `--format`, `--columns`, `-o`) are not part of it, so adding one never
//! starts a new point.

use std::fmt::Display;

use chrono::NaiveDate;

use super::lists::{AppointmentsArgs, FichaArgs};
use crate::network::Choice;
use crate::refs::{Ref, RefList};

#[derive(Default)]
struct Words(Vec<String>);

impl Words {
    fn add(&mut self, flag: &str, value: Option<impl Display>) -> &mut Self {
        if let Some(value) = value {
            self.0.push(format!("--{flag}={value}"));
        }
        self
    }

    fn date(&mut self, flag: &str, value: Option<NaiveDate>) -> &mut Self {
        self.add(flag, value.map(|d| d.format("%Y-%m-%d")))
    }

    fn one(&mut self, flag: &str, value: Option<&Ref>) -> &mut Self {
        self.add(flag, value.map(ref_text))
    }

    fn list(&mut self, flag: &str, value: Option<&RefList>) -> &mut Self {
        self.add(flag, value.map(list_text))
    }

    fn clinics(&mut self, value: Option<&Choice>) -> &mut Self {
        self.add(
            "clinic",
            value.map(|c| match c {
                Choice::All => "all".to_string(),
                Choice::Some(list) => list_text(list),
            }),
        )
    }

    fn text(&self) -> String {
        self.0.join(" ")
    }
}

fn ref_text(r: &Ref) -> String {
    match r {
        Ref::Id(id) => id.to_string(),
        Ref::Name(name) => name.trim().to_string(),
    }
}

fn list_text(list: &RefList) -> String {
    list.0.iter().map(ref_text).collect::<Vec<_>>().join(",")
}

/// `report appointments`'s selection.
pub(super) fn appointments(a: &AppointmentsArgs) -> String {
    let mut words = Words::default();
    words
        .date("from", a.from)
        .date("to", a.to)
        .add("type", a.kind)
        .list("status", a.status.as_ref())
        .add("has-quote", a.has_quote)
        .clinics(a.clinic.clinic.as_ref());
    words.text()
}

/// `report ficha-financeira`'s selection. `--modified-from` is part of it: `--since` refuses it.
pub(super) fn ficha(f: &FichaArgs) -> String {
    let mut words = Words::default();
    words
        .date("from", f.from)
        .date("to", f.to)
        .list("status", f.status.as_ref())
        .add("client", f.client)
        .add("contract-notes", f.contract_notes.as_deref())
        .add("sale-notes", f.sale_notes.as_deref())
        .add("active", f.activity.active.then_some("true"))
        .add("inactive", f.activity.inactive.then_some("true"))
        .one("service", f.service.as_ref())
        .date("evaluation-from", f.evaluation_from)
        .date("evaluation-to", f.evaluation_to)
        .date("created-from", f.created_from)
        .date("created-to", f.created_to)
        .date("paid-from", f.paid_from)
        .date("paid-to", f.paid_to)
        .date("modified-from", f.modified_from)
        .date("modified-to", f.modified_to)
        .one("created-by", f.created_by.as_ref())
        .one("modified-by", f.modified_by.as_ref())
        .one("seller", f.seller.as_ref())
        .one("account-plan", f.account_plan.as_ref())
        .one("operation-type", f.operation_type.as_ref())
        .clinics(f.clinic.clinic.as_ref());
    words.text()
}
