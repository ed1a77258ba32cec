# What the commands (src/cli) write for people: errors, notes, prompts, pick lists, previews, checks.
# Keys are grouped by command. Arguments are named: { $name }.

## Shared

# A value refused while typing or by a flag's parser; $expected describes what is taken.
cli-expected = expected { $expected }
cli-expected-date-or-word = a real calendar date as YYYY-MM-DD or DD/MM/YYYY, or one of today, tomorrow, yesterday, week, month (hoje, amanhã, ontem, semana, mês)

## Guided contact form

cli-guided-refused = got { $given }, expected { $expected }
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
ask-default-yes = [Y/n]
ask-default-no = [y/N]
ask-yes-or-no = Answer y (yes) or n (no).
cli-guided-send = Send it?
cli-guided-cancelled = nothing was sent
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

# auth set-db-password: a PostgreSQL database's password, kept for that one database.
# $database is user@host:port/dbname; it never holds the password.
cli-auth-prompt-db-password = PostgreSQL password:{" "}
cli-auth-sandbox-db-password = with --sandbox no profile is changed: store a database password without --sandbox
cli-auth-db-password-stored = Password of { $database } stored in the { $store } for profile '{ $profile }'.
cli-auth-db-password-unstored = no store could keep the database password ({ $reasons }); use --insecure-storage, or set PGPASSWORD
cli-auth-no-db-password = profile '{ $profile }' has no stored password for { $database }
cli-auth-db-password-removed = Removed the password of { $database } from the { $store }.
cli-auth-db-password-absent = The { $store } had no password for { $database }; nothing to remove.
cli-db-password-missing-in-store = the { $store } holds no password for { $database }: store it again with `clinic auth set-db-password`, or set PGPASSWORD
cli-auth-empty-line = (an empty line)
cli-auth-expected-secret = the secret on the first line of standard input
cli-auth-no-terminal = no terminal to ask on: pass { $flag }
cli-auth-no-terminal-or-env = no terminal to ask on: pass { $flag } or set { $env }
cli-auth-nothing-typed = nothing was typed

## doctor, setup

