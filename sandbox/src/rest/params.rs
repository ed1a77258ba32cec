//! Query-string parameters of the list calls, checked the way the service checks them:
//! every rejection names the parameter, the value and what was expected.

use axum::http::StatusCode;

use crate::data::{DayRange, day_of, parse_date, search::TextQuery};
use crate::error::{ApiError, NO_RECORDS};
use crate::{LinkPaging, Options, PageZero};

/// Parameters in arrival order; `name[]` counts as `name`.
pub struct Query {
    pairs: Vec<(String, String)>,
}

/// The page a client asked for: `page` counted from 1 whatever the deployment's numbering, and
/// `asked`, the number echoed back in `pagina_atual`.
#[derive(Clone, Copy, Debug)]
pub struct Paging {
    pub page: u64,
    pub per_page: u64,
    pub asked: u64,
    /// Page 0 under `--page-zero empty`: answered without records, but as an ordinary list with
    /// the true counters (whatever `--empty-list` and `--past-end` say).
    pub nothing: bool,
}

fn positive(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|n| *n > 0)
}

impl Query {
    pub fn parse(raw: Option<&str>) -> Result<Query, ApiError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(raw.unwrap_or(""))
            .map_err(|_| ApiError::bad_request("query string ilegível"))?;
        let pairs = pairs
            .into_iter()
            .map(|(name, value)| match name.strip_suffix("[]") {
                Some(base) => (base.to_owned(), value),
                None => (name, value),
            })
            .collect();
        Ok(Query { pairs })
    }

    fn values<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The last value of `name`, if any (possibly empty).
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The last value of `name` when it is not blank.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.raw(name).map(str::trim).filter(|v| !v.is_empty())
    }

    /// `pagina_atual` and `por_pagina`, both required integers: the page from the deployment's first
    /// page on (`--page-base`), the size positive and within `--max-per-page`. Page 0 of a deployment
    /// whose pages start at 1 is answered as `--page-zero` says: refused here like any page out of
    /// range, failed here with its own answer, or passed on as page 1 or as a page without records.
    pub fn paging(&self, opts: &Options) -> Result<Paging, ApiError> {
        let base = opts.first_page();
        let zero = (base == 1).then(|| opts.page_zero());
        let number = |name: &str, least: u64, from: u64| -> Result<u64, ApiError> {
            let expected = if from == 0 {
                "inteiro, a partir de 0"
            } else {
                "inteiro positivo, a partir de 1"
            };
            let value = self.raw(name).ok_or_else(|| {
                ApiError::bad_request(format!("parâmetro {name} é obrigatório ({expected})"))
            })?;
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| *n >= least)
                .ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "parâmetro {name} inválido: '{value}' (esperado {expected})"
                    ))
                })
        };
        let least = match zero {
            None | Some(PageZero::Refused) => base,
            Some(_) => 0,
        };
        let per_page = number("por_pagina", 1, 1)?;
        if let Some(max) = opts.page_limit().filter(|max| per_page > *max) {
            return Err(ApiError::bad_request(if opts.max_per_page_unstated {
                "O parâmetro por_pagina excede o máximo permitido".to_owned()
            } else {
                format!("O parâmetro por_pagina deve ser no máximo {max} (recebido: {per_page})")
            }));
        }
        if opts.paging.by_link() {
            // `pagina_atual` means nothing here: the page is the link's (`page`) or the cursor's.
            let page = page_asked(self, opts)?;
            return Ok(Paging {
                page,
                per_page,
                asked: page,
                nothing: false,
            });
        }
        let asked = number("pagina_atual", least, base)?;
        let paging = |page: u64, asked: u64, nothing: bool| Paging {
            page,
            per_page,
            asked,
            nothing,
        };
        match (asked, zero) {
            (0, Some(PageZero::Empty)) => Ok(paging(1, 0, true)),
            // Read as 1, and echoed so.
            (0, Some(PageZero::First)) => Ok(paging(1, 1, false)),
            (0, Some(PageZero::NotFound)) => Err(ApiError::not_found(NO_RECORDS).verbatim()),
            (0, Some(PageZero::ServerError)) => {
                Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Erro interno").verbatim())
            }
            _ => Ok(paging(asked - base + 1, asked, false)),
        }
    }

    /// An optional ID filter: a positive integer.
    pub fn id(&self, name: &str) -> Result<Option<u32>, ApiError> {
        self.text(name)
            .map(|value| {
                positive(value)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "parâmetro {name} inválido: '{value}' (esperado ID, inteiro positivo)"
                        ))
                    })
            })
            .transpose()
    }

    /// An optional 0/1 flag; blank means "all".
    pub fn flag(&self, name: &str) -> Result<Option<bool>, ApiError> {
        match self.text(name) {
            None => Ok(None),
            Some("0") => Ok(Some(false)),
            Some("1") => Ok(Some(true)),
            Some(value) => Err(ApiError::bad_request(format!(
                "parâmetro {name} inválido: '{value}' (esperado 0 ou 1)"
            ))),
        }
    }

    /// An optional `YYYY-MM-DD` date, as a day number.
    pub fn date(&self, name: &str) -> Result<Option<i64>, ApiError> {
        self.text(name)
            .map(|value| {
                parse_date(value).map(day_of).ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "parâmetro {name} inválido: '{value}' (esperado data AAAA-MM-DD, ex.: 2024-03-31)"
                    ))
                })
            })
            .transpose()
    }

    /// `<prefix>_de` .. `<prefix>_ate`, both inclusive, either optional.
    pub fn date_range(&self, prefix: &str) -> Result<DayRange, ApiError> {
        Ok(DayRange {
            from: self.date(&format!("{prefix}_de"))?,
            to: self.date(&format!("{prefix}_ate"))?,
        })
    }

    /// A set of IDs in `1..=max`, given as `1,2,3`, `[1,2,3]` or repeated parameters,
    /// as a bit mask (bit `id`); 0 when absent.
    pub fn id_set(&self, name: &str, max: u32, list_call: &str) -> Result<u32, ApiError> {
        let mut mask = 0u32;
        for value in self.values(name) {
            let inner = value.trim();
            let inner = inner
                .strip_prefix('[')
                .and_then(|v| v.strip_suffix(']'))
                .unwrap_or(inner);
            for item in inner.split(',') {
                let item = item.trim().trim_matches('"');
                if item.is_empty() {
                    continue;
                }
                let id = positive(item).ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "parâmetro {name} inválido: '{value}' (esperado IDs separados por vírgula, ex.: 1,2,3 ou [1,2,3])"
                    ))
                })?;
                if id > u64::from(max) {
                    return Err(ApiError::bad_request(format!(
                        "parâmetro {name} inválido: o ID {id} não existe (IDs de 1 a {max}, veja {list_call})"
                    )));
                }
                mask |= 1 << id;
            }
        }
        Ok(mask)
    }

    /// A closest-match search term.
    pub fn search(&self, name: &str) -> Option<TextQuery> {
        self.text(name).and_then(TextQuery::new)
    }
}

