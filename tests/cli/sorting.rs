//! `--sort` on every report, and appointments in the order a day happens.

use serde_json::Value;

use crate::common::*;

fn ndjson(out: &std::process::Output) -> Vec<Value> {
    assert!(out.status.success(), "{}", stderr(out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn appointments_come_by_date_and_time_and_sort_orders_any_report() {
    let env = Env::new();
    let appointments = ndjson(&env.run(&["report", "appointments", "--all", "--format", "ndjson"]));
    assert!(appointments.len() > 20);
    // The service's dates may be written either way; the order is the calendar's.
    let moment = |a: &Value| {
        let day = a["data_agendamento"].as_str().unwrap().to_string();
        let day = match day.split('/').collect::<Vec<_>>().as_slice() {
            [d, m, y] => format!("{y}-{m}-{d}"),
            _ => day,
        };
        format!("{day} {}", a["hora_inicio"].as_str().unwrap_or(""))
    };
    let moments: Vec<String> = appointments.iter().map(moment).collect();
    assert!(moments.windows(2).all(|w| w[0] <= w[1]), "{moments:?}");

    let quotes = ndjson(
        &env.run(
            &[
                FICHA_ALL,
                &["--sort", "valor:desc", "--format", "ndjson"][..],
            ]
            .concat(),
        ),
    );
    let values: Vec<f64> = quotes
        .iter()
        .map(|q| q["valor"].as_f64().unwrap())
        .collect();
    assert!(values.len() > 20);
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");

    // A sort that names no direction it knows is refused before anything is sent.
    env.clear_journal();
    let out = exited(
        env.run(&["report", "appointments", "--sort", "data_agendamento:up"]),
        2,
    );
    assert!(stderr(&out).contains("FIELD:desc"), "{}", stderr(&out));
    assert!(env.sent().is_empty());
}