cli-doctor-status-ok = ok
cli-doctor-status-warn = warn
cli-doctor-status-fail = FAIL
cli-doctor-name-credentials = credentials
cli-doctor-name-io-key = io key
cli-doctor-name-cache = name cache
cli-doctor-name-completions = completions
cli-doctor-config-unreadable = the configuration cannot be read
cli-doctor-failed = { $count ->
    [one] { $failed } of { $count } check failed
   *[other] { $failed } of { $count } checks failed
}
cli-doctor-config-ok = { $file }, profile '{ $profile }'
cli-doctor-config-no-profile = { $file } has no profile '{ $profile }': run `clinic setup`
cli-doctor-host-not-set = not set: clinic config set { $key } URL (or clinic setup)
cli-doctor-host-answers = { $address } answers (HTTP { $status })
cli-doctor-host-answers-via = { $address } answers (HTTP { $status }) through proxy { $proxy }
cli-doctor-api-answers = { $address } answers (HTTP { $status } to an API operation asked without a token): the API is there
cli-doctor-api-not-found = { $address } answers HTTP { $status } to an API operation: no API is at this address; base_url is the address that ends in /rest/v1
cli-doctor-api-server-error = { $address } answers HTTP { $status } to an API operation: the API is there but failing; try again later
cli-doctor-api-unexpected = { $address } answers HTTP { $status } to an API operation, which the API does not give: check base_url
cli-doctor-api-answers-via = { $address } answers through proxy { $proxy } (HTTP { $status } to an API operation asked without a token): the API is there
cli-doctor-api-not-found-via = { $address } answers HTTP { $status } to an API operation through proxy { $proxy }: no API is at this address; base_url is the address that ends in /rest/v1
cli-doctor-no-login = no login
cli-doctor-token-ok = { $who }: the service takes it
cli-doctor-token-untried = could not be tried: { $reason }
cli-doctor-store-env-token = CLINIC_TOKEN is set: no store is read
cli-doctor-store-no-token = no token stored: clinic login
cli-doctor-store-no-deployment = no deployment to look up: { $reason }
cli-doctor-store-ok = the { $store } holds the token
cli-doctor-store-slow = the { $store } holds the token, but took { $seconds } s to answer: unattended runs wait that long each time, and give up after 5 s
cli-doctor-unattended-token = an unattended run uses CLINIC_TOKEN, without the credential store
cli-doctor-unattended-login = with no token at hand, an unattended run logs in as { $login } with the password of CLINIC_PASSWORD or CLINIC_PASSWORD_FILE
cli-doctor-unattended-store-only = an unattended run has only the credential store's token: where it cannot reach the store (a locked keyring, a task that does not store the user's password) it exits 3; set CLINIC_LOGIN and CLINIC_PASSWORD_FILE for it
cli-doctor-store-missing = the { $store } has no token for { $login }: clinic login
cli-doctor-store-failed = the { $store }: { $reason }
# A split token's manifest in the store that does not add up: it reads as no token.
cli-doctor-store-damaged = the { $store } holds a damaged entry for { $login } (a long token's parts do not match their manifest), read as no token: clinic login
cli-doctor-io-key-env = CLINIC_IO_KEY is set
cli-doctor-io-key-kept = kept in the { $store }
cli-doctor-io-key-none = none: clinic auth set-io-key (only `clinic io` needs it)
cli-doctor-crm-not-set = not set: clinic config set crm_url URL (only the crm commands need it)
cli-doctor-crm-answers = { $address } answers crm.deal.list
cli-doctor-webhook-set = set (not called: each call creates a contact and a deal)
cli-doctor-webhook-not-set = not set: clinic config set webhook_id ID (crm contact create needs it)
cli-doctor-units-none = none: clinic config set units "A;B;C" (--unit is then sent as typed)
cli-doctor-units = { $count ->
    [one] { $count } unit: clinic crm units
   *[other] { $count } units: clinic crm units
}
cli-doctor-clinic-admin-none = no default clinic: as an admin_master, lists need --clinic (clinic config set clinica ID)
cli-doctor-clinic-none = no default clinic
cli-doctor-clinic-unseen = { $id } is not one of the clinics this login sees (clinic ref clinics)
cli-doctor-clinic-unread = { $id }: could not read the clinics: { $reason }
cli-doctor-cache-no-base = none without a base_url
cli-doctor-age-seconds = { $count } s
cli-doctor-age-minutes = { $count } min
cli-doctor-age-hours = { $count } h
cli-doctor-age-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
cli-doctor-cache-fresh = refreshed { $age } ago
cli-doctor-cache-stale = refreshed { $age } ago, stale: clinic cache refresh
cli-doctor-cache-empty = empty: clinic cache refresh (names on Tab come from it)
cli-doctor-completions-differ = { $shell }: { $path } differs from this version's: clinic completions { $shell } > { $path }
cli-doctor-completions-missing = not installed: { $command }
cli-doctor-host-proxy-refused = { $address } not reached: the proxy { $proxy } refused the request (HTTP 407; see the proxy line)
cli-doctor-token-ok-via = { $who }: the service takes it (through proxy { $proxy })
cli-doctor-token-proxy-refused = not tried: the proxy { $proxy } refused the request (HTTP 407; see the proxy line)
cli-doctor-crm-answers-via = { $address } answers crm.deal.list through proxy { $proxy }
cli-doctor-proxy-ok-profile = { $address } (the profile's proxy) answers and lets requests through
cli-doctor-proxy-ok-variable = { $address } (from { $variable }) answers and lets requests through
cli-doctor-proxy-ok-system = { $address } (from the system's settings) answers and lets requests through
cli-doctor-proxy-untried = { $address }: not tried ({ $reason })
cli-doctor-completions-powershell-ok = { $shell }: { $profile } ($PROFILE) loads it
cli-doctor-completions-powershell-missing = { $shell }: not installed: add this line to $PROFILE ({ $profile }): { $line }
cli-doctor-completions-powershell-policy = { $shell }: not installed: add this line to $PROFILE ({ $profile }): { $line } — and let it run once: Set-ExecutionPolicy -Scope CurrentUser RemoteSigned
cli-doctor-completions-cmd = cmd completes no program's flags: run clinic in PowerShell and see `clinic doctor` there (clinic completions powershell)
cli-setup-label-base-url = API address, ending in /rest/v1
cli-setup-label-io-url = Integrações IO host
cli-setup-label-automation-url = CRM automation host
cli-setup-label-crm-url = CRM inbound-webhook address
cli-setup-label-webhook-id = Automation webhook ID
cli-setup-label-units = CRM unit names, separated by ';'
cli-setup-sandbox = --sandbox leaves profiles alone: to set up a profile for a sandbox, run `clinic sandbox serve` and `clinic setup --sandbox-hosts ADDRESS`
cli-setup-no-base-url = no base_url: pass --base-url https://…/rest/v1 (or --sandbox-hosts ADDRESS)
cli-setup-default-clinic = Default clinic
cli-setup-prompt-keep = { $label } ({ $key }; Enter keeps { $shown })
cli-setup-prompt-unset = { $label } ({ $key }; Enter leaves it unset)
cli-setup-stopped = setup stopped ({ $reason }); nothing was changed
cli-setup-make-default = Make '{ $profile }' the profile commands use when none is named (now '{ $current }')?
cli-setup-saved = profile '{ $profile }' saved; checking each setting

## contact import

cli-import-summary = { $count ->
    [one] { $created } created, { $skipped } skipped, { $unknown } unknown, { $failed } failed, of { $count } row
   *[other] { $created } created, { $skipped } skipped, { $unknown } unknown, { $failed } failed, of { $count } rows
}
# Import journals: one import at a time per journal
cli-import-journal-busy = another import is using the journal { $journal } now; no row was sent. Run again once it has ended, or leave out --no-wait to wait for it
cli-import-journal-waiting = another import is using the journal { $journal }: waiting for it to end
cli-import-unknown-rows-journal = { $count ->
    [one] { $count } row was sent but whether it was created is unknown ({ $rows }); look them up with `clinic contact import { $file } --journal { $journal } --resolve-unknown`, then run the import again to send the rows that never arrived
   *[other] { $count } rows were sent but whether they were created is unknown ({ $rows }); look them up with `clinic contact import { $file } --journal { $journal } --resolve-unknown`, then run the import again to send the rows that never arrived
}
cli-import-unknown-rows = { $count ->
    [one] { $count } row was sent but whether it was created is unknown ({ $rows }); look them up (`clinic contact list --phone …`) before sending them again; with --journal, `--resolve-unknown` does it
   *[other] { $count } rows were sent but whether they were created is unknown ({ $rows }); look them up (`clinic contact list --phone …`) before sending them again; with --journal, `--resolve-unknown` does it
}
cli-import-row-list = rows { $rows }
cli-import-row-list-more = rows { $rows } and { $more } more
cli-import-journal-lost = created (ID { $id }), but the journal could not record it, so a later run will see it as unknown: { $reason }
cli-import-expected-readable = a readable CSV file ({ $reason })
# Text files people hand the tool (a sheet, --ids-from): how their bytes were read
cli-file-read-as-windows-1252 = { $file } is not UTF-8 (line { $line }, byte { $byte }): read as Windows-1252, the encoding of Excel's plain CSV; --encoding names another
cli-file-expected-text = text in UTF-8 or Windows-1252, but line { $line }, byte { $byte } ({ $value }) is neither: in Excel, save it as "CSV UTF-8 (Comma delimited)", or name its encoding with --encoding
cli-file-expected-encoding = text in { $encoding }, but line { $line }, byte { $byte } ({ $value }) is not: in Excel, save it as "CSV UTF-8 (Comma delimited)", or name its encoding with --encoding
cli-import-expected-csv = CSV ({ $reason })
cli-import-expected-columns = columns for { $columns } (see `clinic { $command } --help`)
cli-import-row-problem = row { $row }: { $problem }
cli-import-row-duplicate = row { $row }: the same contact (phone and name) as row { $earlier }
cli-import-more = … and { $count } more
cli-import-invalid-rows = { $count } of the rows are invalid; nothing was sent:
# An empty cell of a column every row needs.
cli-import-required = { $field } is required: expected { $expected }
cli-import-expected-clinic = a clinic column, --clinic, or the profile's clinica
cli-import-unmatched-names = { $count } names did not match; nothing was sent:
cli-import-resolve-elsewhere = { $count } rows of the journal in an unknown state are not in this file; they were left as they are
cli-import-resolve-nothing = no row of this file is in an unknown state; nothing to look up
cli-import-resolve-several = row { $row }: { $count } contacts match ({ $ids }); recording the first
cli-import-resolve-summary = { $created } found (recorded as created), { $not_sent } not found (recorded as not sent; the next run sends them), { $unknown } still unknown
cli-import-resolve-failed = { $count ->
    [one] { $rows } could not be looked up and is still unknown
   *[other] { $rows } could not be looked up and are still unknown
}

## contact, campaign, appointment

# A required value that was not given.
cli-contact-created = created contact { $id }
cli-campaign-created = created campaign { $id }
cli-campaign-expected-clinic = the clinic ID the campaign belongs to: pass --clinic or run `clinic config set clinica ID`
cli-contact-referred-0 = contacts nobody referred
cli-contact-referred-1 = referred contacts
cli-contact-nothing-to-update = nothing to update for contact { $id }: pass at least one of --name, --birth-date, --channel, --campaign, --note
cli-contact-updated = updated contact { $id }
cli-contact-expected-clinic = the clinic ID: cadastraCliente always needs it, even for clinic users; pass --clinic or run `clinic config set clinica ID`
cli-contact-upsert-created = no contact with that phone or e-mail: created one
cli-contact-upsert-several = { $count } contacts match ({ $ids }); updating the first
cli-contact-upsert-updated = contact { $id } exists: updated it
cli-appointment-status-set = appointment { $appointment } set to status { $status }
cli-appointment-status-set-named = appointment { $appointment } is now { $name } (status { $status })

## Flag values (shared parsers)

# A list of alternatives: $items are all but the last, separated by commas.
cli-or-list = { $items } or { $last }
cli-expected-0-or-1 = expected 0 or 1
cli-expected-one-clinic = one clinic ID or name (`all` and lists are for lists and reports, which read several clinics)
cli-expected-range-end = a date on or before the end of the range ({ $end })
cli-expected-readable-file = a readable file ({ $reason })
cli-expected-json = JSON ({ $reason })
cli-query-is-capital-q = tip: -q is --quiet; a query parameter is -Q KEY=VALUE (or --query KEY=VALUE)
cli-expected-method = expected GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS
cli-api-expected-page-number = a whole number from 1 (or use --page / --per-page)

## crm

cli-crm-expected-full-name = expected a first and a last name separated by a space
cli-crm-expected-utm-source = expected one of { $sources }
cli-crm-expected-stage = expected a stage of pipeline Unidade (did you mean { $near }?); stages: { $stages }
cli-crm-expected-filter = expected FIELD=VALUE, e.g. NAME=Ana or >ID=100
cli-crm-expected-order = expected FIELD:asc or FIELD:desc
cli-crm-no-units = profile '{ $profile }' has no units: clinic config set units "A;B;C" (--unit is then sent as typed)
cli-crm-expected-created-at = a real date and time as YYYY-MM-DD HH:MM[:SS] or DD/MM/YYYY HH:MM[:SS], e.g. 23/04/2024 10:30
cli-crm-no-webhook-id = no webhook_id for profile '{ $profile }': run `clinic config set webhook_id ID` or set CLINIC_WEBHOOK_ID
cli-crm-get-failed = record { $id }: { $message }
cli-crm-expected-ids = record IDs (whole numbers above 0) separated by line breaks, commas or spaces
cli-crm-expected-ids-file = a readable file of record IDs, or - for standard input ({ $reason })
cli-expected-partition-by = expected clinic, month or month:FIELD, comma-separated (e.g. clinic,month)
cli-since-not-here = --since needs a report whose list has a modified-since filter: report ficha-financeira (modificado_em_de). This command's list has none, and walking it whole would not be incremental
cli-expected-since = expected last, a date (2026-11-01 or 01/11/2026, or yesterday, week, month…) or a date and time (2026-11-01 08:30), or (clinic sync changes) a run number
cli-since-state-unreadable = the saved point { $id } cannot be read; `clinic state reset { $id }` forgets it (the next run then exports everything)
cli-since-first-run = no earlier complete run of this export into { $target }: every record is exported, and the next --since last starts from what this run's records say
cli-since-target-missing = { $target } is not there any more: every record is exported again, and the next --since last starts from what this run's records say
cli-since-migrated = the point saved by an earlier version of clinic (shared by every output of this export) now belongs to { $target }; any other output gets every record on its first run
cli-since-last-needs-output = -o FILE or -o FOLDER/: a point belongs to the file or dataset it was written to, and standard output keeps none
cli-since-point-ahead = the saved point { $since } is later than the server's clock ({ $server }): it was saved under a clock that ran ahead, so it is dropped and every record is exported
cli-since-clock-disagrees = the server's clock by its Date header ({ $server }) is behind the records' own times ({ $newest }) by more than the overlap: it is not trusted, and the point comes from the records
cli-since-filter-ignored = { $count } records modified before { $since } came: this deployment ignores the modified-since filter, so every record is read and written on each run
cli-since-nothing-saved = no record came, so no point is saved: the next --since last exports everything again
cli-since-no-modified-time = no record said when it was modified ({ $field }) and the server sent no clock: no point is saved, and the next --since last exports everything again
cli-since-from = only records modified since { $since }
cli-since-and-modified-from = either --since or --modified-from, not both (both say where modifications start)
cli-since-saved = the next --since last starts from { $since } (point { $id })
cli-state-reset = point { $id } forgotten: the next --since last of that export exports everything
cli-state-expected-id = the ID of a saved point (see `clinic state list`)
cli-resume-needs-clinic-partitions = --resume needs --partition-by clinic (or clinic,month) and -o DIR/: it fetches the clinics the last run into that dataset did not finish
cli-expected-schema-file = expected a readable schema file ({ $reason })
cli-expected-schema = expected a JSON object of column names and types (bool, int, decimal, date, timestamp, text): { $reason }
cli-crm-import-unknown-rows = { $count ->
    [one] { $count } row was sent but whether it was created is unknown ({ $rows }); run the same import again: each row is looked up in the CRM before it is sent, so it is sent again only if the CRM does not hold it (with --if-exists create nothing is looked up: check it in the CRM first)
   *[other] { $count } rows were sent but whether they were created is unknown ({ $rows }); run the same import again: each row is looked up in the CRM before it is sent, so they are sent again only if the CRM does not hold them (with --if-exists create nothing is looked up: check them in the CRM first)
}
cli-crm-import-expected-full-name = a first and a last name separated by a space
cli-crm-import-expected-utm-source = one of { $sources }
cli-crm-import-lookup-failed = not sent: the CRM could not look its phone and e-mail up ({ $reason })
cli-crm-import-row-duplicate = row { $row }: the same phone or e-mail as row { $earlier } (the automation would open a second deal for that contact)
cli-crm-contact-exists-skipped = a contact with this phone or e-mail is in the CRM already (ID { $ids }): nothing was sent
cli-crm-contact-exists-ask = The CRM has a contact with this phone or e-mail already (ID { $ids }). Call the webhook anyway? It opens another deal
cli-crm-contact-exists-refused = the CRM has a contact with this phone or e-mail already (ID { $ids }); nothing was sent: --if-exists skip leaves it at that, --if-exists create opens another deal for it
cli-contact-exists-skipped = a contact with this phone or e-mail is in the clinic already (ID { $ids }): nothing was created
cli-contact-exists-ask = The clinic has a contact with this phone or e-mail already (ID { $ids }). Create another patient anyway?
cli-contact-exists-refused = the clinic has a contact with this phone or e-mail already (ID { $ids }); nothing was created: --if-exists skip leaves it at that, --if-exists create registers another patient
cli-contact-duplicates-unchecked = could not look for a contact with this phone or e-mail ({ $reason }): creating it unchecked
cli-crm-duplicates-not-checked = no crm_url: the phone and e-mail are not looked up before the webhook is called
cli-crm-duplicates-unchecked = could not look the phone and e-mail up in the CRM ({ $reason }); calling the webhook
cli-crm-expected-timezone = an IANA time zone such as America/Sao_Paulo (clinic config set timezone …)
cli-crm-expected-unit = a unit of the profile's list; did you mean { $near }?
cli-crm-no-aliases = none (clinic crm aliases install)
cli-crm-field-name = field name
cli-crm-expected-field = a CRM field ID as the CRM spells it (NAME, PHONE, UF_CRM_…) or an alias of the profile; aliases: { $aliases }
cli-crm-expected-field-near = a CRM field ID as the CRM spells it (NAME, PHONE, UF_CRM_…) or an alias of the profile; did you mean { $near }? aliases: { $aliases }
cli-crm-expected-field-labels = { $expected }; or a user field's label; labels: { $labels }
cli-crm-no-labels = none
cli-crm-expected-one-label = one field's label, but several fields have it: { $codes } (name one by its code)
cli-crm-expected-category = one of the pipelines of this smart process, by name or ID: { $names }
cli-crm-expected-item-stage = one of the stages of the item's pipeline, by name or ID: { $names }
cli-crm-item-nothing-to-write = nothing to write: give --field FIELD=VALUE, --category or --stage
cli-crm-keyset-needs-all = --keyset is a way to walk a whole list: add --all
cli-crm-keyset-from-start = --keyset walks from the start: use --field '>ID=N' instead of --page
cli-crm-keyset-walk = { $count ->
    [one] { $count } record: walking by ID keyset
   *[other] { $count } records: walking by ID keyset
}
cli-crm-expected-multi-field = a multi-value field ({ $fields }): only they take a value type (PHONE:MOBILE=…), --add and --remove
cli-crm-expected-held-value = a value that { $field } of record { $id } holds (nothing was sent)
# $values: each item removed (-VALUE (ID n)) and each value added (+VALUE).
cli-crm-trace-multi-plan = { $field }: { $removed } removed, { $added } added: { $values }
cli-crm-update-unconfirmed = the CRM did not confirm the update: { $result }
cli-crm-aliases-sandbox = the sandbox leaves the configuration alone: run `clinic crm aliases install` without --sandbox

## report, report summary

cli-report-type-1 = Sessão (session)
cli-report-type-2 = Avaliação (evaluation): needs --has-quote
cli-report-has-quote-0 = evaluations without a quote
cli-report-has-quote-1 = evaluations with a quote
cli-report-expected-has-quote = 0 or 1 — the service requires it with --type 2 (evaluation): 0 = without a quote, 1 = with a quote
cli-summary-expected-by-quotes = month, seller, status, clinic, channel or service
cli-summary-expected-by-appointments = month, status, clinic or service (appointments carry no seller or channel)
cli-summary-done-quotes = { $groups ->
    [one] { $count } quotes in { $groups } group
   *[other] { $count } quotes in { $groups } groups
}
cli-summary-not-summed = { $count ->
    [one] 1 money value could not be read and was left out of the sums (see the not_summed column): { $records }
   *[other] { $count } money values could not be read and were left out of the sums (see the not_summed column): { $records }
}
cli-summary-not-summed-more = … and { $count } more
cli-summary-done-appointments = { $groups ->
    [one] { $count } appointments in { $groups } group
   *[other] { $count } appointments in { $groups } groups
}
cli-summary-expected-no-format = no --format with --chart, which draws text bars (use --chart-file for a chart beside any format)
cli-summary-expected-measure = count or a money field: { $fields }
cli-summary-expected-chart-name = a file name ending in .svg or .png
cli-summary-expected-chart-dir = a file in an existing directory
# The title of a chart: what the bars measure and the fields the records are grouped by (names as typed).
cli-summary-chart-title = { $measure } by { $by }
cli-summary-chart-failed = could not draw the chart: { $reason }
cli-summary-chart-written = chart written to { $path }

## cache, config, completions, io, sandbox hosts, start-up

cli-cache-none = no cache here: set base_url (the sandbox keeps none)
cli-cache-refreshed = { $count ->
    [one] refreshed { $lists } reference lists, the clinic-scoped ones for { $count } clinic
   *[other] refreshed { $lists } reference lists, the clinic-scoped ones for { $count } clinics
}
cli-cache-cleared = { $count ->
    [one] removed { $count } cached list
   *[other] removed { $count } cached lists
}
cli-config-not-set = { $key } is not set in profile '{ $profile }'
cli-config-set = { $key } set in profile '{ $profile }'
cli-config-unset = { $key } removed from profile '{ $profile }'
cli-config-use = commands now use profile '{ $profile }' when neither --profile nor CLINIC_PROFILE names one
cli-completions-unsupported = no completion for { $shell }
cli-completions-bash-not-utf8 = the bash script is not UTF-8: { $reason }
cli-completions-bash-changed = the bash registration script changed shape: the typed word cannot be passed
cli-io-key-refused = Integrações IO refused the API key (HTTP { $status }): { $message } — store the right one with `clinic auth set-io-key`, or set CLINIC_IO_KEY
cli-io-key-missing-in-store = the { $store } holds no IO key: run `clinic auth set-io-key`
cli-io-no-key = no Integrações IO key for profile '{ $profile }': run `clinic auth set-io-key`, or set CLINIC_IO_KEY
cli-sandbox-hosts-expected = a sandbox address (http://127.0.0.1:8787), the lines `clinic sandbox serve` printed (base_url=…), a file holding them, or - for standard input
cli-sandbox-hosts-expected-unreadable = a sandbox address (http://127.0.0.1:8787), the lines `clinic sandbox serve` printed (base_url=…), a file holding them, or - for standard input ({ $reason })
cli-sandbox-hosts-expected-key = a sandbox address (http://127.0.0.1:8787), the lines `clinic sandbox serve` printed (base_url=…), a file holding them, or - for standard input; the lines hold no { $key }=…
cli-main-could-not-start = could not start: { $reason }
cli-main-could-not-listen = could not listen for signals: { $reason }
# The last line when a stop signal (SIGINT, SIGTERM…) ends the program.
cli-main-interrupted = interrupted by { $signal }
# A panic on any thread: the run ends at once (exit 5), its temporary files removed.
cli-main-fault = stopped by an internal fault ({ $message } at { $place }); its unfinished files were removed — please report it

## Tables for people (table format only; other formats keep the record's own field names)

cli-auth-status-profile = profile
cli-auth-status-login = login
cli-auth-status-token-store = token_store
cli-auth-status-auth-scheme = auth_scheme
cli-auth-status-token-works = token_works
cli-auth-status-problem = problem
cli-auth-status-no-store = none
cli-auth-status-auto-scheme = bearer (auto-detect)
cli-auth-status-yes = true
cli-auth-status-no = false
cli-doctor-header-check = check
cli-doctor-header-status = status
cli-doctor-header-detail = detail

## What a walk reads, as its progress line names it.
cli-what-quotes = quotes
cli-what-appointments = appointments
cli-what-contacts = contacts
cli-what-records = records
cli-what-clinics = clinics
cli-what-channels = channels
cli-what-campaigns = campaigns
cli-what-services = services
cli-what-sellers = sellers
cli-what-creators = creators
cli-what-account-plans = account plans
cli-what-operation-types = operation types

cli-probe-failed = { $reason }
# $why: one of the cli-probe-zero-… texts, the evidence.
cli-probe-page-base = pages count from { $base } (page_base = { $base }): { $why }
cli-probe-zero-holds-others = page 0 holds records that page 1 does not
cli-probe-zero-empty = page 0 is empty while page 1 holds records
cli-probe-zero-repeats-first = page 0 holds the records of page 1
cli-probe-zero-refused = page 0 is refused (HTTP { $status })
cli-probe-zero-failed = page 0 fails (HTTP { $status })
cli-probe-page-base-unknown = could not tell from the answers
cli-probe-filter-zone = the modified-since filter's day is read { $zone ->
        [utc] in UTC
       *[local] in the profile's time zone
    } (filter_zone = { $zone }): a record modified at { $modified } came for a filter from { $from }
cli-probe-filter-zone-unknown = not learned yet: incremental runs ask from the earlier of the day in the profile's time zone and in UTC, which misses nothing; a run whose records show which day the filter reads remembers it
cli-probe-filter-zone-set = the modified-since filter's day is read { $zone ->
        [utc] in UTC
       *[local] in the profile's time zone
    } (filter_zone = { $zone }, set by hand: clinic config unset filter_zone lets runs learn it)
cli-probe-crm-family-item = item (crm.item.*): { $method } answered ERROR_METHOD_NOT_FOUND, so the CRM is spoken to in its universal methods (remembered in the profile)
cli-probe-crm-family-classic = classic (crm.contact.*, crm.deal.*, crm.lead.*): { $method } answered (remembered in the profile)
cli-probe-crm-family-said = { $family }: crm.api in the profile says so
cli-probe-crm-family-unknown = not known yet: the CRM's answer to crm.contact.list showed neither family
cli-probe-max-stated = at most { $max } records a page (max_per_page = { $max })
cli-probe-max-capped = asked for { $asked } a page, served { $served } without saying so
cli-probe-max-none = no page-size limit stated (asked for { $asked } a page)
cli-probe-charset-unnamed = UTF-8 (the Content-Type names no charset)
cli-probe-empty-page = a page past the end is an empty page (HTTP { $status })
cli-probe-empty-message = a page past the end is HTTP { $status } "{ $message }": read as an empty page
cli-probe-empty-repeats = a page past the end still holds records: the list never ends with an empty page
cli-probe-empty-unknown = a page past the end is HTTP { $status } "{ $message }": not recognised as "no records"
cli-summary-title-quotes = Quotes with status { $statuses } (sales are approved quotes; --status chooses others)
cli-summary-services-split = Each quote's value is split among its services by each item's own value (equally when an item has none); a quote counts under each of its services.
cli-summary-title-every = Quotes of every status (--status chooses)
cli-summary-no-sales-status = the quote-status list could not be read or names no “{ $status }” status: every status is summarised (--status chooses)
cli-campaign-not-checked = could not check for a campaign of the same name ({ $reason }); creating it
cli-campaign-name-taken = --name: a campaign of this clinic is already called { $existing }; nothing was sent (--allow-duplicate creates another of the same name)
cli-campaign-create-another = A campaign of this clinic is already called { $existing }. Create another one of the same name?
cli-summary-none = (none)
cli-summary-column-month = month
cli-summary-column-seller = seller
cli-summary-column-status = status
cli-summary-column-clinic = clinic
cli-summary-column-channel = channel
cli-summary-column-service = service
cli-summary-column-count = count
cli-summary-column-not_summed = not summed

## mcp: the Model Context Protocol server (`clinic mcp`)
cli-mcp-failed = the MCP server stopped: { $reason }
cli-mcp-records-file = the records could not be kept for the next pages (a temporary file): { $reason }
cli-mcp-records-file-full = the records kept for the next pages reached mcp.max_records_file
cli-mcp-records-too-many = nothing was kept: this read's records pass { $limit } bytes, the most kept for its pages (profile key mcp.max_records_file, 1GiB unless set); narrow it (dates, a clinic, a status) or raise the limit
cli-mcp-instructions = Access to a Clinic Results account through the clinic command line: reads, and writes only when the person allowed them when starting this server. A write runs only once a person said yes: the server asks them through this client (MCP elicitation) and refuses the write, sending nothing, where the client cannot ask; nothing you send approves a write. List tools take `limit` (default 100) and return `more` and a `cursor` to pass back, with the same arguments, for the next page: a cursor continues its own read, whatever other calls come in between, for 10 minutes after its last call; `total` is given as soon as it is known: from the first page when the service counted the one clinic read, else once the read has ended (`total_known`). With clinic = "all", `keep_going` = true answers the clinics that answered and names the others in `note`. Phones, e-mails, birth dates and CPFs are masked unless the person chose to share them when starting this server.
cli-mcp-unknown-tool = no tool named '{ $name }'
cli-mcp-unknown-argument = argument '{ $name }': this tool takes no such argument (see its input schema)
cli-mcp-wrong-type = argument '{ $name }': { $given } is not of the type its input schema gives
cli-mcp-bad-limit = argument 'limit': { $given } is not a whole number of records, 1 or more
cli-mcp-bad-cursor = argument 'cursor': this cursor was not made by this tool for these arguments; call again without 'cursor' to start from the first record
cli-mcp-arg-limit = Records per call, at most (default 100); a page also stops at 32 KiB of records. The answer says more = true and gives a cursor when more records follow
cli-mcp-arg-cursor = The cursor of the previous answer, to read the next page of the same read; pass the same other arguments. Leave it out to start from the first record
cli-mcp-resource-needs-clinic = { $uri } is kept per clinic and this login names none: read { $template } with a clinic's ID or name (clinic://ref/clinics lists them)
cli-mcp-resource-template-about = { $command } of one clinic, by its ID or name
cli-mcp-walk-expired = argument 'cursor': the read this cursor continues is no longer kept (a read is kept 10 minutes after its last call, and at most 4 at once); call again without 'cursor' to read from the first record
cli-mcp-cancelled = cancelled: the read stopped and nothing more is asked of the service
cli-mcp-progress = { $records } records read
cli-mcp-kept-going = some clinics failed and their records are not here; the records are those of the clinics that answered: { $failed }
# clinic mcp --allow-writes: a write is confirmed by the person
cli-mcp-confirm-question = An assistant asks to run, on your clinic's account: { $what } ({ $tool }) with { $summary }. Accept runs it; Decline sends nothing.
cli-mcp-confirm-unreadable = the client answered the question with something that is no answer
cli-mcp-confirm-declined = The person declined: nothing was sent.
cli-mcp-confirm-failed = nothing was sent: the person could not be asked through the client ({ $reason })
cli-mcp-writes-need-elicitation = this client did not declare the MCP `elicitation` capability, so the person cannot be asked; use a client that supports elicitation, or start the server with --writes host-approval (profile key mcp.writes = "host-approval") where the host application asks its person before each tool call
cli-mcp-writes-refused = nothing was sent: { $command } runs only once a person said yes, and { $reason }
cli-mcp-writes-without-writes = --writes chooses who approves a write, and no write is offered: add --allow-writes (or set mcp.allow_writes true)
# clinic mcp: prompts and resources
cli-mcp-prompt-agenda-about = A day's agenda by time: today unless a date is given; one clinic, or the login's own
cli-mcp-prompt-agenda-text = Show the agenda of { $date }. Call report_appointments with from = "{ $date }" and to = "{ $date }"{ $clinic }, following its cursor until more is false, and list the appointments by time: time, patient, professional, procedure and status. Say how many there are in all (total), and point out those still unconfirmed.
cli-mcp-prompt-sales-about = Sales by clinic for a month: this month unless one is given
cli-mcp-prompt-sales-text = Show the sales by clinic from { $from } to { $to }. Call summary with by = ["clinic"], from = "{ $from }" and to = "{ $to }"{ $clinic }, and show each clinic's count and value as the tool gives them, largest first, with the total. Do not add records up yourself: the summary already covers every page.
cli-mcp-prompt-register-about = Register a new contact (a write: the person approves it before it is sent)
cli-mcp-prompt-register-text = Help me register a new contact. Ask me for the name, the phone with area code, the birth date, the channel and the campaign (names are fine; ref_channels and ref_campaigns list them). Then call contact_create once: I am asked, outside this conversation, whether to run the command it shows, and only my yes sends it.
cli-mcp-prompt-arg-clinic = A clinic's ID or name, or "all" for every clinic the login sees (ref_clinics lists them); left out: the login's own clinic, or every clinic for a login that sees several
cli-mcp-prompt-arg-date = The day, as YYYY-MM-DD; left out: today
cli-mcp-prompt-arg-month = The month, as YYYY-MM; left out: this month
cli-mcp-prompt-clinic-given = { " " }and clinic = "{ $clinic }"
cli-mcp-prompt-clinic-any = { " " }(add clinic = "all" if the login sees several clinics, as ref_clinics tells, or the tool answers that a clinic is needed)
cli-mcp-prompt-bad-argument = argument '{ $name }': "{ $given }" is not { $expected }
cli-mcp-resource-about = The reference list as `clinic { $command }` gives it, every record
cli-mcp-unknown-resource = no resource at { $uri } (the reference lists are clinic://ref/NAME)
cli-mcp-unknown-prompt = no prompt named '{ $name }'
cli-mcp-missing-argument = argument '{ $name }' is required (see the tool's input schema): nothing was sent and no one was asked
cli-mcp-confirm-cancelled = The person closed the question without answering: nothing was sent.
cli-mcp-tools-unknown = --tools/--exclude-tools: '{ $name }' is neither a tool nor a set (sets: { $sets }; `clinic mcp` lists the tools to its client)
cli-mcp-tools-need-writes = --tools names the write tool { $name }: writes are offered only with --allow-writes (or mcp.allow_writes true)
cli-mcp-arg-fields = The columns each record holds, in this order (dotted names for nested fields); left out: every column. Fewer columns fit more records in a page
cli-mcp-arg-fields-compact = The columns each record holds, in this order; left out: { $fields }. ["*"] gives the whole record (about 40 columns)
cli-mcp-arg-sort = Order of the records: a field, or several separated by commas, each with :desc for largest first (e.g. "valor:desc,data"). A sorted read answers once it has read every record
cli-mcp-arg-clinic = A clinic's ID or name (ref_clinics lists them), several separated by commas, or "all" for every clinic the login sees. Left out: the login's own clinic; a login that sees several clinics must name one
cli-mcp-arg-if-exists = What to do when the clinic has a contact with this phone or e-mail already: "skip" sends nothing and says so, "create" registers another one anyway
cli-mcp-arg-keep-going = With several clinics: a clinic that fails is left out and named in the answer's `note`; the records are those of the clinics that answered
cli-mcp-said-tool = the tool `{ $name }`
cli-mcp-said-profile = a setting of the person's profile, made outside this conversation
cli-mcp-about-paging = Paging: `limit` records per call (default 100, and at most 32 KiB); the answer holds `records`, `returned`, `more`, `total_known` and, once known, `total`. While `more` is true, call again with the same arguments and the answer's `cursor` for the next page.
cli-mcp-about-instead = For counts and money sums (by month, seller, status, clinic, channel, service) call summary instead of adding pages up; to join or filter across lists, call sql on the mirror.
cli-mcp-about-approval = A write: it runs only once the person approves it outside this conversation; the answer says sent = true, or declined or cancelled with nothing sent.
cli-mcp-about-ref = The reference list of { $list }: one record per entry, with its ID and name. Other tools take these IDs or names (a status, a seller, a channel).
cli-mcp-about-write = { $what }.
cli-mcp-about-report-appointments = The appointments of the clinics, one record per appointment: id, unidade (clinic), data_agendamento (date), hora_inicio, hora_fim, nome_cliente (patient), telefone_cliente, servico, profissional, sala, status. Narrow it with from/to (dates, or today), status, clinic.
cli-mcp-about-report-ficha = The Ficha Financeira: one record per quote or sale, by default id, codigo, clinica, data, cliente (patient), status, valor (amount) and vendedor (seller); `fields` picks other columns, ["*"] the whole record. Narrow it with from/to, status (e.g. Aprovado for sales), seller, clinic.
cli-mcp-about-contact-list = The clinic's prospects and customers, one record per person: id, clinica, nome, telefone, email, data_nascimento, criado_em, canal, campanha, situacao (prospect or customer), origens (each origin: channel, campaign, date). Filter by name, phone, e-mail or creation dates.
cli-mcp-about-crm-contact-list = The CRM's contacts, one record per contact: ID, NAME, LAST_NAME, PHONE, EMAIL, DATE_CREATE, ASSIGNED_BY_ID. Filter and pick fields with this tool's arguments.
cli-mcp-about-crm-deal-list = The CRM's deals, one record per deal: ID, TITLE, STAGE_ID, OPPORTUNITY (amount), CONTACT_ID, DATE_CREATE, ASSIGNED_BY_ID. Filter and pick fields with this tool's arguments.
cli-mcp-about-crm-lead-list = The CRM's leads, one record per lead: ID, TITLE, NAME, LAST_NAME, STATUS_ID, SOURCE_ID, OPPORTUNITY (amount), DATE_CREATE, ASSIGNED_BY_ID. Filter and pick fields with this tool's arguments.
cli-mcp-about-crm-get = Every field of CRM records named by their IDs, one record per ID.
cli-mcp-about-crm-type-list = The CRM's smart processes (its own kinds of record, such as treatments or follow-up visits), one record each: entityTypeId, title. Either names the process as the type of crm_item_list and crm_item_get.
cli-mcp-about-crm-item-list = The items of one smart process of the CRM, named by type (its title or entityTypeId, as crm_type_list gives them), one record per item: id, title, stageId, categoryId (pipeline), contactId, createdTime, updatedTime, and the process's own ufCrm… fields. stage and category keep the items of a stage or pipeline given by its name.
cli-mcp-about-crm-item-get = Every field of one item of a smart process, named by type (its title or entityTypeId) and its id.
cli-mcp-about-summary = Counts and money sums of the Ficha Financeira (or of appointments), grouped by the `by` columns, computed over every record of the read, not one page: one row per group with its count and value. Use it for totals rather than adding up the pages of a report.
cli-mcp-about-doctor = Checks the configuration, the service's hosts, the login and the caches, one record per check with its status: call it when the other tools fail for a reason that is not in their arguments.
cli-mcp-about-sql = A read-only SQL query (SQLite) on the mirror that the person's sync keeps of the clinic's lists: one record per row. Use it to join or filter across lists, or for sums the summary tool does not offer; its answer is as fresh as the last sync.
cli-mcp-out-records = The records of this page, each an object
cli-mcp-out-returned = How many records this page holds
cli-mcp-out-more = Whether more records follow: call again with `cursor`
cli-mcp-out-cursor = Pass it back, with the same arguments, for the next page
cli-mcp-out-total = How many records the whole read holds
cli-mcp-out-total-known = Whether `total` is known yet: false while a read the service did not count is still going on
cli-mcp-out-note = What the reader should know of these records (with keep_going: the clinics that failed)
