# Help of every command and flag, clap's own words, and the help topics.
# Keys follow the command tree: help-<command path> (attributes .long: the long description, .after:
# text after the flags), help-<command path>--<flag> for a flag, help-<…>--<flag>--<value> for one of
# a flag's values; the root and the global flags are help-clinic…
# Command names, flag names and values typed by users are never translated.

## Clap's own words

help-heading-usage = Usage:
help-heading-arguments = Arguments
help-heading-options = Options
help-heading-commands = Commands
help-heading-global-options = Global options
help-value-command = COMMAND
help-value-file = FILE
help-value-name = NAME
help-value-names = NAMES
help-value-date = DATE
help-value-datetime = DATETIME
help-value-field = FIELD
help-value-value = VALUE
help-value-text = TEXT
help-value-duration = DURATION
help-value-size = SIZE
help-value-path = PATH
help-value-lang = LANG
help-value-key = KEY
help-value-dir = DIR
help-value-topic = TOPIC
help-value-addr = ADDR
help-value-lines = LINES
help-value-format = FORMAT
help-value-phone = PHONE
help-value-note = NOTE
help-value-appointment = APPOINTMENT
help-value-method = METHOD
help-value-first_name = FIRST_NAME
help-value-last_name = LAST_NAME
help-value-full_name = FULL_NAME
help-value-secondary_phone = SECONDARY_PHONE
help-value-unit = UNIT
help-value-status = STATUS
help-flag-help = Print help
help-flag-help-short = Print help (see more with '--help')
help-flag-help-long = Print help (see a summary with '-h')
help-flag-version = Print version
help-error-unknown-argument = unexpected argument '{ $argument }' found
help-error-similar-argument = {"  "}tip: a similar argument exists: '{ $argument }'
help-error-unknown-command = unrecognized subcommand '{ $command }'
help-error-similar-command = {"  "}tip: a similar subcommand exists: '{ $command }'
help-error-invalid-value = invalid value '{ $value }' for '{ $argument }'
help-error-value-missing = a value is required for '{ $argument }' but none was supplied
help-error-possible-values = {"  ["}possible values: { $values }]
help-error-value-refused = invalid value '{ $value }' for '{ $argument }': { $reason }
help-error-conflict = the argument '{ $argument }' cannot be used with '{ $other }'
help-error-missing-arguments = the following required arguments were not provided: '{ $arguments }'
help-error-more = For more information, try '--help'.

## clinic
help-clinic = Command-line client for the Clinic Results API, its CRM and Integrações IO webhooks
    .after =
    Examples:
      clinic login --base-url https://example.com/rest/v1
      clinic ref channels
      clinic report ficha-financeira --from 2024-01-01 --to 2024-12-31 --all --format csv -o ficha.csv
      clinic --sandbox report appointments --all --limit 20

    Topics: clinic help environment, clinic help exit-codes, clinic help network

    Exit codes: 0 ok · 1 other failure · 2 invalid input (nothing sent) · 3 not logged in / token rejected ·
    4 request refused by the API · 5 server or network failure after retries ·
    128+N stopped by signal N: 130 SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT
help-clinic--profile = Configuration profile [default: `config use`, else default]
help-clinic--format = Output format [default: table on a terminal, json otherwise]
help-clinic--format--xlsx = An Excel workbook with typed cells; binary, so only into a file (`-o`)
help-clinic--format--parquet = A typed, columnar Parquet file (zstd); binary, so only into a file (`-o`)
help-clinic--columns = Select and order columns (dotted names reach nested fields); `all` for every column
help-clinic--jq = Apply a jq filter to each record (or to the answer) before formatting, e.g. 'select(.valor > 100) | {"{"}id, cliente{"}"}'
help-clinic--raw-output = Print strings as they are, unquoted, one per line (as jq -r); --jq does so unless a format is asked for
help-clinic--sort = Order the records by these fields, FIELD or FIELD:desc, comma-separated (dates, numbers and text each in their own order); appointments come by date and time unless this says otherwise
help-clinic--excel = CSV for Excel pt-BR: ';' separator, UTF-8 BOM, formula-injection guard
help-clinic--output = Write to FILE (atomically: nothing under that name unless the command succeeds)
help-clinic--partition-by = With -o DIR/: write a dataset of Hive-style folders, one file per partition (DIR/clinica=12/mes=2026-11/part-RUN.parquet) and a manifest per run; month is of the record's main date, or of FIELD (parquet, csv, tsv, ndjson)
help-clinic--since = Only records modified since DATE or DATETIME (report ficha-financeira: modificado_em_de); last: since the last complete run of the same export, less --since-overlap With clinic sync changes: a run number, or a date (the changes of the runs after it)
help-clinic--since-overlap = With --since last: how long before a run's start the next one begins, so a record changed during a run is not missed [default: 10m]
help-clinic--resume = With --clinic all (or several) and --partition-by clinic: fetch only the clinics the dataset's last run did not finish (its manifest says which); with --keep-going, a run that fails on some clinics keeps the others
help-clinic--schema = With --format parquet: a JSON file naming the type some columns start from ({"{"}"codigo": "text", "valor": "decimal"{"}"}; bool, int, decimal, date, timestamp, text); a later value that does not fit still widens the column. With `clinic sql` and no file: list the mirror's tables and columns
help-clinic--all = Every page of a list, also on a terminal table (files, pipes and other formats get every page anyway; not to be confused with --clinic all)
help-clinic--page = Read only this page (your Nth, 1-based, whatever the deployment counts from); with --all, the first page of the walk
help-clinic--per-page = Records per page [default: 50]
help-clinic--limit = Stop after N records
help-clinic--concurrency = Requests in flight during walks [default: 4]
help-clinic--max-pages = A walk that reaches N pages without reaching the end stops with an error (exit 5) [default: no limit]
help-clinic--timeout = How long the server may stay silent — connecting (10s at most) or between two pieces of an answer; one request may take ten times as long in all; with `clinic sql`, how long a query of a mirror file may run [default: 60s]
help-clinic--max-wait = How long a request is retried after 429, 5xx (reads only) or a network failure; 0 = never [default: 5m]
help-clinic--max-operating-wait = How long in all to wait for the CRM's operating-time windows (429 OPERATION_TIME_LIMIT names when its window ends); apart from --max-wait [default: 15m]
help-clinic--max-answer-size = The largest answer read, e.g. 10MB or 1GiB [default: 256MiB]
help-clinic--cacert = Also trust the CA certificates of this PEM file (a server with a private certificate authority)
help-clinic--verbose = Trace each request on stderr (method, URL, status, time; secrets and personal data masked); -vv also shows personal data
help-clinic--trace-personal = Show personal data (names, phones, e-mails, birth dates, CRM filters) in traces and errors, which otherwise mask it (as -vv does)
help-clinic--quiet = Print nothing but results and errors
help-clinic--lang = Language of the interface for this command: en or pt-BR
help-clinic--sandbox = Run against a built-in sandbox with synthetic data, logged in as its clinic user
help-clinic--sandbox-scale = Size of the built-in sandbox (records per report)

## setup
help-setup = Set up a profile in one step (hosts, webhook ID, units, clinic, login), then check it
    .after =
    Examples:
      clinic setup
      clinic setup --base-url https://example.com/rest/v1 --io-url https://io.example.com \
          --automation-url https://automacao.example.com --crm-url https://x.bitrix24.com.br/rest/17/SECRET/ \
          --webhook-id ID --units "SP Campinas;DF Brasília" --clinic 1 --login maria
      clinic --profile sandbox setup --sandbox-hosts 127.0.0.1:8787 --login admin --clinic 1
    On a terminal, what the flags leave out is asked for (Enter keeps the current value), and when no
    token works you are asked to log in. Then each setting is checked, one line each; any FAIL exits 1.
help-setup--base-url = API address ending in /rest/v1
help-setup--io-url = Integrações IO host
help-setup--automation-url = CRM automation host (the contact-and-deal webhook)
help-setup--crm-url = CRM inbound-webhook address, .../rest/<user>/<secret>/ (a credential)
help-setup--webhook-id = The automation webhook's ID
help-setup--units = CRM unit names, separated by ';' (or ',')
help-setup--clinic = Default clinic: ID or name
help-setup--sandbox-hosts = Every host of a running `clinic sandbox serve` (its address, or the lines it printed, as text or a file), with its webhook ID and units
help-setup--login = Log in as NAME [default on a terminal: asked when no token works]
help-setup--password-stdin = Read the password from the first line of standard input
help-setup--insecure-storage = Allow a plain 0600 file when no secure store works
help-setup--save-password = Also keep the password, so an expired token is renewed without asking
help-setup--make-default = Make this profile the one commands use when neither --profile nor CLINIC_PROFILE names one (on a terminal, asked at the end)

## doctor
help-doctor = Check the configuration, hosts, token, credential store, name cache and completions
    .after =
    Examples:
      clinic doctor
      clinic --profile matriz doctor --format json
    Each line is ok, warn (something a command will miss) or FAIL; any FAIL exits 1.

help-doctor--probe = Also find how this deployment answers (page numbering, page-size limit, token scheme, charset, empty lists) with a few one-record reads, and remember it in the profile
help-doctor--unattended = Check as cron or Task Scheduler would run: the credential store given 5 s even at a terminal, and what such a run can log in with

## login
help-login = Log in and keep the token in the OS keyring  [Autenticação]
    .after =
    Examples:
      clinic login --base-url https://example.com/rest/v1
      printf '%s\n' "$PASSWORD" | clinic login --login maria --password-stdin
      clinic --profile matriz login --login admin --insecure-storage
      clinic --profile sandbox login --sandbox-hosts 127.0.0.1:8787 --login admin
