//! The scripts that register `clinic` for completion in each shell: printed by `clinic completions`,
//! compared with what is installed by `clinic doctor`.

use clap_complete::env::{Bash, Elvish, EnvCompleter, Fish, Zsh};

use super::COMPLETE_VAR;
use crate::error::Result;

/// The program the registration scripts call back: `clinic` on the PATH.
pub const COMPLETER: &str = "clinic";

/// The PowerShell registration. clap's own registers only the name `clinic`, reads the answer in
/// the console's code page and inserts values bare; this one also registers `clinic.exe` (as the
/// command is typed on Windows), reads the answer as UTF-8 (so accented names come back whole) and
/// single-quotes values that PowerShell would otherwise split or interpret. The answers themselves
/// come from clap's PowerShell completer (`COMPLETE=powershell`).
const POWERSHELL_REGISTRATION: &str = r#"# clinic completion for PowerShell. To load it in every session, add this line to $PROFILE:
#   clinic completions powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName 'clinic', 'clinic.exe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $prevComplete = $env:COMPLETE
    $prevEncoding = [Console]::OutputEncoding
    $env:COMPLETE = 'powershell'
    [Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false)
    try {
        $line = $commandAst.Extent.Text
        $line = $line.Substring(0, [math]::Min($cursorPosition, $line.Length))
        if ($wordToComplete -eq '') {
            $line += " ''"
        }
        $results = Invoke-Expression "& clinic -- $line"
    }
    finally {
        [Console]::OutputEncoding = $prevEncoding
        if ($null -eq $prevComplete) {
            Remove-Item Env:\COMPLETE
        }
        else {
            $env:COMPLETE = $prevComplete
        }
    }
    $results | ForEach-Object {
        $split = $_.Split("`t")
        $value = $split[0]
        $help = if ($split.Length -ge 2) { $split[1] } else { $value }
        $text = $value
        if ($value -match '[\s''"$;,(){}@&|<>#`]') {
            $text = "'" + $value.Replace("'", "''") + "'"
        }
        [System.Management.Automation.CompletionResult]::new($text, $value, 'ParameterValue', $help)
    }
}
"#;

/// The registration script of a shell, as `clinic completions SHELL` prints it.
pub fn script(shell: clap_complete::Shell) -> Result<Vec<u8>> {
    let completer: &dyn EnvCompleter = match shell {
        clap_complete::Shell::Bash => &Bash,
        clap_complete::Shell::Zsh => &Zsh,
        clap_complete::Shell::Fish => &Fish,
        clap_complete::Shell::PowerShell => return Ok(POWERSHELL_REGISTRATION.as_bytes().to_vec()),
        clap_complete::Shell::Elvish => &Elvish,
        other => {
            return Err(crate::error::Error::Usage(crate::t!(
                "cli-completions-unsupported",
                shell = other.to_string()
            )));
        }
    };
    let mut script = Vec::new();
    completer.write_registration(COMPLETE_VAR, "clinic", "clinic", COMPLETER, &mut script)?;
    if shell == clap_complete::Shell::Bash {
        return with_raw_word(script);
    }
    Ok(script)
}

/// Bash hands completion the word being typed without its opening quote, so the bash script also
/// passes the word as typed: a name must be quoted differently inside `"…` than outside any quote.
fn with_raw_word(script: Vec<u8>) -> Result<Vec<u8>> {
    const CALL: &str = "        COMPLETE=\"bash\" \\\n";
    let text = String::from_utf8(script).map_err(|e| {
        crate::error::Error::Other(crate::t!(
            "cli-completions-bash-not-utf8",
            reason = e.to_string()
        ))
    })?;
    if !text.contains(CALL) {
        return Err(crate::error::Error::Other(crate::t!(
            "cli-completions-bash-changed"
        )));
    }
    let raw = format!(
        "        {}=\"${{COMP_WORDS[COMP_CWORD]}}\" \\\n{CALL}",
        super::RAW_WORD_VAR
    );
    Ok(text.replacen(CALL, &raw, 1).into_bytes())
}
