//! Records made ready for the mirror away from the thread that writes them: parsed, split into typed
//! cells and hashed on a thread of their own, one batch ahead of the writer, whose thread then mostly
//! runs the database. A batch crosses over as a few large blocks (its texts are one), since an
//! allocator pays for every small block made on one thread and freed on another.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::cells::{self, Names, Texts};
use super::store::{MirrorError, MirrorResult};
use crate::record::{RawRecord, Record};

/// The money test of a stream's columns, shared with the thread that prepares its records.
pub type MoneyTest = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// A record made ready for the database: its cells and lists, and the hash of its text.
pub struct Prepared {
    pub split: cells::Split,
    pub hash: i64,
}

/// One batch: each record prepared or the reason it cannot be stored, and the texts of its leaves.
#[derive(Default)]
pub struct Batch {
    pub records: Vec<MirrorResult<Prepared>>,
    pub texts: Texts,
}

struct Worker {
    jobs: SyncSender<Vec<Record>>,
    done: Receiver<Batch>,
    handle: Option<JoinHandle<()>>,
}

pub struct Preparer {
    money: MoneyTest,
    /// Started with the first batch that has another after it: a stream that fits in one batch (a
    /// reference list, a small clinic) is prepared where it is handed, with no thread. `None` also
    /// where no thread could be started.
    worker: Option<Worker>,
    started: bool,
    /// Batches handed to the worker and not yet taken back.
    waiting: usize,
    /// Batches prepared here (without a worker), in order.
    ready: VecDeque<Batch>,
    names: Names,
}

impl Preparer {
    pub fn new(money: MoneyTest) -> Preparer {
        Preparer {
            money,
            worker: None,
            started: false,
            waiting: 0,
            ready: VecDeque::new(),
            names: Names::default(),
        }
    }

    fn start(money: MoneyTest) -> Option<Worker> {
        let (jobs, inbox) = sync_channel::<Vec<Record>>(1);
        let (outbox, done) = sync_channel::<Batch>(1);
        std::thread::Builder::new()
            .name("mirror-prepare".into())
            .spawn(move || {
                let mut names = Names::default();
                for records in inbox {
                    if outbox
                        .send(prepare_all(records, &*money, &mut names))
                        .is_err()
                    {
                        return;
                    }
                }
            })
            .ok()
            .map(|handle| Worker {
                jobs,
                done,
                handle: Some(handle),
            })
    }

    /// Hands a batch over; gives back the batch before it, prepared, once the worker is a batch
    /// ahead.
    pub fn hand(&mut self, records: Vec<Record>) -> Option<Batch> {
        if !self.started {
            self.started = true;
            self.worker = Self::start(self.money.clone());
        }
        self.send(records);
        if self.waiting + self.ready.len() > 1 {
            self.take()
        } else {
            None
        }
    }

    /// Hands the last batch over and gives back every batch still held, in order.
    pub fn finish(&mut self, records: Vec<Record>) -> Vec<Batch> {
        self.send(records);
        std::iter::from_fn(|| self.take()).collect()
    }

    fn send(&mut self, records: Vec<Record>) {
        match &self.worker {
            Some(worker) => match worker.jobs.send(records) {
                Ok(()) => self.waiting += 1,
                Err(_) => self.stopped(),
            },
            None => self
                .ready
                .push_back(prepare_all(records, &*self.money, &mut self.names)),
        }
    }

    /// The oldest batch held, prepared.
    fn take(&mut self) -> Option<Batch> {
        if let Some(batch) = self.ready.pop_front() {
            return Some(batch);
        }
        if self.waiting == 0 {
            return None;
        }
        self.waiting -= 1;
        match self.worker.as_ref().map(|w| w.done.recv()) {
            Some(Ok(batch)) => Some(batch),
            _ => self.stopped(),
        }
    }

    /// The worker ended while the writer still held it: only a panic does that, and it goes on
    /// here. Batches handed over are never silently dropped.
    fn stopped(&mut self) -> ! {
        if let Some(handle) = self.worker.take().and_then(|mut w| w.handle.take())
            && let Err(panic) = handle.join()
        {
            std::panic::resume_unwind(panic);
        }
        panic!("the thread preparing the mirror's records ended with batches still to give back");
    }
}

fn prepare_all(records: Vec<Record>, money: &dyn Fn(&str) -> bool, names: &mut Names) -> Batch {
    let mut texts = Texts::default();
    let records = records
        .iter()
        .map(|record| prepare(record, money, names, &mut texts))
        .collect();
    Batch { records, texts }
}

/// Parses, splits and hashes one record: what needs no database.
fn prepare(
    record: &RawRecord,
    money: &dyn Fn(&str) -> bool,
    names: &mut Names,
    texts: &mut Texts,
) -> MirrorResult<Prepared> {
    let value = crate::record::value_of(record).map_err(|e| MirrorError::Record(e.to_string()))?;
    let Value::Object(map) = value else {
        let kind = match value {
            Value::Array(_) => "array",
            Value::String(_) => "string",
            Value::Number(_) => "number",
            Value::Bool(_) => "boolean",
            _ => "null",
        };
        return Err(MirrorError::Record(kind.to_string()));
    };
    Ok(Prepared {
        split: cells::split(map, money, names, texts),
        hash: hash_of(record.get()),
    })
}

/// 64 bits of the record's SHA-256: equal texts, equal hashes; a changed record, a different one.
fn hash_of(text: &str) -> i64 {
    let digest = Sha256::digest(text.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    i64::from_be_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Record {
        RawRecord::from_string(text.to_string()).unwrap()
    }

    fn ids(batch: &Batch) -> Vec<String> {
        batch
            .records
            .iter()
            .map(|r| match r {
                Ok(p) => p.split.cells[0].text(&batch.texts).to_string(),
                Err(e) => format!("{e:?}"),
            })
            .collect()
    }

    #[test]
    fn batches_come_back_in_order_one_behind_and_all_at_the_end() {
        let mut preparer = Preparer::new(Arc::new(|c: &str| c == "valor"));
        assert!(preparer.hand(vec![raw(r#"{"id":1}"#)]).is_none());
        let first = preparer
            .hand(vec![raw(r#"{"id":2}"#), raw("[1]")])
            .expect("the first batch, once the second is handed");
        assert_eq!(ids(&first), ["1"]);
        let rest = preparer.finish(vec![raw(r#"{"id":3}"#)]);
        assert_eq!(rest.len(), 2);
        assert_eq!(ids(&rest[0])[0], "2");
        assert!(matches!(rest[0].records[1], Err(MirrorError::Record(ref k)) if k == "array"));
        assert_eq!(ids(&rest[1]), ["3"]);
    }

    #[test]
    fn a_stream_of_one_batch_is_prepared_without_a_thread() {
        let mut preparer = Preparer::new(Arc::new(|_: &str| false));
        let batches = preparer.finish(vec![raw(r#"{"id":7}"#)]);
        assert!(preparer.worker.is_none());
        assert_eq!(batches.len(), 1);
        assert_eq!(ids(&batches[0]), ["7"]);
    }
}