help-login--base-url = API address ending in /rest/v1 (saved in the profile)
help-login--sandbox-hosts = Point the profile at a running `clinic sandbox serve`: its address, or the lines it printed (as text, a file, or - for standard input). Sets all four hosts, its webhook ID and its units
help-login--login = User name [env: CLINIC_LOGIN; asked on a terminal]
help-login--password-stdin = Read the password from the first line of standard input
help-login--password-file = Read the password from the first line of FILE, which only its owner may read (chmod 600)
help-login--insecure-storage = Allow a plain 0600 file when no secure store works
help-login--save-password = Also keep the password, so an expired token is renewed without asking

## logout
help-logout = Forget the stored token of this profile
    .after =
    Example:
      clinic --profile matriz logout

## auth
help-auth = Token and key management

## auth status
help-auth-status = Show the profile, base URL, login, token store, and whether the token works
    .after =
    Example:
      clinic auth status

## auth token
help-auth-token = Print the token (only into a pipe or file, unless --show)
    .after =
    Example:
      export CLINIC_TOKEN=$(clinic auth token)
help-auth-token--show = Print it even to a terminal

## auth set-io-key
help-auth-set-io-key = Store the Integrações IO API key (or remove it with --remove)
    .after =
    Examples:
      printf '%s\n' "$KEY" | clinic auth set-io-key --stdin
      clinic auth set-io-key --remove
help-auth-set-io-key--stdin = Read the key from the first line of standard input
help-auth-set-io-key--insecure-storage = Allow a plain 0600 file when no secure store works
help-auth-set-io-key--remove = Remove the stored key from its store instead of storing one

## auth set-db-password
help-auth-set-db-password = Store the password of one PostgreSQL database `clinic sync --to` writes to (or remove it with --remove)
    .after =
    The URL names the database without its password; the password is typed at the prompt or read
    from standard input, never given on the command line. It is kept for that user, host, port and
    database only, and PGPASSWORD, when set, still wins.
    Examples:
      clinic auth set-db-password postgres://bi@db.example.com/warehouse
      printf '%s\n' "$PW" | clinic auth set-db-password postgres://bi@db.example.com/warehouse --stdin
      clinic auth set-db-password postgres://bi@db.example.com/warehouse --remove
help-auth-set-db-password--url = The database: postgres://user@host[:port]/database, without a password
help-auth-set-db-password--stdin = Read the password from the first line of standard input
help-auth-set-db-password--insecure-storage = Allow a plain 0600 file when no secure store works
help-auth-set-db-password--remove = Remove the stored password from its store instead of storing one

## config
help-config = Read and change profile settings
    .after =
    Keys:
      base_url         the API address ending in /rest/v1 (https, or http on loopback)
      io_url           the Integrações IO host (https, or http on loopback)
      automation_url   the CRM automation host (https, or http on loopback)
      crm_url          the CRM inbound-webhook base, .../rest/<user>/<secret>/ (a credential)
      webhook_id       the automation webhook's ID
      clinica          default clinic ID (a positive whole number)
      auth_scheme      bearer or raw
      format           table, json, ndjson, csv or tsv
      per_page         records per page for lists and walks (1-10000)
      concurrency      pages in flight during walks (1-32)
      timezone         an IANA time zone for CRM date-times, e.g. America/Sao_Paulo
      units            CRM unit names for crm contact create --unit: "A;B;C", or "A,B,C" if no ';'
      timeout          how long the server may stay silent, e.g. 30s or 2m (default 60s)
      max_wait         how long a failing request is retried, e.g. 5m (default 5m; 0 = never)
      max_answer_size  the largest answer read, e.g. 256MiB or 10MB (default 256MiB)
      ca_bundle        a PEM file of extra CA certificates to trust (a private certificate authority)
      language         the interface language: en or pt-BR
      aliases.<name>   a CRM field ID for <name>, e.g. aliases.email = UF_CRM_1676052930
    Examples:
      clinic config set base_url https://example.com/rest/v1
      clinic --profile matriz config set clinica 3
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"
      clinic config set aliases.email UF_CRM_1676052930

## config list
help-config-list = Every key set in this profile
    .after =
    Example:
      clinic config list --format json
help-config-list--show = Show crm_url unmasked

## config get
help-config-get = One key's value, as plain text (exit 1 when unset)
    .after =
    Example:
      clinic config get base_url
help-config-get--key = The key to read, e.g. base_url (see `clinic config --help`)
help-config-get--show = Show crm_url unmasked

## config set
help-config-set = Set a key (validated)
    .after =
    Keys:
      base_url         the API address ending in /rest/v1 (https, or http on loopback)
      io_url           the Integrações IO host (https, or http on loopback)
      automation_url   the CRM automation host (https, or http on loopback)
      crm_url          the CRM inbound-webhook base, .../rest/<user>/<secret>/ (a credential)
      webhook_id       the automation webhook's ID
      clinica          default clinic ID (a positive whole number)
      auth_scheme      bearer or raw
      format           table, json, ndjson, csv or tsv
      per_page         records per page for lists and walks (1-10000)
      concurrency      pages in flight during walks (1-32)
      timezone         an IANA time zone for CRM date-times, e.g. America/Sao_Paulo
      units            CRM unit names for crm contact create --unit: "A;B;C", or "A,B,C" if no ';'
      timeout          how long the server may stay silent, e.g. 30s or 2m (default 60s)
      max_wait         how long a failing request is retried, e.g. 5m (default 5m; 0 = never)
      max_answer_size  the largest answer read, e.g. 256MiB or 10MB (default 256MiB)
      ca_bundle        a PEM file of extra CA certificates to trust (a private certificate authority)
      language         the interface language: en or pt-BR
      aliases.<name>   a CRM field ID for <name>, e.g. aliases.email = UF_CRM_1676052930
    Examples:
      clinic config set base_url https://example.com/rest/v1
      clinic --profile matriz config set clinica 3
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"
      clinic config set aliases.email UF_CRM_1676052930
help-config-set--key = The key to set (see the list below)
help-config-set--value = Its new value

## config unset
help-config-unset = Remove a key
    .after =
    Example:
      clinic config unset clinica
help-config-unset--key = The key to remove

## config path
help-config-path = Print the configuration file's path
    .after =
    Example:
      clinic config path

## config use
help-config-use = Make a profile the one commands use when none is named
    .after =
    Example:
      clinic config use sandbox
help-config-use--name = The profile's name (`default`, or one the configuration file has)

## contact
help-contact = Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]

## contact create
help-contact-create = Register a contact (POST /cadastraCliente)  [Entrada — Atração]
    .long =
    Register a contact (POST /cadastraCliente)  [Entrada — Atração]

    The service does not deduplicate: `clinic contact upsert` looks the contact up first.
    .after =
    Example:
      clinic contact create --name "Maria José d'Ávila" --phone "(16) 99264-0197" \
          --birth-date 23/04/1990 --channel 3 --campaign 12 --email maria@example.com --clinic 1
    On a terminal, the required fields left out are asked for: clinic, channel and campaign from lists
    of `ID  name`, answered with an ID or a name.
help-contact-create--name = Full name (required)
help-contact-create--phone = Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197 (required)
help-contact-create--birth-date = Birth date, YYYY-MM-DD or DD/MM/YYYY (required)
help-contact-create--channel = Channel: ID or name, see `clinic ref channels` (required)
help-contact-create--campaign = Campaign: ID or name, see `clinic ref campaigns` (required)
help-contact-create--email = E-mail
help-contact-create--note = Free-text note
help-contact-create--clinic = Clinic ID or name (required: the service takes it on every new contact, clinic users' too) [default: the profile's `clinica`]
help-contact-create--if-exists = When the clinic has a contact with this phone or e-mail already (looked up in lista_cliente) [default: ask]
help-contact-create--if-exists--ask = Ask at a terminal; a script is refused, nothing created
help-contact-create--if-exists--skip = Create nothing and exit 0 (nightly jobs)
help-contact-create--if-exists--create = Create another patient anyway, without looking

## contact update
help-contact-update = Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]
    .after =
    Example:
      clinic contact update 4821 --channel 2 --campaign 7 --note "Veio pelo Instagram"
