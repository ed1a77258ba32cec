//! The completion check of `clinic doctor`: which shell the person runs clinic from (as the run's
//! variables tell it) and whether that shell loads clinic's completion, with the one step that
//! installs it. On Windows that is PowerShell (7, or Windows PowerShell 5.1), cmd, or Git Bash
//! (bash in `SHELL`), each advised in its own terms, never with a Unix path. PowerShell is told by
//! the user's own folder it puts first in `PSModulePath` (cmd sees only the system's), which also
//! gives the folder of `$PROFILE`; Windows by `OS=Windows_NT`.

use std::path::{Path, PathBuf};

use clap_complete::Shell;

use super::{Check, Status, said};
use crate::environment::Environment;

const NAME: &str = "completions";

/// The line `$PROFILE` needs: the script is printed by the running clinic, so it is always current.
const POWERSHELL_LINE: &str = "clinic completions powershell | Out-String | Invoke-Expression";

/// The shell a run was started from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detected {
    /// PowerShell 7 (`pwsh`), or Windows PowerShell 5.1, and the path `$PROFILE` names.
    PowerShell { classic: bool, profile: String },
    /// cmd.exe, or a Windows program started from no shell.
    Cmd,
    /// Git Bash (or MSYS2) on Windows, and the user's folder as Windows writes it.
    WindowsBash { home: String },
    /// A Unix shell: the one `SHELL` names, or those clinic has scripts for when it names none.
    Unix(Vec<Shell>),
}

/// The shell the variables of the run point to.
pub fn detect(env: &Environment) -> Detected {
    if let Some(found) = powershell(env) {
        return found;
    }
    let shell = env.var("SHELL").unwrap_or_default();
    if env.var("OS").as_deref() == Some("Windows_NT") {
        // Git Bash names its bash in SHELL; cmd and PowerShell name none.
        return match (shell.ends_with("/bash"), env.var("USERPROFILE")) {
            (true, Some(home)) if !home.is_empty() => Detected::WindowsBash { home },
            _ => Detected::Cmd,
        };
    }
    Detected::Unix(match shell.rsplit('/').next().unwrap_or_default() {
        "bash" => vec![Shell::Bash],
        "zsh" => vec![Shell::Zsh],
        "fish" => vec![Shell::Fish],
        _ => vec![Shell::Bash, Shell::Zsh, Shell::Fish],
    })
}

/// PowerShell, when `PSModulePath` starts with a folder in the user's home: PowerShell puts its
/// user modules folder there when it starts (`…\Documents\PowerShell\Modules` for 7,
/// `…\Documents\WindowsPowerShell\Modules` for 5.1), and the profile sits beside `Modules`.
fn powershell(env: &Environment) -> Option<Detected> {
    let paths = env.var("PSModulePath")?;
    let home = env
        .var("USERPROFILE")
        .or_else(|| env.var("HOME"))
        .filter(|h| !h.is_empty())?;
    // Windows separates the folders with `;`; Linux and macOS with `:`, which a `C:\` would break.
    let list: Vec<&str> = if paths.contains(';') || paths.contains('\\') {
        paths.split(';').collect()
    } else {
        paths.split(':').collect()
    };
    let home = home.to_lowercase();
    list.into_iter()
        .filter(|entry| entry.to_lowercase().starts_with(&home))
        .find_map(|entry| {
            let (folder, modules) = split_last(entry.trim_end_matches(['\\', '/']))?;
            let (_, name) = split_last(folder)?;
            if !modules.eq_ignore_ascii_case("modules") {
                return None;
            }
            let classic = name.eq_ignore_ascii_case("WindowsPowerShell");
            if !classic && !name.eq_ignore_ascii_case("PowerShell") {
                return None;
            }
            Some(Detected::PowerShell {
                classic,
                profile: profile_path(env, entry, folder),
            })
        })
}

/// `$PROFILE` (CurrentUserCurrentHost) for the modules folder `entry`, whose parent is `folder`:
/// beside `Modules` on Windows, written with the same separator; under the configuration folder
/// on Linux and macOS, where the modules live under the data folder instead.
fn profile_path(env: &Environment, entry: &str, folder: &str) -> String {
    const FILE: &str = "Microsoft.PowerShell_profile.ps1";
    if entry.contains('\\') {
        return format!("{folder}\\{FILE}");
    }
    let config = env
        .var("XDG_CONFIG_HOME")
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| format!("{}/.config", env.var("HOME").unwrap_or_default()));
    format!("{config}/powershell/{FILE}")
}

