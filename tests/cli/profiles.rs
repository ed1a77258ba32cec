//! `clinic config use NAME`: the profile commands use when none is named.

use crate::common::*;

#[test]
fn config_use_makes_a_profile_the_default_until_another_is_chosen() {
    let env = Env::new();
    let get = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            stderr(&out),
        )
    };
    let set = env
        .bare()
        .args(["--profile", "matriz", "config", "set", "clinica", "7"])
        .output()
        .unwrap();
    assert!(set.status.success(), "{}", stderr(&set));
    assert_eq!(
        get(&["config", "get", "clinica"]).0,
        Some(1),
        "default has none"
    );

    let (code, _, said) = get(&["config", "use", "matriz"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("'matriz'"), "{said}");
    assert_eq!(get(&["config", "get", "clinica"]).1, "7");
    // A named profile still wins, by flag or environment.
    assert_eq!(
        get(&["--profile", "default", "config", "get", "clinica"]).0,
        Some(1)
    );
    let env_named = env
        .bare()
        .env("CLINIC_PROFILE", "default")
        .args(["config", "get", "clinica"])
        .output()
        .unwrap();
    assert_eq!(env_named.status.code(), Some(1));

    // A profile the file lacks is refused, naming those it has; nothing changes.
    let (code, _, said) = get(&["config", "use", "matirz"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("matirz") && said.contains("default, matriz"),
        "{said}"
    );
    assert_eq!(get(&["config", "get", "clinica"]).1, "7");

    let (code, _, said) = get(&["config", "use", "default"]);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(get(&["config", "get", "clinica"]).0, Some(1));
    let file = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(!file.contains("default_profile"), "{file}");
}