help-contact-update--id = Contact ID
help-contact-update--name = Full name
help-contact-update--birth-date = Birth date (YYYY-MM-DD or DD/MM/YYYY)
help-contact-update--channel = Channel of this new origin: ID or name
help-contact-update--campaign = Campaign of this new origin: ID or name
help-contact-update--note = Free-text note
help-contact-update--clinic = Clinic ID or name [default: the profile's `clinica`]

## contact list
help-contact-list = List prospects and customers (GET /lista_cliente)  [Saída — Atração]
    .after =
    Examples:
      clinic contact list --phone 16992640197
      clinic contact list --created-from 2024-01-01 --all --format csv -o contatos.csv
help-contact-list--name = Closest-match name search
help-contact-list--phone = Phone, any spelling (sent as digits)
help-contact-list--secondary-phone = Secondary phone, any spelling (sent as digits)
help-contact-list--email = E-mail
help-contact-list--created-from = Created from (YYYY-MM-DD or DD/MM/YYYY)
help-contact-list--created-to = Created to
help-contact-list--birth-from = Born from
help-contact-list--birth-to = Born to
help-contact-list--referred-by = Referred by this contact ID
help-contact-list--referred = Referred contacts only (1) or not referred (0)
help-contact-list--active = Active records only (inativo=0)
help-contact-list--inactive = Inactive records only (inativo=1)
help-contact-list--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-contact-list--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## contact upsert
help-contact-upsert = Create the contact, or update it when one with the same phone or e-mail exists
    .after =
    Example:
      clinic contact upsert --name "Maria Souza" --phone 16992640197 --birth-date 1990-04-23 \
          --channel 3 --campaign 12 --clinic 1
help-contact-upsert--name = Full name (required)
help-contact-upsert--phone = Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197 (required)
help-contact-upsert--birth-date = Birth date, YYYY-MM-DD or DD/MM/YYYY (required)
help-contact-upsert--channel = Channel: ID or name, see `clinic ref channels` (required)
help-contact-upsert--campaign = Campaign: ID or name, see `clinic ref campaigns` (required)
help-contact-upsert--email = E-mail
help-contact-upsert--note = Free-text note
help-contact-upsert--clinic = Clinic ID or name (required: the service takes it on every new contact, clinic users' too) [default: the profile's `clinica`]

## contact import
help-contact-import = Create contacts from a CSV file, validated whole before anything is sent, resumable
    .after =
    Example:
      clinic contact import novos.csv --journal novos.journal --concurrency 4
    Columns (header row; English or Portuguese names, ',' or ';' separated):
      name|nome, phone|telefone, birth_date|data_nascimento, channel|canal, campaign|campanha,
      email, note|observacao, clinic|clinica (else --clinic or the profile's clinica)
    With --journal, rows already created by an earlier run (same phone and name) are skipped. Rows
    sent without an answer are shown as unknown (exit 5); settle them, then run again:
      clinic contact import novos.csv --journal novos.journal --resolve-unknown
help-contact-import--file = The CSV file (UTF-8, or Windows-1252 as Excel saves a plain CSV; with a header row)
help-contact-import--encoding = How FILE is encoded when it is not UTF-8: windows-1252 (Excel's plain CSV), latin1 (ISO-8859-1) or utf-8 [default: UTF-8, else Windows-1252, said on stderr]
help-contact-import--dry-run = Check every row and print what would be sent, without sending
help-contact-import--journal = Record each created row here (NDJSON) and skip rows recorded by earlier runs
help-contact-import--resolve-unknown = Send nothing: look up each row the journal leaves in an unknown state (sent, answer never seen) in lista_cliente by phone, then e-mail, and record it as created or as not sent
help-contact-import--no-wait = With --journal: when another import holds the journal, stop at once instead of waiting for it to end
help-contact-import--clinic = Clinic ID or name [default: the profile's `clinica`]

## campaign
help-campaign = Campaigns  [Entrada — Apoio / Saída — Apoio]

## campaign create
help-campaign-create = Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]
    .after =
    Example:
      clinic campaign create --name "Black Friday 2024" --clinic 1
help-campaign-create--name = Campaign name
help-campaign-create--clinic = Clinic ID or name [default: the profile's `clinica`]
help-campaign-create--allow-duplicate = Create the campaign even when one of the clinic's campaigns has the same name

## campaign list
help-campaign-list = List campaigns (GET /listaCampanha)  [Saída — Apoio]
    .after =
    Example:
      clinic campaign list --name black --all
help-campaign-list--name = Closest-match name search
help-campaign-list--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-campaign-list--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## appointment
help-appointment = Appointments  [Entrada — Conversão e entrega]

## appointment set-status
help-appointment-set-status = Change an appointment's status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]
    .long =
    Change an appointment's status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]

    Statuses come from `clinic ref appointment-statuses` (1 Agendado, 2 Confirmado, 3 Presente, 4 Executado, 5 Desmarcado, 6 Faltou, 7 Cancelado, 8 Bloqueio on most deployments).
    .after =
    Example:
      clinic appointment set-status 12345 2
help-appointment-set-status--appointment = Appointment ID
help-appointment-set-status--status = New status: ID or name (e.g. 2 or Confirmado)

## report
help-report = Reports: appointments and the Ficha Financeira  [Saída]

## report appointments
help-report-appointments = Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]
    .after =
    Examples:
      clinic report appointments --from 2024-03-01 --to 2024-03-31 --status 1,2 --all
      clinic report appointments --type 2 --has-quote 0 --format csv -o avaliacoes.csv
help-report-appointments--from = Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY, or today, tomorrow, yesterday, week, month)
help-report-appointments--to = Appointments on or before this date
help-report-appointments--today = Today's appointments (the same as --from today --to today)
help-report-appointments--week = This week's appointments, Monday to Sunday
help-report-appointments--kind = Appointment type ID (2 = evaluation; requires --has-quote)
help-report-appointments--status = Appointment statuses, IDs or names, comma-separated (see `clinic ref appointment-statuses`)
help-report-appointments--has-quote = Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)
help-report-appointments--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-report-appointments--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## report ficha-financeira
help-report-ficha-financeira = The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]
    .after =
    Examples:
      clinic report ficha-financeira --all --format csv -o ficha.csv
      clinic report ficha-financeira --from 01/01/2024 --to 31/01/2024 --status 2 --seller 4 --all --excel -o janeiro.csv
      clinic report ficha-financeira --clinic all --all --format xlsx -o rede.xlsx
help-report-ficha-financeira--from = Quote date from (YYYY-MM-DD or DD/MM/YYYY)
help-report-ficha-financeira--to = Quote date to
help-report-ficha-financeira--status = Quote statuses, IDs or names (see `clinic ref quote-statuses`)
help-report-ficha-financeira--client = Client (contact) ID
help-report-ficha-financeira--contract-notes = Contract notes (closest match)
help-report-ficha-financeira--sale-notes = Sale notes (closest match)
help-report-ficha-financeira--active = Active records only (inativo=0)
help-report-ficha-financeira--inactive = Inactive records only (inativo=1)
help-report-ficha-financeira--service = Service ID (see `clinic ref services`)
help-report-ficha-financeira--evaluation-from = Evaluation date from
help-report-ficha-financeira--evaluation-to = Evaluation date to
help-report-ficha-financeira--created-from = Created from
help-report-ficha-financeira--created-to = Created to
help-report-ficha-financeira--paid-from = Paid from
help-report-ficha-financeira--paid-to = Paid to
help-report-ficha-financeira--modified-from = Modified from
help-report-ficha-financeira--modified-to = Modified to
help-report-ficha-financeira--created-by = Created by (see `clinic ref creators`)
help-report-ficha-financeira--modified-by = Modified by (see `clinic ref creators`)
help-report-ficha-financeira--seller = Seller ID (see `clinic ref sellers`)
help-report-ficha-financeira--account-plan = Account plan ID (see `clinic ref account-plans`)
help-report-ficha-financeira--operation-type = Product operation type ID (see `clinic ref operation-types`)
help-report-ficha-financeira--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-report-ficha-financeira--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## report summary
help-report-summary = Counts and money sums of the Ficha Financeira (or of appointments) by month, seller, status, clinic, channel or service
    .after =
    Examples:
      clinic report summary --by month,seller
      clinic report summary --by clinic --clinic all --chart
      clinic report summary --by status --status all
      clinic report summary --by month --from 2024-01-01 --to 2024-12-31 --chart-file vendas.svg
      clinic report summary --by seller --format xlsx -o vendas.xlsx
      clinic report summary appointments --by month,status
help-report-summary--by = Group by, comma-separated, outermost first: month, seller, status, clinic, channel, service
help-report-summary--by--month = The month of the record's date (YYYY-MM)
help-report-summary--month-of = The date field whose month `--by month` uses [default: data for quotes, data_agendamento for appointments]
help-report-summary--chart = Draw horizontal bars (text, as wide as the terminal) instead of the table
help-report-summary--chart-file = Also write a bar chart to FILE: .svg or .png
help-report-summary--measure = What the bars measure: count, or a money field such as valor_original [default: valor, or count when there is no money]
help-report-summary--from = Quote date from (YYYY-MM-DD or DD/MM/YYYY)
help-report-summary--to = Quote date to
help-report-summary--status = Quote statuses, IDs or names (see `clinic ref quote-statuses`), or `all` [default: Aprovado: sales]
help-report-summary--client = Client (contact) ID
help-report-summary--contract-notes = Contract notes (closest match)
help-report-summary--sale-notes = Sale notes (closest match)
help-report-summary--active = Active records only (inativo=0)
help-report-summary--inactive = Inactive records only (inativo=1)
help-report-summary--service = Service ID (see `clinic ref services`)
help-report-summary--evaluation-from = Evaluation date from
help-report-summary--evaluation-to = Evaluation date to
help-report-summary--created-from = Created from
help-report-summary--created-to = Created to
help-report-summary--paid-from = Paid from
help-report-summary--paid-to = Paid to
help-report-summary--modified-from = Modified from
help-report-summary--modified-to = Modified to
help-report-summary--created-by = Created by (see `clinic ref creators`)
help-report-summary--modified-by = Modified by (see `clinic ref creators`)
help-report-summary--seller = Seller ID (see `clinic ref sellers`)
help-report-summary--account-plan = Account plan ID (see `clinic ref account-plans`)
help-report-summary--operation-type = Product operation type ID (see `clinic ref operation-types`)
help-report-summary--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-report-summary--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## report summary appointments
help-report-summary-appointments = Summarise appointments (GET /relAgendamentos) instead of the Ficha Financeira
    .after =
    Examples:
      clinic report summary appointments --by month,status
      clinic report summary appointments --by clinic --clinic all --from 2024-01-01 --chart