/// `path` split at its last separator, either kind.
fn split_last(path: &str) -> Option<(&str, &str)> {
    let at = path.rfind(['\\', '/'])?;
    Some((&path[..at], &path[at + 1..]))
}

/// The completion of the user's shell is installed where the shell looks, and current.
pub fn completions(env: &Environment) -> Check {
    match detect(env) {
        Detected::PowerShell { classic, profile } => powershell_check(classic, &profile),
        Detected::Cmd => Check::new(NAME, Status::Warn, said!("cli-doctor-completions-cmd")),
        Detected::WindowsBash { home } => windows_bash_check(&home),
        Detected::Unix(shells) => unix_check(&shells),
    }
}

fn powershell_check(classic: bool, profile: &str) -> Check {
    let shell = if classic {
        "Windows PowerShell 5.1"
    } else {
        "PowerShell 7"
    };
    if loads_completion(Path::new(profile)) {
        return Check::new(
            NAME,
            Status::Ok,
            said!(
                "cli-doctor-completions-powershell-ok",
                shell = shell,
                profile = profile
            ),
        );
    }
    // Windows PowerShell runs no profile script until the policy lets scripts run; 7 does.
    let detail = if classic {
        said!(
            "cli-doctor-completions-powershell-policy",
            shell = shell,
            profile = profile,
            line = POWERSHELL_LINE
        )
    } else {
        said!(
            "cli-doctor-completions-powershell-missing",
            shell = shell,
            profile = profile,
            line = POWERSHELL_LINE
        )
    };
    Check::new(NAME, Status::Warn, detail)
}

/// Whether the profile script loads clinic's completion: the line `doctor` recommends, the saved
/// script dot-sourced, or the registration pasted in. Windows PowerShell 5.1 writes a profile
/// appended with `>>` in UTF-16.
fn loads_completion(profile: &Path) -> bool {
    let Ok(bytes) = std::fs::read(profile) else {
        return false;
    };
    let text = match bytes.strip_prefix(b"\xff\xfe") {
        Some(utf16) => String::from_utf16_lossy(
            &utf16
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]))
                .collect::<Vec<_>>(),
        ),
        None => String::from_utf8_lossy(&bytes).into_owned(),
    };
    let text = text.to_lowercase();
    text.contains("clinic completions powershell")
        || text.contains("_clinic.ps1")
        || (text.contains("register-argumentcompleter") && text.contains("'clinic'"))
}

/// Git Bash's bash-completion reads the user's scripts from `~/.local/share/…`: the advice is
/// written as Git Bash takes it (`~/…`), the file looked for as Windows names it.
fn windows_bash_check(home: &str) -> Check {
    const SCRIPT: &str = "~/.local/share/bash-completion/completions/clinic";
    let path = format!(r"{home}\.local\share\bash-completion\completions\clinic");
    let current = crate::cli::complete::registration::script(Shell::Bash).unwrap_or_default();
    match std::fs::read(&path) {
        Ok(installed) if installed == current => {
            Check::new(NAME, Status::Ok, format!("bash: {SCRIPT}"))
        }
        Ok(_) => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-doctor-completions-differ",
                shell = "bash".to_string(),
                path = SCRIPT.to_string()
            ),
        ),
        Err(_) => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-doctor-completions-missing",
                command = format!("clinic completions bash > {SCRIPT}")
            ),
        ),
    }
}

fn unix_check(shells: &[Shell]) -> Check {
    for shell in shells {
        for path in install_paths(*shell) {
            let Ok(installed) = std::fs::read(&path) else {
                continue;
            };
            let current = crate::cli::complete::registration::script(*shell).unwrap_or_default();
            let shown = path.display();
            return if installed == current {
                Check::new(NAME, Status::Ok, format!("{shell}: {shown}"))
            } else {
                Check::new(
                    NAME,
                    Status::Warn,
                    said!(
                        "cli-doctor-completions-differ",
                        shell = shell.to_string(),
                        path = shown.to_string()
                    ),
                )
            };
        }
    }
    let shell = shells[0];
    let hint = install_paths(shell)
        .into_iter()
        .next()
        .map(|p| format!("clinic completions {shell} > {}", p.display()))
        .unwrap_or_else(|| format!("clinic completions {shell}"));
    Check::new(
        NAME,
        Status::Warn,
        said!("cli-doctor-completions-missing", command = hint),
    )
}

