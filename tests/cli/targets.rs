//! `-o` writes files, and only files: a FIFO or a device is written into and stays what it was, a
//! directory or a socket is refused before anything is sent, `-` is stdout, and a temporary file a
//! killed run left beside the target is removed by the next run.

use std::io::Read;
use std::os::unix::fs::FileTypeExt;

use crate::common::*;

/// `clinic ref channels --format FORMAT [-o TARGET]`.
fn channels(env: &Env, format: &str, target: Option<&std::ffi::OsStr>) -> std::process::Output {
    let mut cmd = env.clinic();
    cmd.args(["ref", "channels", "--format", format]);
    if let Some(target) = target {
        cmd.arg("-o").arg(target);
    }
    cmd.output().unwrap()
}

fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_fifo_with_a_reader_gets_the_data_and_stays_a_fifo() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(&fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    let out = channels(&env, "csv", Some(fifo.as_ref()));
    assert!(out.status.success(), "{}", stderr(&out));
    let got = reader.join().unwrap();
    let alone = channels(&env, "csv", None);
    assert_eq!(got, String::from_utf8(alone.stdout).unwrap());
    assert!(got.starts_with("id,"), "{got}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file"
    );
}

#[test]
fn a_device_is_written_into_and_stays_a_device() {
    let env = Env::new();
    // As root (a container, CI) a copy of /dev/null made with mknod; elsewhere /dev/null itself.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("null");
    let made = std::process::Command::new("mknod")
        .arg(&copy)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let device = if made {
        copy
    } else {
        eprintln!("mknod needs root: writing to /dev/null itself");
        std::path::PathBuf::from("/dev/null")
    };
    let out = channels(&env, "json", Some(device.as_ref()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let kind = std::fs::metadata(&device).unwrap().file_type();
    assert!(
        kind.is_char_device(),
        "{} is still a device",
        device.display()
    );
    if made {
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file"
        );
    }
}

#[test]
fn dev_stdout_and_dash_are_stdout() {
    let env = Env::new();
    let alone = channels(&env, "csv", None);
    for target in ["-", "/dev/stdout"] {
        let out = channels(&env, "csv", Some(target.as_ref()));
        assert!(out.status.success(), "{target}: {}", stderr(&out));
        assert_eq!(out.stdout, alone.stdout, "{target}");
    }
}

#[test]
fn a_directory_or_a_socket_is_refused_before_anything_is_sent() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    for target in [dir.path().to_path_buf(), socket.clone()] {
        env.clear_journal();
        let out = channels(&env, "csv", Some(target.as_ref()));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", target.display());
        assert!(err.contains("it is not a file"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(env.sent().is_empty(), "{:?}", env.sent());
    }
    assert!(std::fs::metadata(&socket).unwrap().file_type().is_socket());
}

#[test]
fn a_killed_runs_temporary_file_is_removed_by_the_next_run() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("canais.csv");
    // A pid no process has (beyond the kernel's largest), and this test's own, which runs.
    let dead = dir.path().join(".canais.csv.99999999.Xy12Ab.tmp");
    let alive = dir
        .path()
        .join(format!(".canais.csv.{}.Xy12Ab.tmp", std::process::id()));
    std::fs::write(&dead, "half an export").unwrap();
    std::fs::write(&alive, "being written").unwrap();
    let out = channels(&env, "csv", Some(target.as_ref()));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dead.exists());
    assert!(alive.exists());
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("id,"));
}