help-report-summary-appointments--by = Group by, comma-separated, outermost first: month, seller, status, clinic, channel, service
help-report-summary-appointments--by--month = The month of the record's date (YYYY-MM)
help-report-summary-appointments--month-of = The date field whose month `--by month` uses [default: data for quotes, data_agendamento for appointments]
help-report-summary-appointments--chart = Draw horizontal bars (text, as wide as the terminal) instead of the table
help-report-summary-appointments--chart-file = Also write a bar chart to FILE: .svg or .png
help-report-summary-appointments--measure = What the bars measure: count, or a money field such as valor_original [default: valor, or count when there is no money]
help-report-summary-appointments--from = Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)
help-report-summary-appointments--to = Appointments on or before this date
help-report-summary-appointments--today = Today's appointments (the same as --from today --to today)
help-report-summary-appointments--week = This week's appointments, Monday to Sunday
help-report-summary-appointments--kind = Appointment type ID (2 = evaluation; requires --has-quote)
help-report-summary-appointments--status = Appointment statuses, IDs or names, comma-separated (see `clinic ref appointment-statuses`)
help-report-summary-appointments--has-quote = Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)
help-report-summary-appointments--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-report-summary-appointments--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref
help-ref = Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]

## ref clinics
help-ref-clinics = Clinics (units) you may see (GET /listaClinicas)
    .after =
    Example:
      clinic ref clinics --all

## ref channels
help-ref-channels = Origin channels (GET /listaCanal)
    .after =
    Example:
      clinic ref channels --name insta
help-ref-channels--name = Closest-match name search

## ref campaigns
help-ref-campaigns = Campaigns (GET /listaCampanha)
    .after =
    Example:
      clinic ref campaigns --clinic 1 --name black
help-ref-campaigns--name = Closest-match name search
help-ref-campaigns--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-campaigns--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref services
help-ref-services = Services (GET /listaServico)
    .after =
    Example:
      clinic ref services --name botox
help-ref-services--name = Closest-match name search
help-ref-services--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-services--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref sellers
help-ref-sellers = Sellers (GET /listaVendedor)
    .after =
    Example:
      clinic ref sellers --all --format csv
help-ref-sellers--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-sellers--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref creators
help-ref-creators = Users who create and modify sales (GET /listaCriadoPorVenda)
    .after =
    Example:
      clinic ref creators
help-ref-creators--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-creators--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref account-plans
help-ref-account-plans = Account plans (GET /listaPlanoDeConta)
    .after =
    Example:
      clinic ref account-plans
help-ref-account-plans--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-account-plans--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref operation-types
help-ref-operation-types = Product operation types (GET /listaTipoOperacao)
    .after =
    Example:
      clinic ref operation-types
help-ref-operation-types--clinic = Clinic ID or name, several separated by commas, or `all` [default: the profile's `clinica`]; required for admin_master
help-ref-operation-types--keep-going = With several clinics: a clinic that fails is reported and left out, the others are still written (the run still exits non-zero)

## ref appointment-statuses
help-ref-appointment-statuses = Appointment statuses (GET /statusAgendamento)
    .after =
    Example:
      clinic ref appointment-statuses

## ref quote-statuses
help-ref-quote-statuses = Quote statuses (GET /lista_status_venda)
    .after =
    Example:
      clinic ref quote-statuses

## ref has-quote
help-ref-has-quote = Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)
    .after =
    Example:
      clinic ref has-quote

## crm
help-crm = External CRM: contacts through the automation webhook, contacts, deals and leads  [CRM — Automação / CRM]

## crm contact
help-crm-contact = CRM contacts: create through the automation webhook; list, get and update

## crm contact create
help-crm-contact-create = Create (or reuse) a contact and open a deal (GET {"{"}automation_url{"}"}/webhook/{"{"}webhook_id{"}"})  [CRM — Automação]
    .long =
    Create (or reuse) a contact and open a deal (GET {"{"}automation_url{"}"}/webhook/{"{"}webhook_id{"}"})  [CRM — Automação]

    The automation reuses the contact that has this phone (else this e-mail) and always opens a new deal in stage "Nova oportunidade". The call is sent once: it is never repeated after it may have reached the server, so a network failure leaves it to you to check before sending again.
    .after =
    Examples:
      clinic crm contact create --full-name "Maria da Silva" --phone "(16) 99264-0197" \
          --email maria@example.com --campaign-id 12 --utm-source whatsapp --unit "SP Campinas"
      clinic crm contact create --first-name Ana --last-name Souza --created-at "23/04/2024 10:30" \
          --phone 16992640197 --email ana@example.com --campaign-id 7 --utm-source Instagram \
          --utm-medium cpc --utm-campaign verao --unit "df brasilia"
help-crm-contact-create--first-name = First name
help-crm-contact-create--last-name = Last name
help-crm-contact-create--full-name = Full name, split on its last space into first and last name
help-crm-contact-create--created-at = Creation time: YYYY-MM-DD HH:MM[:SS] or DD/MM/YYYY HH:MM[:SS] in the profile's timezone [default: now]
help-crm-contact-create--campaign-id = Originating campaign ID
help-crm-contact-create--utm-source = WhatsApp, Facebook or Instagram (any case)
help-crm-contact-create--utm-medium = UTM medium (may be empty)
help-crm-contact-create--utm-campaign = UTM campaign (may be empty)
help-crm-contact-create--utm-content = UTM content (may be empty)
help-crm-contact-create--phone = Phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197
help-crm-contact-create--email = E-mail
help-crm-contact-create--unit = Unit name, matched without case or accents against the profile's `units` when configured
help-crm-contact-create--if-exists = When the CRM (crm_url) has a contact with this phone or e-mail already: the webhook would open another deal [default: ask]
help-crm-contact-create--if-exists--ask = Ask at a terminal; a script is refused, nothing sent
help-crm-contact-create--if-exists--skip = Send nothing and exit 0 (nightly imports)
help-crm-contact-create--if-exists--create = Call the webhook anyway

## crm contact import
help-crm-contact-import = Create contacts and deals from a CSV file through the automation webhook, checked whole first, duplicates skipped, resumable  [CRM — Automação]
    .long =
    Create contacts and deals from a CSV file through the automation webhook, checked whole first, duplicates skipped, resumable  [CRM — Automação]

    Every row is checked before anything is sent. Each row's phone and e-mail are then looked up in the CRM (crm.duplicate.findbycomm, fifty lookups a request): a row whose contact exists is skipped, because the automation would open another deal for it. With --journal, each send is recorded as it happens: a run stopped anywhere is run again with the same journal, rows created earlier are skipped, and a row sent without an answer is sent again only if the CRM does not hold it.
    .after =
    Example:
      clinic crm contact import leads.csv --journal leads.journal --unit "SP Campinas" --utm-source whatsapp
    Columns (header row; English or Portuguese names, ',' or ';' separated):
      name|nome (or first_name|primeiro_nome and last_name|sobrenome), phone|telefone, email,
      unit|unidade, campaign_id|campanha, utm_source (these three may come from the flags instead),
      utm_medium, utm_campaign, utm_content, created_at|criado_em (default: now)
    Each row's result goes to stdout: created (with contact_id and deal_id), skipped (reason exists, with
    the contacts' IDs, or journal), unknown or failed. Exit 0 only when no row failed or was left unknown.
