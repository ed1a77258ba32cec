# What the commands (src/cli) write for people: errors, notes, prompts, pick lists, previews, checks.
# Keys are grouped by command. Arguments are named: { $name }.

## Shared

# A value refused while typing or by a flag's parser; $expected describes what is taken.
cli-expected = expected { $expected }

## Guided contact form

cli-guided-missing-flags = { $count ->
    [one] missing required { $flags }: pass it as a flag (on a terminal the command asks for it)
   *[other] missing required { $flags }: pass them as flags (on a terminal the command asks for them)
}
cli-guided-missing-flags-clinic = { $count ->
    [one] missing required { $flags }: pass it as a flag, or set a default with `clinic config set clinica ID` (on a terminal the command asks for it)
   *[other] missing required { $flags }: pass them as flags, the clinic also as a default with `clinic config set clinica ID` (on a terminal the command asks for them)
}
cli-guided-clinic = Clinic
cli-guided-name = Name
cli-guided-phone = Mobile phone, e.g. (16) 99264-0197
cli-guided-birth-date = Birth date (DD/MM/YYYY)
cli-guided-channel = Channel
cli-guided-campaign = Campaign
cli-guided-email = E-mail (optional)
cli-guided-list-empty = the { $list } list is empty: pass the ID as a flag
cli-guided-only-entry = { $label }: { $id }  { $name }
cli-guided-pick = { $label } (ID or name)
cli-guided-no-such-id = no entry of the { $list } list has ID { $id }: type an ID the list shows, or a name
cli-guided-menu-title = { $label }:
cli-guided-menu-more = … and { $count } more: type a name, or part of one to see the closest
cli-guided-send = Send it?
cli-guided-cancelled = cancelled: nothing was sent
cli-guided-stopped = the form stopped ({ $reason }); nothing was sent

## login, logout, auth

cli-auth-stdin-twice = --sandbox-hosts - and --password-stdin both read standard input: give the sandbox's address or a file instead
cli-auth-prompt-login = Login:{" "}
cli-auth-prompt-password = Password:{" "}
cli-auth-prompt-io-key = IO API key:{" "}
# Who logged in: the login and the kind of user the service reports (admin_master, clinica).
cli-auth-who = { $login } ({ $kind })
cli-auth-logged-in-sandbox = Logged in to the sandbox as { $who }; nothing was stored.
cli-auth-password-not-saved = the password was not saved: { $reasons }
cli-auth-profile-at-sandbox = profile '{ $profile }' points at the sandbox: base_url, io_url, automation_url, crm_url, webhook_id and units set
cli-auth-logged-in = Logged in as { $who } on profile '{ $profile }'; token stored in the { $store }.
cli-auth-token-in-plain-file = the token is in a plain file: { $path }
cli-auth-token-printed = no store could keep the token ({ $reasons }); it was printed to standard output instead
cli-auth-token-unstored-file-tried = logged in, but no store could keep the token ({ $reasons }); export it yourself: CLINIC_TOKEN=$(clinic login … | cat)
cli-auth-token-unstored = logged in, but no store could keep the token ({ $reasons }); run `clinic login --insecure-storage` to keep it in a 0600 file, or capture it: export CLINIC_TOKEN=$(clinic login … | cat)
cli-auth-logout-nothing = profile '{ $profile }' has no stored token or IO key
cli-auth-logged-out = Logged out of profile '{ $profile }': removed the token of { $login } from the { $store }.
cli-auth-logout-no-token = Profile '{ $profile }': the { $store } had no token for { $login }; nothing to remove.
cli-auth-sandbox-io-key-remove = the sandbox's IO key is fixed; nothing to remove
cli-auth-sandbox-io-key-store = the sandbox's IO key is fixed; nothing to store
cli-auth-no-io-key = profile '{ $profile }' has no stored IO key
cli-auth-io-key-removed = Removed the IO API key of profile '{ $profile }' from the { $store }.
cli-auth-io-key-absent = Profile '{ $profile }': the { $store } had no IO API key; nothing to remove.
cli-auth-token-to-terminal = refusing to print the token to a terminal; pipe it, or pass --show
cli-auth-io-key-stored = IO API key stored in the { $store } for profile '{ $profile }'.
cli-auth-io-key-unstored = no store could keep the IO key ({ $reasons }); use --insecure-storage, or set CLINIC_IO_KEY
cli-auth-empty-line = (an empty line)
cli-auth-expected-secret = the secret on the first line of standard input
cli-auth-no-terminal = no terminal to ask on: pass { $flag }
cli-auth-no-terminal-or-env = no terminal to ask on: pass { $flag } or set { $env }
cli-auth-nothing-typed = nothing was typed