/// Where each shell finds completion scripts, the user's own place first.
fn install_paths(shell: Shell) -> Vec<PathBuf> {
    let dirs = directories::BaseDirs::new();
    let data = dirs.as_ref().map(|d| d.data_dir().to_path_buf());
    let conf = dirs.as_ref().map(|d| d.config_dir().to_path_buf());
    let home = dirs.as_ref().map(|d| d.home_dir().to_path_buf());
    let mut paths: Vec<PathBuf> = match shell {
        Shell::Bash => vec![
            data.map(|d| d.join("bash-completion/completions/clinic")),
            Some(PathBuf::from(
                "/usr/share/bash-completion/completions/clinic",
            )),
            Some(PathBuf::from("/etc/bash_completion.d/clinic")),
        ],
        Shell::Zsh => vec![
            home.map(|h| h.join(".zfunc/_clinic")),
            Some(PathBuf::from("/usr/local/share/zsh/site-functions/_clinic")),
            Some(PathBuf::from("/usr/share/zsh/vendor-completions/_clinic")),
        ],
        Shell::Fish => vec![
            conf.map(|c| c.join("fish/completions/clinic.fish")),
            Some(PathBuf::from(
                "/usr/share/fish/vendor_completions.d/clinic.fish",
            )),
        ],
        _ => Vec::new(),
    }
    .into_iter()
    .flatten()
    .collect();
    paths.dedup();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Environment {
        Environment::given(vars.iter().copied())
    }

    #[test]
    fn powershell_7_and_5_1_are_told_apart_by_the_users_modules_folder() {
        let seven = env(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", r"C:\Users\José"),
            (
                "PSModulePath",
                r"C:\Users\José\Documents\PowerShell\Modules;C:\Program Files\PowerShell\Modules;c:\program files\powershell\7\Modules;C:\Program Files\WindowsPowerShell\Modules;C:\WINDOWS\system32\WindowsPowerShell\v1.0\Modules",
            ),
        ]);
        assert_eq!(
            detect(&seven),
            Detected::PowerShell {
                classic: false,
                profile: r"C:\Users\José\Documents\PowerShell\Microsoft.PowerShell_profile.ps1"
                    .into()
            }
        );
        // A Documents folder moved into OneDrive, in Portuguese: the profile follows it.
        let classic = env(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", r"C:\Users\José"),
            (
                "PSModulePath",
                r"C:\Users\José\OneDrive\Documentos\WindowsPowerShell\Modules;C:\Program Files\WindowsPowerShell\Modules;C:\WINDOWS\system32\WindowsPowerShell\v1.0\Modules",
            ),
        ]);
        assert_eq!(
            detect(&classic),
            Detected::PowerShell {
                classic: true,
                profile: r"C:\Users\José\OneDrive\Documentos\WindowsPowerShell\Microsoft.PowerShell_profile.ps1".into()
            }
        );
    }

    #[test]
    fn cmd_has_only_the_systems_modules_folders() {
        let cmd = env(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", r"C:\Users\José"),
            ("PROMPT", "$P$G"),
            (
                "PSModulePath",
                r"C:\Program Files\WindowsPowerShell\Modules;C:\WINDOWS\system32\WindowsPowerShell\v1.0\Modules",
            ),
        ]);
        assert_eq!(detect(&cmd), Detected::Cmd);
        let git_bash = env(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", r"C:\Users\José"),
            ("SHELL", "/usr/bin/bash"),
        ]);
        assert_eq!(
            detect(&git_bash),
            Detected::WindowsBash {
                home: r"C:\Users\José".into()
            }
        );
        assert_eq!(
            detect(&env(&[("SHELL", "/usr/bin/zsh")])),
            Detected::Unix(vec![Shell::Zsh])
        );
    }

    #[test]
    fn pwsh_on_linux_keeps_its_profile_under_the_configuration_folder() {
        let linux = env(&[
            ("HOME", "/home/jose"),
            ("SHELL", "/bin/bash"),
            (
                "PSModulePath",
                "/home/jose/.local/share/powershell/Modules:/usr/local/share/powershell/Modules:/opt/microsoft/powershell/7/Modules",
            ),
        ]);
        assert_eq!(
            detect(&linux),
            Detected::PowerShell {
                classic: false,
                profile: "/home/jose/.config/powershell/Microsoft.PowerShell_profile.ps1".into()
            }
        );
    }
}