help-crm-contact-import--file = The CSV file (UTF-8, or Windows-1252 as Excel saves a plain CSV; with a header row)
help-crm-contact-import--encoding = How FILE is encoded when it is not UTF-8: windows-1252 (Excel's plain CSV), latin1 (ISO-8859-1) or utf-8 [default: UTF-8, else Windows-1252, said on stderr]
help-crm-contact-import--dry-run = Check every row, look them up, and print what would be sent, without sending
help-crm-contact-import--journal = Record each send here (NDJSON); rows an earlier run created are skipped
help-crm-contact-import--no-wait = With --journal: when another import holds the journal, stop at once instead of waiting for it to end
help-crm-contact-import--if-exists = When the CRM has a contact with a row's phone or e-mail already
help-crm-contact-import--if-exists--skip = Skip the row (nothing is sent for it)
help-crm-contact-import--if-exists--create = Send every row without looking it up: the automation opens another deal for an existing contact
help-crm-contact-import--unit = Unit of the rows whose unit cell is empty or absent
help-crm-contact-import--campaign-id = Campaign ID of the rows whose campaign cell is empty or absent
help-crm-contact-import--utm-source = UTM source of the rows whose utm_source cell is empty or absent

## crm contact list
help-crm-contact-list = List contacts (crm.contact.list)  [CRM]
    .after =
    Examples:
      clinic crm contact list --field NAME=Ana --select NAME --select PHONE --order DATE_CREATE:desc
      clinic crm deal list --field STAGE_ID=NEW --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm contact list --all --keyset --format ndjson

    One page holds 50 records (`--page N` reads the Nth). With --all, lists of more than 1000 records (or any
    list with --keyset) are walked by ID, one page after another, as Bitrix recommends for large lists.
    Field names may be aliases of the profile (clinic crm aliases install; clinic config set aliases.NAME ID).
help-crm-contact-list--field = Filter FIELD=VALUE (repeatable); FIELD may start with a Bitrix operator: >ID=100, %NAME=ana, =%NAME=Ana% (your own wildcards), !STAGE_ID=WON, @ID=13,21 (any of them), !@ID=13,21
help-crm-contact-list--select = Field to return (repeatable); * for all standard fields, UF_* for all custom ones
help-crm-contact-list--order = Sort by FIELD:asc or FIELD:desc (repeatable)
help-crm-contact-list--keyset = With --all, walk by ID keyset whatever the list's size
help-crm-contact-list--fields-form = Send filters as FIELDS[FIELD]=VALUE (the form some deployments read) instead of filter[FIELD]=VALUE

## crm contact get
help-crm-contact-get = Every field of one contact, or of many, 50 per request (crm.contact.get, batch)  [CRM]
    .after =
    Examples:
      clinic crm contact get 42 --format json
      clinic crm contact get --ids-from ids.txt --format csv -o contatos.csv
help-crm-contact-get--ids = Record ID (several: read 50 per batch request, written as a list in the order given)
help-crm-contact-get--ids-from = Also the IDs in FILE (or standard input, -): separated by line breaks, commas or spaces
help-crm-contact-get--encoding = How the file of --ids-from is encoded when it is not UTF-8: windows-1252 (Excel's plain CSV), latin1 (ISO-8859-1) or utf-8 [default: UTF-8, else Windows-1252, said on stderr]

## crm contact update
help-crm-contact-update = Change fields of a contact (crm.contact.update)  [CRM]
    .after =
    Examples:
      clinic crm contact update 42 --set NAME=Ana --set email=ana@example.com
      clinic crm contact update 42 --set PHONE=+5516992640197     # this phone, and no other
      clinic crm contact update 42 --add PHONE:MOBILE=16992640197 --remove EMAIL=old@example.com
help-crm-contact-update--id = Record ID
help-crm-contact-update--set = FIELD=VALUE to write (repeatable); FIELD may be an alias or a user field's label. On a multi-value field (PHONE, EMAIL, WEB, IM) the values given replace all others (PHONE= with nothing removes them all), and FIELD:TYPE=VALUE picks the type (PHONE:MOBILE=…; WORK by default)
help-crm-contact-update--add = FIELD=VALUE added to a multi-value field (PHONE, EMAIL, WEB, IM), its other values kept (repeatable; FIELD:TYPE=VALUE picks the type)
help-crm-contact-update--remove = FIELD=VALUE removed from a multi-value field wherever it is held: phones compared by their digits, e-mails without case (repeatable)

## crm deal
help-crm-deal = CRM deals: list, get, update, move between stages

## crm deal list
help-crm-deal-list = List deals (crm.deal.list)  [CRM]
    .after =
    Examples:
      clinic crm contact list --field NAME=Ana --select NAME --select PHONE --order DATE_CREATE:desc
      clinic crm deal list --field STAGE_ID=NEW --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm contact list --all --keyset --format ndjson

    One page holds 50 records (`--page N` reads the Nth). With --all, lists of more than 1000 records (or any
    list with --keyset) are walked by ID, one page after another, as Bitrix recommends for large lists.
    Field names may be aliases of the profile (clinic crm aliases install; clinic config set aliases.NAME ID).
help-crm-deal-list--field = Filter FIELD=VALUE (repeatable); FIELD may start with a Bitrix operator: >ID=100, %NAME=ana, =%NAME=Ana% (your own wildcards), !STAGE_ID=WON, @ID=13,21 (any of them), !@ID=13,21
help-crm-deal-list--select = Field to return (repeatable); * for all standard fields, UF_* for all custom ones
help-crm-deal-list--order = Sort by FIELD:asc or FIELD:desc (repeatable)
help-crm-deal-list--keyset = With --all, walk by ID keyset whatever the list's size
help-crm-deal-list--fields-form = Send filters as FIELDS[FIELD]=VALUE (the form some deployments read) instead of filter[FIELD]=VALUE

## crm deal get
help-crm-deal-get = Every field of one deal, or of many, 50 per request (crm.deal.get, batch)  [CRM]
    .after =
    Example:
      clinic crm deal get 42 --columns ID,TITLE,STAGE_ID
help-crm-deal-get--ids = Record ID (several: read 50 per batch request, written as a list in the order given)
help-crm-deal-get--ids-from = Also the IDs in FILE (or standard input, -): separated by line breaks, commas or spaces
help-crm-deal-get--encoding = How the file of --ids-from is encoded when it is not UTF-8: windows-1252 (Excel's plain CSV), latin1 (ISO-8859-1) or utf-8 [default: UTF-8, else Windows-1252, said on stderr]

## crm deal update
help-crm-deal-update = Change fields of a deal, or move it to a stage (crm.deal.update)  [CRM]
    .long =
    Change fields of a deal, or move it to a stage (crm.deal.update)  [CRM]

    `--stage NAME` writes the stage's written name into the stage-name field — the field of the alias `stage_name` when configured, else UF_CRM_1669405845 — which moves the deal (STAGE_ID follows).
    .after =
    Examples:
      clinic crm deal update 42 --stage "Tentativa de contato"
      clinic crm deal update 42 --stage agendado --set campaign=12 --set UTM_TERM=teste

    Stages of pipeline Unidade: Nova oportunidade, Repique, Tentativa de contato, Em contato,
    Buscar / cadastrar no ERP, Agendado, Confirmado, Em negociação, Perdas, Venda Cancelada, Venda realizada
help-crm-deal-update--id = Record ID
help-crm-deal-update--set = FIELD=VALUE to write (repeatable); FIELD may be an alias or a user field's label. Multi-value fields take FIELD:TYPE=VALUE
help-crm-deal-update--stage = Move to this stage of pipeline Unidade (its name, any case or accents, or its STAGE_ID)

## crm lead
help-crm-lead = CRM leads: list, get, update

## crm lead list
help-crm-lead-list = List leads (crm.lead.list)  [CRM]
    .after =
    Examples:
      clinic crm lead list --field STATUS_ID=NEW --select TITLE --select PHONE --order DATE_CREATE:desc
      clinic crm lead list --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm lead list --all --keyset --format ndjson

    One page holds 50 records (`--page N` reads the Nth). With --all, lists of more than 1000 records (or any
    list with --keyset) are walked by ID, one page after another, as Bitrix recommends for large lists.
    Field names may be aliases of the profile (clinic crm aliases install; clinic config set aliases.NAME ID).
help-crm-lead-list--field = Filter FIELD=VALUE (repeatable); FIELD may start with a Bitrix operator: >ID=100, %TITLE=ana, =%TITLE=Ana% (your own wildcards), !STATUS_ID=JUNK, @ID=13,21 (any of them), !@ID=13,21
help-crm-lead-list--select = Field to return (repeatable); * for all standard fields, UF_* for all custom ones
help-crm-lead-list--order = Sort by FIELD:asc or FIELD:desc (repeatable)
help-crm-lead-list--keyset = With --all, walk by ID keyset whatever the list's size
help-crm-lead-list--fields-form = Send filters as FIELDS[FIELD]=VALUE (the form some deployments read) instead of filter[FIELD]=VALUE

## crm lead get
help-crm-lead-get = Every field of one lead, or of many, 50 per request (crm.lead.get, batch)  [CRM]
    .after =
    Example:
      clinic crm lead get 42 --columns ID,TITLE,STATUS_ID
help-crm-lead-get--ids = Record ID (several: read 50 per batch request, written as a list in the order given)
help-crm-lead-get--ids-from = Also the IDs in FILE (or standard input, -): separated by line breaks, commas or spaces
help-crm-lead-get--encoding = How the file of --ids-from is encoded when it is not UTF-8: windows-1252 (Excel's plain CSV), latin1 (ISO-8859-1) or utf-8 [default: UTF-8, else Windows-1252, said on stderr]

## crm lead update
help-crm-lead-update = Change fields of a lead (crm.lead.update)  [CRM]
    .after =
    Examples:
      clinic crm lead update 42 --set STATUS_ID=IN_PROCESS
      clinic crm lead update 42 --set "Procedimento de interesse=Botox" --set PHONE:MOBILE=+5511988887777

    On a multi-value field (PHONE, EMAIL, WEB, IM) the values given replace all others.
help-crm-lead-update--id = Record ID
help-crm-lead-update--set = FIELD=VALUE to write (repeatable); FIELD may be an alias or a user field's label. Multi-value fields take FIELD:TYPE=VALUE

## crm aliases
help-crm-aliases = Field aliases (profile key `aliases.<name>`), usable wherever a field ID is

## crm aliases install
help-crm-aliases-install = Write the deployment's main field aliases into the profile (phone, email, stage_name, campaign, unit)
    .after =
    Example:
      clinic --profile matriz crm aliases install --force
help-crm-aliases-install--force = Replace aliases of the same names that are already configured

## crm aliases list
help-crm-aliases-list = Show the profile's aliases
    .after =
    Example:
      clinic crm aliases list --format csv

## crm item
help-crm-item = Items of the portal's smart processes

## crm item list
help-crm-item-list = List the items of a smart process (crm.item.list), the type by title or entityTypeId, the stage and pipeline by name  [CRM]
    .after =
    Examples:
      clinic crm item list --type Tratamentos --all
      clinic crm item list --type Tratamentos --stage "Concluído" --category Facial --format csv
      clinic crm item list --type 1036 --all --keyset --format ndjson
help-crm-item-list--type = The smart process: its title (case and accents aside) or entityTypeId, as `clinic crm type list` shows them
help-crm-item-list--stage = Only items in this stage: its name (case and accents aside; in any pipeline that has it, unless --category says which) or STATUS_ID
help-crm-item-list--category = Only items of this pipeline: its name (case and accents aside) or ID
help-crm-item-list--keyset = With --all, walk by ID keyset whatever the list's size

## crm item get
help-crm-item-get = Show one item of a smart process (crm.item.get), the type by title or entityTypeId  [CRM]
    .after =
    Examples:
      clinic crm item get --type Tratamentos 3
      clinic crm item get --type 1032 3 --format json
help-crm-item-get--type = The smart process: its title (case and accents aside) or entityTypeId, as `clinic crm type list` shows them
help-crm-item-get--id = Item ID

## crm item create
help-crm-item-create = Create an item of a smart process (crm.item.add), fields by ID or by their labels, its pipeline and stage by name  [CRM]
    .after =
    Examples:
      clinic crm item create --type Tratamentos --field TITLE="Botox — Ana" --field Procedimento=Botox --stage Agendado
      clinic crm item create --type 1032 --field Valor=1500 --category Corporal --stage "Em andamento" --format json
help-crm-item-create--type = The smart process: its title (case and accents aside) or entityTypeId, as `clinic crm type list` shows them
help-crm-item-create--field = FIELD=VALUE to write (repeatable); FIELD is a field ID (TITLE, UF_CRM_5_…), an alias of the profile, or a user field's label (Procedimento); a label two fields share is refused with their codes
help-crm-item-create--category = The pipeline, by name or ID (crm.category.list); the type's default pipeline when not given
help-crm-item-create--stage = The stage, by name or STATUS_ID, in the pipeline given (else the default one)

## crm item update
help-crm-item-update = Change fields of an item of a smart process (crm.item.update), fields by ID or by their labels, its pipeline and stage by name  [CRM]
    .after =
    Examples:
      clinic crm item update --type Tratamentos --field Procedimento=Peeling -- 3
      clinic crm item update --type Tratamentos --stage Concluído -- 3
help-crm-item-update--type = The smart process: its title (case and accents aside) or entityTypeId, as `clinic crm type list` shows them
help-crm-item-update--field = FIELD=VALUE to write (repeatable); FIELD is a field ID (TITLE, UF_CRM_5_…), an alias of the profile, or a user field's label (Procedimento); a label two fields share is refused with their codes
help-crm-item-update--category = Move the item to this pipeline, by name or ID (crm.category.list)
help-crm-item-update--stage = Move the item to this stage, by name or STATUS_ID, of the pipeline given (else the item's own)
help-crm-item-update--id = Item ID

## crm type
help-crm-type = The portal's smart processes (Bitrix24's user-defined CRM types)

## crm type list
help-crm-type-list = List the portal's smart processes: entityTypeId and title (crm.type.list, every page)  [CRM]
    .after =
    Examples:
      clinic crm type list
      clinic crm type list --format json

## crm units
help-crm-units = The unit names `crm contact create --unit` accepts (profile key `units`)
    .after =
    Examples:
      clinic crm units
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"    # or "SP Campinas,DF Brasília"

## io
help-io = Call any Integrações IO path with the stored x-api-key  [Integrações IO]
    .after =
    Examples:
      clinic io GET /status
      clinic io POST /leads --data '{"{"}"nome": "Ana"{"}"}'
      clinic io POST /leads --data @lead.json -Q origem=site

    The key is CLINIC_IO_KEY, else the one stored with `clinic auth set-io-key`.
help-io--method = HTTP method
help-io--path = Path under the Integrações IO host, e.g. /leads
help-io--query = Query parameter (repeatable)
help-io--data = JSON body: inline, @FILE, or - for standard input

## api
help-api = Call any path of the API with the same auth, formats and paging
    .after =
    Examples:
      clinic api GET /listaCanal -Q nome=insta
      clinic api GET /listaCanal --page 2 --per-page 20
      clinic api GET /lista_venda_orcamento -Q status=2 --all --format ndjson
      clinic api POST /criaCampanha --data '{"{"}"nome": "Teste", "clinica": "1"{"}"}'

    A GET of one of the service's paged lists always sends pagina_atual and por_pagina: --page (default 1)
    and --per-page (default 50), or the same names given with -q. On any other path they are sent when
    --page or --per-page is given. With --all (or --limit) the pages are walked for you.
help-api--method = HTTP method
help-api--path = Path under the host, e.g. /listaCanal
help-api--query = Query parameter (repeatable)
help-api--data = JSON body: inline, @FILE, or - for standard input

## operations
help-operations = List every remote operation: group, method, path, command
    .after =
    Example:
      clinic operations --format csv

## completions
help-completions = Print a shell completion script
    .after =
    Examples:
      clinic completions bash > ~/.local/share/bash-completion/completions/clinic
      clinic completions zsh > ~/.zfunc/_clinic
      clinic completions fish > ~/.config/fish/completions/clinic.fish
      clinic completions powershell | Out-String | Invoke-Expression   (in $PROFILE)
    Names offered for --channel, --campaign, --clinic, --status… come from the cache: `clinic cache refresh`.
help-completions--shell = bash, zsh, fish, powershell or elvish

## man
# mcp: the Model Context Protocol server
help-mcp = Serve the read commands as tools to an assistant (Model Context Protocol, over stdin/stdout)
    .after =
    Examples:
      clinic mcp
      clinic --profile matriz mcp --share-personal
      clinic mcp --allow-writes
      clinic mcp --allow-writes --writes host-approval
    The assistant starts it: name `clinic` with the arguments `mcp` in its server settings. Only reads are offered unless --allow-writes. Each write then runs only once the person said yes, asked through the assistant's client (MCP elicitation); a client that cannot ask gets every write refused, nothing sent. With --writes host-approval a write runs as soon as the assistant calls it: the host application's own approval of each tool call is then the only gate. Phones, e-mails, birth dates and CPFs are masked unless --share-personal.
help-mcp--share-personal = Send phones, e-mails, birth dates and CPFs unmasked to the assistant (and so to whoever runs it)
help-mcp--allow-writes = Also offer the tools that write (contact create and update, campaign create, appointment set-status, CRM create and update); each call runs only once the person said yes (see --writes)
help-mcp--writes = Who approves each write: ask (default) asks the person through the client's MCP elicitation and refuses every write where the client cannot ask; host-approval runs the write as the tool is called, so the host application's own approval of each tool call is the only gate (profile key mcp.writes)
help-mcp--tools = Offer only these tools and sets, separated by commas: a tool's name, or reports, refs, crm, writes, sql (writes also need --allow-writes) [default: every read tool]
help-mcp--exclude-tools = Leave out these tools and sets, separated by commas (names as for --tools)

help-man = Manual pages generated from these definitions
    .after =
    Examples:
      clinic man | man -l -
      clinic man --dir ~/.local/share/man/man1 && man clinic-report-ficha-financeira
help-man--dir = Write one page per command (clinic.1, clinic-report.1, …) into DIR instead of printing clinic.1

## cache
help-cache = The local copy of reference lists used for names and Tab completion

## cache refresh
help-cache-refresh = Fetch every reference list now (names for --channel, --campaign, --status… and Tab)
    .long =
    Fetch every reference list now (names for --channel, --campaign, --status… and Tab)

    Clinic-scoped lists (campaigns, services, sellers, creators, account plans, operation types) are read for --clinic, or else for every clinic you can see: all of them for an admin_master, your own for a clinic user.
    .after =
    Examples:
      clinic cache refresh
      clinic cache refresh --clinic 1
help-cache-refresh--clinic = Clinic ID or name [default: the profile's `clinica`]

## cache clear
help-cache-clear = Remove this profile's cached lists
    .after =
    Example:
      clinic cache clear

## cache path
help-cache-path = Print the cache directory of this profile
    .after =
    Example:
      ls "$(clinic cache path)"

## sync
help-sync = Mirror the deployment into a database by ID (SQLite, or PostgreSQL; `clinic sql` queries it), kept current by incremental runs
    .after =
    Examples:
      clinic sync                                  # every stream of every clinic, into the profile's mirror
      clinic sync --streams quotes --clinic "SP Campinas"
      clinic sync --full                           # walk everything; what is gone gets _deleted_at
      clinic sync changes                          # what the last run changed
      clinic sql "SELECT clinica, SUM(valor_centavos)/100.0 FROM quotes GROUP BY clinica"
help-sync--to = The database file, or postgres://user@host/database (the password in PGPASSWORD or stored with clinic auth set-db-password) [default: the profile's sync.target, else sync/<profile>.sqlite in the data folder]
help-sync--streams = Streams to mirror, comma-separated: quotes, appointments, contacts, references, crm [default: all but crm]
help-sync--clinic = Clinics to mirror: IDs or names, comma-separated, or all [default: every clinic the login sees]
help-sync--crm = Also mirror the CRM's contacts and deals (crm_contacts, crm_deals; the profile's crm_url)
help-sync--full = Walk every list whole, and tombstone (_deleted_at) every row that no longer comes
help-sync--allow-empty = Accept a list that comes back empty where the mirror holds rows, and tombstone them all (without it, such an answer marks nothing deleted and is warned about)
help-sync--no-wait = When another sync holds the database, exit 1 at once instead of waiting

## sync changes
help-sync-changes = What changed between runs: new, changed (field, old and new value), vanished and resurrected rows
    .after =
    Examples:
      clinic sync changes                  # the last complete run's changes
      clinic sync changes --since 12       # every change after run 12
      clinic sync changes --since 2026-11-01 --format csv -o changes.csv
help-sync-changes--to = The database file, or postgres://user@host/database (its working copy is read) [default: the profile's mirror]
help-sync-changes--changes-by = Count the changed quotes and sum their value by one of their columns, per kind of change
help-sync-changes--changes-by--status = The quote's status (Aprovado, Cancelado…)
help-sync-changes--changes-by--clinic = The quote's clinic (unidade)
help-sync-changes--changes-by--seller = The quote's seller (vendedor)

## sql
help-sql = Query the mirror `clinic sync` keeps (read-only), printed as a table, CSV, JSON, xlsx or Parquet
    .after =
    Examples:
      clinic sql --schema
      clinic sql "SELECT status, COUNT(*), SUM(valor_centavos) / 100.0 AS total FROM quotes WHERE _deleted_at IS NULL GROUP BY status"
      clinic sql "SELECT field, col FROM _fields WHERE tbl = 'quotes'"   # the column that holds each field
help-sql--mask-personal = Refuse a query that reads a column of personal data (phones, e-mails, birth dates, CPFs): what `clinic mcp` runs while it masks them
help-sql--query = An SQL query (SQLite); it runs only if SQLite says it only reads, for at most --timeout (60s unless given)
help-sql--to = The database file, or postgres://user@host/database (the password in PGPASSWORD or stored with clinic auth set-db-password) [default: the profile's mirror]

## state
help-state = The saved points of incremental exports (--since last)

## state list
help-state-list = List the saved points: the export each belongs to and where its next run starts
    .after =
    Example:
      clinic state list

## state show
help-state-show = Show one saved point
    .after =
    Example:
      clinic state show 3f2a9c0d81b4e6a7
help-state-show--id = The point's ID (see `clinic state list`)

## state reset
help-state-reset = Forget a saved point: the next --since last of that export exports everything
    .after =
    Examples:
      clinic state reset 3f2a9c0d81b4e6a7
      clinic state reset --every
help-state-reset--id = The point's ID (see `clinic state list`)
help-state-reset--every = Forget every saved point

## sandbox
help-sandbox = The local imitation of the whole API

## sandbox serve
help-sandbox-serve = Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)
    .after =
    Examples:
      clinic sandbox serve
      clinic sandbox serve --addr 127.0.0.1:0 --scale 1000000 --page-cap 30 --envelope bare
    Logins: admin/admin (admin_master), unidade1/unidade1 (clinic 1). IO key: sandbox-io-key.
help-sandbox-serve--addr = Address to listen on; port 0 picks a free port. Only loopback unless --public
help-sandbox-serve--seed = Seed of the generated data: equal seeds give equal data
help-sandbox-serve--scale = Number of quotes and of appointments (contacts: max(200, N/2))
help-sandbox-serve--latency-ms = Fixed delay added to every answer, in milliseconds
help-sandbox-serve--jitter-ms = Random extra delay of 0..=J milliseconds added to every answer
help-sandbox-serve--error-rate = Share of requests (0.0-1.0) answered with 500 or 503
help-sandbox-serve--drop-rate = Share of requests (0.0-1.0) whose connection is closed after part of the body
help-sandbox-serve--drop-every-write = Cut the answer to every N-th write (POST, PUT, PATCH, DELETE) after the write is done, as --drop-rate does at random (0 = off)
help-sandbox-serve--paging = How paged lists say where the next page is: numbers (pagina_atual, nothing said), laravel (page, next_page_url), drf (page, next), proximo (a next-page address), link-header (a Link header with rel="next", and X-Total-Count) or cursor (next_cursor, sent back as cursor); every style but numbers ignores pagina_atual
help-sandbox-serve--lagging-records = A replica that lags behind the others, as behind a load balancer: the pages --lagging-pages names (counted from 1) are answered from a copy of each per-clinic list that lacks its first N records, with that copy's counters. 0: no replica lags
help-sandbox-serve--lagging-pages = The pages the lagging replica answers (1,3)
help-sandbox-serve--lagging-answers = The lagging replica answers that many of those pages and is then caught up; 0: it always lags
help-sandbox-serve--deleting-records = Quotes deleted at the head of a list while it is walked: once a quote list's page --deleting-after-page has been answered, the first N quotes of that list (of its clinic and filter) are deleted, so every later page shifts back by N and its counters drop by N. 0: nothing is deleted
help-sandbox-serve--deleting-after-page = The page (counted from 1) whose answer is followed by the deletions
help-sandbox-serve--deleting-answers = How many answers of that page are followed by deletions; 0: every one is
help-sandbox-serve--link-header-only-when-paged = With --paging link-header: no Link header at all on a list of one page, as some APIs (GitHub's) write it only when there is more than one page
help-sandbox-serve--record-id-key = The key list records carry their ID under, instead of id (id_orcamento, cod…)
help-sandbox-serve--record-id-key-from = From the Nth record of a list on (counting from 0), records carry their ID under another key: N=NAME, a deployment that renames the key part-way through a list
help-sandbox-serve--foreign-key-first = List records start with this key, holding 2, before their own ID: a foreign key first (id_empresa in a clinic)
help-sandbox-serve--volatile-field = Every list record carries a field that changes on every request (gerado_em), as a signed link or a generation stamp does
help-sandbox-serve--create-echoes-foreign-keys = A created contact is answered with the IDs of its channel and campaign (id_canal, id_campanha) beside its own (id_cliente), under dados
help-sandbox-serve--rate-limit = Requests per second allowed before answering 429 with Retry-After (0 = off)
help-sandbox-serve--failing-clinic = Calls on `/rest/v1` for this clinic (`clinica=N`) always answer 500: one unit of a network whose server is down (0 = off)
help-sandbox-serve--crm-rate-limit = CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off)
help-sandbox-serve--crm-contacts = Contacts the CRM is seeded with, each with one deal
help-sandbox-serve--crm-operating-budget = Seconds of running time each CRM method may spend per window before 429 OPERATION_TIME_LIMIT (0 = off)
help-sandbox-serve--crm-operating-window = Length of the CRM's operating-time window, in seconds
help-sandbox-serve--crm-call-cost-ms = The least running time a CRM call is charged, in milliseconds (to reach a small budget quickly)
help-sandbox-serve--crm-no-batch = The CRM has no batch method (ERROR_METHOD_NOT_FOUND), as behind a gateway that forwards single methods only
help-sandbox-serve--crm-methods = Which CRM method families the portal answers: the classic (crm.contact.*, crm.deal.*, crm.lead.*), the universal (crm.item.*, crm.type.list, crm.category.list) or both; a family left out answers ERROR_METHOD_NOT_FOUND, as Bitrix24 does for a method it does not have
help-sandbox-serve--crm-methods--both = Both families
help-sandbox-serve--crm-methods--item = Only the universal methods: the classic ones answer ERROR_METHOD_NOT_FOUND
help-sandbox-serve--crm-methods--classic = Only the classic methods: the universal ones answer ERROR_METHOD_NOT_FOUND
help-sandbox-serve--dialect = Answer dialect of `/rest/v1`, as different deployments of the API speak it
help-sandbox-serve--dialect--standard = JSON with honest statuses: failures `{"{"}"erro": …{"}"}` with 4xx, lists in the `--envelope` shape, every success 200
help-sandbox-serve--dialect--legacy-php = An older PHP deployment: failures are HTTP 200 `{"{"}"status": false, "mensagem": …{"}"}`, lists `{"{"}"status": true, "dados": {"{"}"0": …{"}"}, "total": "…", …{"}"}` with numbers as strings, the token under `resposta.sessao.auth_token`, an HTML 500 page every 7th GET
help-sandbox-serve--envelope = Shape of list responses (standard dialect only)
help-sandbox-serve--envelope--dados = `{"{"}"dados": [...], "pagina_atual": P, "por_pagina": M, "total": T{"}"}`
help-sandbox-serve--envelope--data = `{"{"}"data": [...]{"}"}`
help-sandbox-serve--envelope--bare = `[...]`
help-sandbox-serve--token-field = Where the login answer puts the token: a name or a dotted path (`a.b.token`); `tipo` sits beside it. Default: `token` (standard), `resposta.sessao.auth_token` (legacy-php)
help-sandbox-serve--html-error-every = Answer every N-th GET on /rest/v1 with an HTML 500 page (0 = off). Default: off for standard, 7 for legacy-php
help-sandbox-serve--compression = Compress answers as the request's Accept-Encoding asks (gzip, br, zstd, deflate)
help-sandbox-serve--bandwidth = Pace what each connection sends to this many kilobits per second, after compression (0 = off); e.g. 20000 for a 20 Mbit/s link
help-sandbox-serve--redirect-to = Answer every request to the four hosts with a redirect to this origin (`http://host:port`, optionally with a path prefix), keeping the original path and query
help-sandbox-serve--redirect-status = Status of the redirects: 301, 302, 303, 307 or 308
help-sandbox-serve--redirect-same-origin = Redirect every request to the four hosts to the same server under `/moved`, which serves the same routes
help-sandbox-serve--hang = Accept and journal requests to the four hosts but never answer them
help-sandbox-serve--endless-body = Answer GET requests to the four hosts with a JSON list that never ends
help-sandbox-serve--churn = Change this many random quotes every second (a new valor, modificado_em now), for incremental exports (0 = off; POST /__sandbox/churn?per_second=N changes it while running)
help-sandbox-serve--late-field-from = Ficha Financeira records from this ID on carry one more field, `desconto_fidelidade`, that earlier records lack: a column that first appears on a later page
help-sandbox-serve--token-ttl = Lifetime of a login token, in seconds
help-sandbox-serve--token-bytes = Length of the login tokens issued, in bytes, shaped like a JWT (0: 48 characters)
help-sandbox-serve--auth-scheme = Which `Authorization` forms are accepted
help-sandbox-serve--auth-scheme--both = `Bearer <token>` and the bare `<token>`
help-sandbox-serve--auth-scheme--bearer = Only `Bearer <token>`
help-sandbox-serve--auth-scheme--raw = Only the bare `<token>`
help-sandbox-serve--page-cap = Never return more than N records per page, whatever was asked (0 = off)
help-sandbox-serve--ignore-page = Always return page 1, whatever `pagina_atual` says
help-sandbox-serve--ignore-modified-filter = Ignore the Ficha Financeira's modified-since filter (`modificado_em_de`/`_ate`), as some deployments do
help-sandbox-serve--page-base = The number of the first page, 0 or 1. Default 1 (0 in the quirks dialect)
help-sandbox-serve--max-per-page = Refuse pages of more than N records with a message that states N (0 = off). Default off (25 in the quirks dialect)
help-sandbox-serve--charset = The charset of `/rest/v1` answers: utf8, or latin1 (`application/json; charset=ISO-8859-1`). Default utf8 (latin1 in the quirks dialect)
help-sandbox-serve--token-prefix = A word the login answer puts before the token (`Bearer`). Default none (`Bearer` in the quirks dialect)
help-sandbox-serve--empty-list = How a list page without records is answered: empty (an empty list), 404 (`{"{"}"erro": "Nenhum registro encontrado"{"}"}`) or 200-false (`{"{"}"status": false, "mensagem": "Nenhum registro encontrado"{"}"}`). Default empty (404 in the quirks dialect)
help-sandbox-serve--id-field = The key under which creates answer the new ID, or own: the created kind's own key (id_cliente, id_campanha). Default `id` (`id_registro` in the quirks dialect)
help-sandbox-serve--unconfirmed-write-rate = Share of writes (0.0-1.0) answered 200 with a message and no ID, without doing anything. Default 0 (0.25 in the quirks dialect)
help-sandbox-serve--dialect--quirks = The standard dialect with every convention the specification leaves open taken the other way at once: pages from 0, at most 25 a page, Latin-1 answers, a `Bearer`-prefixed token, 404 "nenhum registro" for empty lists, IDs under `id_registro`, one write in four answered without a confirmation
help-sandbox-serve--unknown-route = A `/rest/v1` route this deployment lacks (`/listaClinicas`): answered 404 "rota não encontrada". Repeatable
help-sandbox-serve--crm-burst = CRM requests that may pass at once before --crm-rate-limit paces them (at least 1); Bitrix24 lets bursts of 50 through
help-sandbox-serve--token-expire-every = A login token stops working after this many authenticated `/rest/v1` calls: every later call with it answers 401 "Token expirado" (0 = off; --token-ttl still applies)
help-sandbox-serve--records-as = How a page's records are written: array, or positional (an object keyed by position, `{"{"}"0": {"{"}…{"}"}, "1": {"{"}…{"}"}{"}"}`, as PHP writes a re-keyed array). Default array (positional in legacy-php)
help-sandbox-serve--empty-records = How a page without records writes its records when answered as an ordinary list: array (`[]`), object (`{"{"}{"}"}`), null, or missing (no records key at all; `{"{"}{"}"}` in the bare envelope). Default array (object in legacy-php)
help-sandbox-serve--records-key = The envelope key that holds the records: dados, data, registros, items, result, lista, records or results. Default `dados` (`data` with --envelope data)
help-sandbox-serve--page-zero = How `pagina_atual=0` is answered when pages start at 1: refused (400), empty (200 without records, true counters), 404, 500, or first (page 1). Default refused (empty in legacy-php)
help-sandbox-serve--counters = The counters a list answer carries beside its records, comma-separated: total, total_registros, total_paginas, pages-as-total (the page count under `total`), count (Django REST framework's), or none. Default total (none with --envelope data or bare)
help-sandbox-serve--counter-strings = Counters written as JSON strings (`"3000"`); --counter-strings=false turns it off. Default off (on in legacy-php)
help-sandbox-serve--counter-skew = Record counters report the true count plus N (never below 0), and page counters are computed from that; N may be negative
help-sandbox-serve--max-per-page-unstated = With --max-per-page, the refusal does not state the limit
help-sandbox-serve--past-end = How a page past the last one is answered: empty (as --empty-list says), repeat (the last page's records again; a list without records still answers empty), or window (the last full page's worth of records, reaching back over the last page)
help-sandbox-serve--bom = Every JSON answer of `/rest/v1` starts with a UTF-8 byte-order mark (not with --charset latin1: a byte-order mark belongs to UTF-8)
help-sandbox-serve--content-type = The Content-Type of `/rest/v1`'s JSON answers: json (`application/json`), html (`text/html` with the charset), or none (no header at all)
help-sandbox-serve--public = Allow listening on a non-loopback address (the passwords are well known)
help-sandbox-serve--time-stamps = How the Ficha Financeira writes modificado_em: local (Brasília time without a zone, as the service does), z (UTC, 2026-11-22T23:10:00Z) or offset (UTC, …+00:00). The modified-since filter reads days as --filter-zone says
help-sandbox-serve--filter-zone = Which day the Ficha Financeira's modified-since filter (modificado_em_de/_ate) reads: local (a Brasília day, as the service does) or utc (a UTC day: a quote changed at 22:30 in Brasília comes for a filter from the next day)
help-sandbox-serve--date-skew = Every answer's Date header runs this many seconds ahead of the clock (behind when negative), as behind a proxy whose clock was set by hand

## help
help-help = Help on a command, or on a topic: environment, exit-codes, network
    .after =
    Examples:
      clinic help report ficha-financeira
      clinic help environment
      clinic help exit-codes
help-help--topic = A command (`report ficha-financeira`) or a topic: environment, exit-codes, network

## Clap's annotations in rendered help (English is clap's own; listed for the other languages)

help-annotation-default = [default:
help-annotation-env = [env:
help-annotation-alias = [alias:
help-annotation-aliases = [aliases:
help-annotation-possible-values = [possible values:
help-annotation-possible-values-heading = Possible values:
help-annotation-options = [OPTIONS]

## Help topics: clinic help environment, clinic help exit-codes, clinic help network

help-topic-environment-about = Environment variables clinic reads
help-topic-exit-codes-about = What each exit status means
help-topic-network-about = Connection, retry and walk options: --timeout, --max-wait, --cacert…
help-network-pointer = More options: clinic help network (connection, retries) · all of them: --help
help-topic-environment =
    Environment variables

    CLINIC_PROFILE            the profile to use, as --profile (default: default)
    CLINIC_CONFIG_DIR         the directory of config.toml (default: ~/.config/clinic on Linux,
                              %APPDATA%\clinic\config on Windows)
    CLINIC_CACHE_DIR          the directory of the reference-list cache (default: ~/.cache/clinic on
                              Linux, %LOCALAPPDATA%\clinic\cache on Windows)
    CLINIC_CACHE_TTL          seconds a cached reference list is trusted (default: 86400, a day)
    CLINIC_LANG               the interface language, en or pt-BR, as --lang; above the profile's
                              `language` and the locale

    CLINIC_BASE_URL           override the profile's base_url
    CLINIC_IO_URL             override the profile's io_url
    CLINIC_AUTOMATION_URL     override the profile's automation_url
    CLINIC_CRM_URL            override the profile's crm_url (a credential: never shown whole)
    CLINIC_WEBHOOK_ID         override the profile's webhook_id
    CLINIC_CLINICA            override the profile's default clinic

    CLINIC_TOKEN              the login token to use instead of the stored one (scripts)
    CLINIC_IO_KEY             the Integrações IO key to use instead of the stored one
    CLINIC_LOGIN              the login for `clinic login` and for renewing an expired token
    CLINIC_PASSWORD           the password that goes with CLINIC_LOGIN
    CLINIC_PASSWORD_FILE      a file holding that password on its first line, readable by its owner only;
                              with CLINIC_LOGIN, a run with no token at hand (none kept, or a store that
                              does not answer) logs in with them
    CLINIC_CREDENTIAL_STORE   force one secret store: secret-service, keyutils, credential-manager,
                              keychain or file

    CLINIC_TIMEOUT            how long a server may stay silent, as --timeout (default: 60s)
    CLINIC_MAX_WAIT           how long failing requests are retried, as --max-wait (default: 5m)
    CLINIC_MAX_OPERATING_WAIT how long in all to wait for the CRM's operating-time windows (default: 15m)
    CLINIC_MAX_ANSWER_SIZE    the largest answer read, as --max-answer-size (default: 256MiB)
    CLINIC_CA_BUNDLE          a PEM file of extra CA certificates to trust, as --cacert

    HTTPS_PROXY, HTTP_PROXY,  the proxy for https:// and http:// addresses, or for both
    ALL_PROXY                 (http://user:password@host:3128); the system's settings (Windows'
                              Internet Options, macOS's network settings) are used too, and the
                              profile's `proxy` key wins over all of them (`none`: no proxy)
    NO_PROXY                  hosts reached without the proxy (127.0.0.1,.clinica.local)

    LC_ALL, LC_MESSAGES, LANG the locale (the first one set): any Portuguese locale (pt_BR.UTF-8)
                              means pt-BR, any other English, when neither --lang, CLINIC_LANG nor
                              the profile's `language` says
    NO_COLOR                  set to anything: no colour
    COLUMNS                   the width of tables on a terminal, when the terminal does not say
    COMPLETE                  set by the completion scripts (COMPLETE=bash clinic -- WORDS…) to ask
                              for completions instead of running a command
help-topic-exit-codes =
    Exit codes

    0     ok
    1     another failure (a file that cannot be written, a broken configuration, a doctor check)
    2     usage or invalid input: a flag, value or name was refused and nothing was sent
    3     not logged in, or the token (or IO key, or CRM address) was refused
    4     the API refused the request (4xx, or a failure reported inside an answer)
    5     the server or the network failed after retries, or an answer could not be understood
    130   interrupted (Ctrl-C); 128+N for a stop by signal N: 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT
          (on Windows: 149 for Ctrl-Break)
help-topic-unknown = a command (see `clinic --help`) or one of: { $topics }

## Section titles of the manual pages (clap_mangen writes the English ones)

help-man-name = NAME
help-man-synopsis = SYNOPSIS
help-man-description = DESCRIPTION
help-man-options = OPTIONS
help-man-subcommands = SUBCOMMANDS
help-man-extra = EXTRA
help-man-version = VERSION
help-man-authors = AUTHORS
