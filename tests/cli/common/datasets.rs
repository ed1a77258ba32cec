//! Reading what an export left: the files of a dataset folder, and what the journal's requests to the
//! Ficha Financeira asked for.

use std::path::Path;

use super::{Env, is_to, query_of};

/// The folder's own lock (which also counts its runs): there from the first run on, whatever it did.
pub const DATASET_LOCK: &str = ".clinic-dataset";

/// Every file of a dataset folder below `dir` (the folder's lock aside), by its path under `dir`.
pub fn dataset_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path != dir.join(DATASET_LOCK) {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push(name);
            }
        }
    }
    files.sort();
    files
}

/// The query parameter `key` of each request of the journal to the Ficha Financeira.
pub fn ficha_parameter_sent(env: &Env, key: &str) -> Vec<Option<String>> {
    env.sent()
        .iter()
        .filter(|e| is_to(e, "/lista_venda_orcamento"))
        .map(|e| {
            query_of(e)
                .into_iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
        })
        .collect()
}

/// The `modificado_em_de` each request of the journal sent to the Ficha Financeira.
pub fn modified_from_sent(env: &Env) -> Vec<Option<String>> {
    ficha_parameter_sent(env, "modificado_em_de")
}