/// The cursor a page is known by: opaque to the client, which only sends it back.
pub(super) fn cursor_of(page: u64) -> String {
    format!("c{:x}", page ^ 0x5a5a)
}

fn page_of_cursor(cursor: &str) -> Option<u64> {
    u64::from_str_radix(cursor.strip_prefix('c')?, 16)
        .ok()
        .map(|n| n ^ 0x5a5a)
        .filter(|n| *n >= 1)
}

/// The page a request asks for under `--paging`: its `page` (or `cursor`), 1 when it names none.
fn page_asked(query: &Query, opts: &Options) -> Result<u64, ApiError> {
    let (name, value) = match opts.paging {
        LinkPaging::Cursor => ("cursor", query.raw("cursor")),
        _ => ("page", query.raw("page")),
    };
    let Some(value) = value else {
        return Ok(1);
    };
    let page = match opts.paging {
        LinkPaging::Cursor => page_of_cursor(value.trim()),
        _ => value.trim().parse::<u64>().ok().filter(|n| *n >= 1),
    };
    page.ok_or_else(|| ApiError::bad_request(format!("parâmetro {name} inválido: '{value}'")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lists_accept_commas_brackets_and_repeats() {
        let q = Query::parse(Some("status=1,2&status%5B%5D=%5B3%2C%204%5D")).unwrap();
        assert_eq!(q.id_set("status", 8, "x").unwrap(), 0b11110);
        assert!(
            Query::parse(Some("status=9"))
                .unwrap()
                .id_set("status", 8, "x")
                .is_err()
        );
        assert!(
            Query::parse(Some("status=a"))
                .unwrap()
                .id_set("status", 8, "x")
                .is_err()
        );
    }

    #[test]
    fn paging_names_the_parameter_and_value() {
        let opts = Options::default();
        let err = Query::parse(Some("pagina_atual=0&por_pagina=5"))
            .unwrap()
            .paging(&opts)
            .unwrap_err();
        assert!(err.message.contains("pagina_atual") && err.message.contains("'0'"));
        let err = Query::parse(Some("pagina_atual=1"))
            .unwrap()
            .paging(&opts)
            .unwrap_err();
        assert!(err.message.contains("por_pagina"));
        let quirks = Options {
            dialect: crate::Dialect::Quirks,
            ..Options::default()
        };
        let zero = Query::parse(Some("pagina_atual=0&por_pagina=25"))
            .unwrap()
            .paging(&quirks)
            .unwrap();
        assert_eq!((zero.page, zero.asked), (1, 0));
        let err = Query::parse(Some("pagina_atual=0&por_pagina=26"))
            .unwrap()
            .paging(&quirks)
            .unwrap_err();
        assert!(err.message.contains("no máximo 25"), "{}", err.message);
    }
}
