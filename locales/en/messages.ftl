# Messages the CLI writes for people: errors, warnings, notes, prompts, progress.
# Keys are grouped by the module that uses them. Arguments are named: { $name }.

error-line = error: { $message }

## Errors (src/error.rs): what stops a command. $message, $reason: text that came with the error.

err-given-length = ({ $count } characters)
err-invalid = invalid { $field }: got { $given }, expected { $expected }
err-missing = missing { $field }: expected { $expected }
err-not-logged-in = not logged in or token expired — run `clinic login`
err-not-logged-in-because = not logged in or token expired — run `clinic login` ({ $reason })
err-rejected = the API refused the request (HTTP { $status }): { $message }
err-server = the server failed (HTTP { $status }): { $message }
err-network = network failure: { $message }
err-config = configuration: { $message }
err-interrupted = interrupted
err-in-clinic = clinic { $clinic }: { $message }
err-clinic-stops-run = clinic { $clinic }: { $message }. The run stopped here; with --keep-going the other clinics are written and this one is left out (the run still exits non-zero).
err-records-failed = { $failed } of { $total ->
    [one] { $total } record
   *[other] { $total } records
} could not be read (see above); the output holds the others
err-partial = { $failed } of { $total ->
    [one] { $total } clinic
   *[other] { $total } clinics
} failed and were left out (see above); the output holds the others

## What the reporter writes on stderr (src/ui.rs, src/counts.rs)

ui-personal-shown = personal data (names, phones, e-mails, birth dates) is shown in traces and errors: keep this output out of logs
warn-line = warning: { $message }
# The end of the progress bar: the time left, e.g. "9s", "3m".
progress-time-left = ETA { $time }
# $count picks the form; $shown is the same number with its digits grouped.
count-records = { $count ->
    [one] { $shown } record
   *[other] { $shown } records
}
count-records-of = { $done } of { $count ->
    [one] { $shown } record
   *[other] { $shown } records
}
count-records-from-pages = { $records ->
    [one] { $records_shown } record
   *[other] { $records_shown } records
} from { $pages ->
    [one] { $pages_shown } page
   *[other] { $pages_shown } pages
}

## What people type (src/input.rs): the "expected …" part of an invalid value.

input-phone = a Brazilian phone with area code, e.g. 16992640197, (16) 99264-0197 or +55 16 99264-0197
input-phone-brazil = a Brazilian number (+55)
input-mobile = a mobile number with 9 digits after the area code, written as (DD) DDDDD-DDDD by the service, e.g. (16) 99264-0197
input-date = a real calendar date as YYYY-MM-DD or DD/MM/YYYY, e.g. 1990-04-23 or 23/04/1990
# $today: today's date as people read it.
input-birth-date = a birth date that is not in the future (today is { $today })
input-email = an e-mail address, e.g. maria@example.com
input-id = a positive whole number (an ID)
input-text = a non-empty text
input-no-controls = plain text without control characters (such as ESC, BEL, CR, line breaks or DEL)
input-no-controls-but-newline = plain text without control characters (such as ESC, BEL, CR or DEL; line breaks are allowed)
input-no-bidi = text without bidirectional marks or overrides (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F)
input-visible = visible characters, not only spaces or zero-width characters
input-at-most = at most { $max } characters (this has { $count })
input-key-value = KEY=VALUE

# Stored contact names and bare e-mail addresses (input::contact_name, input::email).
input-no-formula-start = a name that does not start with =, +, - or @ (spreadsheets would read it as a formula)
input-email-bare = the address alone, without a name or angle brackets, e.g. maria@example.com

## Configuration (src/config.rs)

store-kind-secret-service = desktop secret service
store-kind-keyutils = Linux kernel keyring
store-kind-credential-manager = Windows Credential Manager
store-kind-keychain = macOS Keychain
store-kind-file = plain file (0600)
config-no-home = no home directory: set CLINIC_CONFIG_DIR
config-expect-absolute-url = an absolute URL such as https://host/rest/v1
config-expected-profile = a profile of the configuration file: { $known }
config-expect-https = an https:// URL: plain http is only allowed to loopback (127.0.0.1, ::1, localhost) because it would send the token and patient data unencrypted
config-expect-http-url = an http(s) URL
config-expect-auth-scheme = bearer, raw, token or jwt
config-expect-format = table, json, ndjson, csv or tsv
config-expect-paging = numbers, links or ignored
config-expect-filter-zone = local or utc
config-expect-timezone = an IANA time zone such as America/Sao_Paulo
config-expect-pem-file = a readable PEM file
config-expect-duration-or-zero = a duration such as 30s, 2m or 1h 30m (0 for none)
config-expect-duration = a duration above zero such as 30s, 2m or 1h 30m
config-expect-size = a size above zero such as 256MiB, 10MB or 1048576 (bytes)
config-expect-bounded = a whole number from { $low } to { $high }
# The field of an invalid value when a key name is unknown; $keys: the known keys.
config-field-key = configuration key
config-expect-key = one of { $keys }
# What each key of `clinic config` takes.
config-key-base-url = the API address ending in /rest/v1 (https, or http on loopback)
config-key-io-url = the Integrações IO host (https, or http on loopback)
config-key-automation-url = the CRM automation host (https, or http on loopback)
config-key-crm-url = the CRM inbound-webhook base, .../rest/<user>/<secret>/ (a credential)
config-key-webhook-id = the automation webhook's ID
config-key-clinica = default clinic ID (a positive whole number)
config-key-auth-scheme = bearer, raw, token or jwt
config-key-format = table, json, ndjson, csv or tsv
config-key-per-page = records per page for lists and walks (1-10000)
config-key-page-base = the number of the deployment's first page, 0 or 1 (learned from its answers)
config-key-max-per-page = the largest page the deployment serves, 1-10000 (learned from its answers)
config-key-paging = how the deployment pages its lists: numbers, links or ignored (learned from its answers)
config-key-filter-zone = which day the deployment's modified-since filter reads: local (the profile's time zone) or utc (learned from its answers)
config-key-concurrency = pages in flight during walks (1-32)
config-key-timezone = an IANA time zone for CRM date-times, e.g. America/Sao_Paulo
config-key-units = CRM unit names for crm contact create --unit: "A;B;C", or "A,B,C" if no ';'
config-key-money-fields = field names that hold amounts in reais besides valor, valor_original, valor_unitario and valor_total, separated by commas (typed as exact decimals in Parquet)
config-key-sync-full-every = clinic sync walks every list whole (tombstoning what is gone) once this long has passed since the last full run (7d unless set)
# clinic mcp: profile keys
config-key-mcp-share-personal = true: clinic mcp sends phones, e-mails, birth dates and CPFs unmasked, as with --share-personal (default false)
config-key-mcp-allow-writes = true: clinic mcp also offers the tools that write, as with --allow-writes; each call is still confirmed by the person (default false)
config-key-mcp-writes = who approves each write of clinic mcp --allow-writes: ask (default: the person is asked through the assistant's client, which must support MCP elicitation; without it writes are refused) or host-approval (the write runs as the tool is called: the host application's own approval of each tool call is then the only gate), as with --writes
config-key-mcp-max-records-file = the most the records kept for a clinic mcp read tool's next pages may take on disk, e.g. 512MiB or 2GB (default 1GiB); a read whose records pass it is refused
config-expect-mcp-writes = ask (the person is asked through the client) or host-approval (the host approves each tool call)
config-expect-boolean = true or false
config-key-timeout = how long the server may stay silent, e.g. 30s or 2m (default 60s)
config-key-max-wait = how long a failing request is retried, e.g. 5m (default 5m; 0 = never)
config-key-max-answer-size = the largest answer read, e.g. 256MiB or 10MB (default 256MiB)
config-key-ca-bundle = a PEM file of extra CA certificates to trust (a private certificate authority)
config-key-proxy = the proxy every request goes through (http://host:3128), or none; unset: the system's and HTTPS_PROXY/NO_PROXY
config-expected-proxy = none, or an http:// or https:// proxy address with a host (http://10.0.0.1:3128)
config-expected-password-file = a readable file holding the password on its first line ({ $reason })
config-expected-private-password-file = a file only its owner can read (it is { $mode }: chmod 600 it)
config-expected-password-in-file = a file holding the password on its first line (it is empty)

# Local files read without blocking: only regular files, within a size limit (password, state files).
file-not-regular = it is { $kind }, not a regular file
file-kind-fifo = a FIFO (named pipe)
file-kind-device = a device
file-kind-socket = a socket
file-kind-directory = a directory
file-kind-other = no regular file
file-too-large = it is { $size }, larger than the { $limit } such a file may hold
config-expected-own-password-file = a file owned by you (it belongs to user { $owner })
config-key-language = the interface language: en or pt-BR
config-key-aliases = a CRM field ID for <name>, e.g. aliases.email = UF_CRM_1676052930

## Credential stores (src/credentials.rs). $store: a store's name (store-kind-…); $reason: why, as the store said.

store-expect-kind = secret-service, keyutils, credential-manager, keychain or file
store-file-needs-insecure = CLINIC_CREDENTIAL_STORE=file needs --insecure-storage: the token would be kept in a plain file
store-no-read-back = the stored value did not read back
store-secret-too-long = a secret of { $bytes } bytes is longer than the store keeps (128,000 bytes at most)
store-not-text = the stored value is not text
store-file-unreadable = credentials file: { $reason }
store-unreadable = the { $store } could not be read: { $reason }
store-not-on-this-platform = the { $store } is not available on this platform
store-keyutils-linux-only = the kernel keyring exists only on Linux

## The run's context (src/context.rs). $profile: a profile's name; $reason: the underlying error.

context-sandbox-scale = --sandbox-scale: { $reason }
context-sandbox-failed = could not start the sandbox: { $reason }
context-sandbox-note = sandbox: { $url } (logged in as { $login })
context-no-base-url = no base_url for profile '{ $profile }': run `clinic login --base-url https://…/rest/v1`, `clinic config set base_url …`, set CLINIC_BASE_URL, or try `--sandbox`
# $key: a configuration key (io_url…); $env: the variable that sets it.
context-no-host = no { $key } for profile '{ $profile }': run `clinic config set { $key } URL` or set { $env }
context-no-token = no token stored for profile '{ $profile }'
context-store-has-no-token = the { $store } has no token for '{ $login }'
context-store-silent = the { $store } did not answer in { $seconds } s (locked, or waiting for an unlock prompt?): CLINIC_TOKEN, or CLINIC_LOGIN and CLINIC_PASSWORD, let a run go on without it
context-store-silent-logging-in = { $reason }; logging in as CLINIC_LOGIN with the password CLINIC_PASSWORD or CLINIC_PASSWORD_FILE gives
context-admin-needs-clinic = profile '{ $profile }' logs in as an admin_master, who must name the clinic of this list: pass --clinic ID|NAME (see `clinic ref clinics`; `--clinic all` or a list reads several), or set a default with `clinic config set clinica ID`
context-ignoring-setting = ignoring the profile's { $key }: { $reason }
context-task-failed = a background task failed: { $reason }
context-renewed-token-not-stored = the renewed token could not be stored; it is used for this run only
context-per-page-lowered = note: --per-page { $asked } is above the { $max } records a page this deployment serves: { $max } is asked for
context-raw-scheme-saved = note: this deployment wants the bare token; saved auth_scheme = raw

## Requests (src/http/). Durations ($time, $total, $wait, $max_wait) are written with short units: 30s, 1m 30s.

http-header-control-character = the { $name } header would hold a control character or line break (check the token or key you set)
http-header-unsendable = header { $name } has characters that cannot be sent
# A -v trace line before a retry; $why: the status or the failure.
http-trace-retry = {"  "}retry { $attempt } in { $wait } ({ $why }); retries stop after { $max_wait }
http-trace-failed = < failed after { $ms } ms: { $message }
http-trace-broke-off = < { $status } then { $message }
# Appended to a failure's message ($gave_up) when the request was tried more than once.
http-trace-not-utf8 = the answer is not UTF-8 and names no charset: read as Windows-1252 (Latin-1)
http-trace-decoded = answer decoded from { $charset } to UTF-8
http-gave-up = {" "}(gave up after { $tries } tries in { $time })
http-gave-up-max-wait = {" "}(gave up after { $tries } tries in { $time }: see --max-wait)
http-gave-up-clinic-budget = {" "}(gave up after { $tries } tries in { $time }, this clinic's share of --max-wait)
# $caution: http-may-have-arrived or nothing.
http-may-have-arrived = {" "}— it may have reached the server, so check before sending it again
# $message: the server's own words, as sent.
http-server-message = { $message }{ $gave_up }
http-failure = { $message }{ $gave_up }{ $caution }
http-failure-at = { $url }: { $message }{ $gave_up }{ $caution }
http-answer-too-large = the answer is larger than { $size } (--max-answer-size); not read
http-answer-broke-off = the answer broke off: { $reason }
# A server that trickles an answer: the whole answer is bounded by --timeout.
http-answer-too-slow = the answer took longer than { $time } (--timeout) from its first byte to its last
http-connect-timeout = could not connect within { $time } (--timeout)
http-silent-timeout = the server sent nothing for { $time } (--timeout), or the answer took longer than { $total } in all
http-head-too-large = the answer's headers are larger than the client reads ({ $reason })
http-tls-failure = { $reason } (a TLS failure is not retried; for a server whose certificate comes from a private authority, pass its CA with --cacert FILE)
http-connection-refused = nothing answers at this address: check the address (base_url) and that the service is running
http-unknown-host = the server's name could not be found: check the address (base_url) and the network connection
http-through-proxy = through proxy { $proxy }: { $message }
http-proxy-refused = the proxy { $proxy } does not answer: check the proxy (the profile's proxy, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY) and that it is running
http-proxy-unknown-host = the proxy's name in { $proxy } could not be found: check the proxy (the profile's proxy, or HTTPS_PROXY/HTTP_PROXY/ALL_PROXY) and the network connection
# A proxy that wants a password (HTTP 407): named as the proxy, with where it was set and how to give it one
http-proxy-credentials-refused = the proxy { $proxy } refused the credentials (HTTP 407){ $said }: { $hint }
http-proxy-credentials-wanted = the proxy { $proxy } asks for a user and password (HTTP 407){ $said }: { $hint }
http-proxy-in-the-way = a proxy on the way to { $host } asks for a user and password (HTTP 407){ $said }: name it with its user and password, `clinic config set proxy http://USER:PASSWORD@HOST:PORT`
http-proxy-page-title = , its page titled "{ $title }"
http-proxy-hint-profile = the proxy is the profile's `proxy`; give its user and password there, `clinic config set proxy http://USER:PASSWORD@{ $address }`
http-proxy-hint-variable = the proxy comes from the environment variable { $variable }; give its user and password there ({ $variable }=http://USER:PASSWORD@{ $address }) or in the profile, `clinic config set proxy http://USER:PASSWORD@{ $address }`
http-proxy-hint-system = the proxy comes from the system's settings (Internet Options on Windows), which hold no password for clinic; give its user and password in the profile, `clinic config set proxy http://USER:PASSWORD@{ $address }`
http-expect-ca-accepted = CA certificates that TLS accepts ({ $reason })
http-expect-ca-readable = a readable PEM file of CA certificates ({ $reason })
http-expect-ca-pem = a PEM file of CA certificates ({ $reason })
http-expect-ca-certificate = a PEM file holding at least one BEGIN CERTIFICATE block
# Redirects (src/http/redirect.rs). $from, $to: the addresses, secrets masked; $why: one of redirect-why-….
redirect-unreadable = the server redirected { $from } (HTTP { $status }) to an address that cannot be read; not followed
redirect-refused = redirect (HTTP { $status }) from { $from } to { $to } not followed: { $why }
redirect-why-not-read = only reads are followed, and a { $method } is not re-sent anywhere
redirect-why-downgrade = it would downgrade https to plain http
redirect-why-other-origin = it leads to another origin, which must not receive this request's credentials
redirect-why-loop = the redirects go round in a loop
redirect-why-too-many = more than { $count } redirects in a row

## The API and its login (src/api/). $message: the server's own words, as sent.

auth-login-refused = login refused (HTTP { $status }): { $message }
auth-trace-token-scheme = the token came with its scheme ({ $scheme }): the scheme is kept apart and used in Authorization
auth-no-token-in-answer = the login answer carries no token (looked for a text under a key named like token, access_token, accessToken, jwt, auth_token or api_token, at any depth, and a bare string)
# $path: where in the answer the token sits, e.g. data.token.
auth-token-unsendable = the login answer carries a token at { $path } ({ $length } characters) with characters that cannot be sent in an HTTP header (spaces inside it, accents or control characters): this deployment's login answer is not understood
auth-trace-plain-token = {"  "}the token is the whole (plain text) answer
auth-trace-token-found = {"  "}token found at { $path }
auth-trace-token-refused = {"  "}the service refused the token (HTTP { $status }): { $message }
auth-trace-trying-raw = {"  "}refused with Bearer: trying the bare token once
auth-trace-logged-in-again = {"  "}token refused: logged in again with saved credentials
api-trace-not-json-again = {"  "}the answer is not JSON: asking again ({ $attempt }/{ $most })
# How an answer without a message of its own is described.
api-empty-answer = (empty answer)
api-no-readable-text = (an answer with no readable text)
api-html-page = an HTML page: { $title }
api-failure-without-message = the service reported a failure without a message
api-learned-page-base = note: this deployment numbers its pages from { $base }: remembered as page_base
api-unlearned-page-base = note: this deployment's answers contradict page_base = { $before }: now remembered as page_base = { $base }
api-learned-max-per-page = note: this deployment serves at most { $max } records a page: remembered as max_per_page
api-learned-paging = note: this deployment { $paging ->
        [links] pages its lists by next link or cursor
        [ignored] ignores the page number and gives no next link
       *[numbers] pages its lists by number
    }: remembered as paging = { $paging }
api-learned-filter-zone = note: this deployment reads the modified-since filter's day { $zone ->
        [utc] in UTC
       *[local] in the profile's time zone
    } (a record modified at { $modified } came for a filter from { $from }): remembered as filter_zone = { $zone }
api-unconfirmed = {$message} (the service did not confirm the change: no success flag, no ID, and its message does not say it worked)
# $excerpt: the start of the answer, or one of the descriptions above.
api-not-json = the server sent an answer that is not JSON (HTTP { $status }): { $excerpt }

## Walking a paged list (src/pages.rs). $page: a page number; $count picks the form of "records".

pages-max-pages-reached = the walk reached --max-pages ({ $max_pages }) before the end of the list: { $count ->
    [one] { $records } record read
   *[other] { $records } records read
}; raise --max-pages to read on
# $reported: the total the server gave; $read: how many were read.
pages-empty-first-page = the first page is empty, yet the server reports { $count ->
    [one] { $total } record
   *[other] { $total } records
} ({ $counter }): nothing is taken as "no records"{ $why }
pages-incomplete-because = incomplete list: the server reported { $count ->
    [one] { $reported } record
   *[other] { $reported } records
} ({ $counter }) but only { $read } could be read{ $why }
pages-why-page-base = : this deployment numbers its pages from { $base } (saved as page_base = { $base }); run the command again
pages-incomplete = incomplete list: the server reported { $count ->
    [one] { $reported } record
   *[other] { $reported } records
} ({ $counter }) but only { $read } could be read
pages-incomplete-repeated = incomplete list: the server reported { $count ->
    [one] { $reported } record
   *[other] { $reported } records
} ({ $counter }) but only { $read } could be read (it repeated a page: see the warning above)
pages-incomplete-overlapped = incomplete list: the server reported { $count ->
    [one] { $reported } record
   *[other] { $reported } records
} ({ $counter }) but only { $read } could be read (its pages overlapped: see the warning above)
pages-incomplete-pages = incomplete list: the server reported { $count ->
    [one] { $reported } page
   *[other] { $reported } pages
} ({ $counter }) but its records ended after { $read }{ $why }
# A counter ($counter: its key, $value) the records contradicted, shown with -v; $why is one of the
# pages-why-… texts.
pages-counters-dropped = the server's record or page counts disagree with the records it sent: they are ignored for this walk, which reads on until the records end (-v shows which)
pages-trace-counter-dropped = {"  "}counter { $counter } = { $value } dropped: { $why }
pages-why-more-records = { $count ->
    [one] { $read } record arrived
   *[other] { $read } records arrived
}
pages-why-more-pages = page { $page } holds records
pages-why-counter-agrees = { $other } agrees with the { $count ->
    [one] { $read } record
   *[other] { $read } records
} that arrived
pages-page-base-contradicted = the deployment's pages 0 and 1 are the same page, which contradicts page_base = 0: it is now remembered as page_base = 1; run the command again
pages-page-base-unsettled = the deployment's pages 0 and 1 never showed how it numbers its pages ({ $tries ->
    [one] { $tries } try
   *[other] { $tries } tries
}): the list changed while they were compared, or page 0 held some of page 1's records beside others, so no page can be vouched for as the first; nothing was learned: try again when the service is quieter, or set the numbering with `clinic config set page_base 0` (or 1)
pages-fetch-cancelled = a page fetch was cancelled: { $reason }
pages-repeated = page { $page } holds only records already read (the list ended, or the server ignores the page number or repeats its pages); dropped it and stopped
# $from is the key a later record carried its ID under, $to the key of the walk's first records.
pages-id-key-renamed = the service writes the records' ID under { $from } part-way through the list, where earlier records had { $to }: written under { $to }, one column
# $keys lists the keys the record has that the first records did not (may be empty).
pages-id-key-missing = a record has no ID under { $key }, the key the earlier records carried it under (keys it has that they did not: { $keys }); it is written as it came, and a key renamed by the service may leave its column half empty
# $records is $count written for people.
pages-page-ignored = the service ignores the page number: page 2 brought the same { $count ->
    [one] record
   *[other] { $records } records
} as page 1, and page 2 at half the size the first of them again, so the rest of the list cannot be reached. Nothing was written as complete; ask the service's administrators whether the list pages by pagina_atual or by a next link
pages-repeat-unresolved = page 2 brought only the records of page 1, and page 2 at half the size brought records that fit neither a list that ended there nor a service that ignores the page number; stopped without passing one page for the whole list
# $host is the host a next link pointed at.
pages-link-elsewhere = the list's next-page link points outside base_url (to { $host }): it is not followed, so the token goes nowhere else, and the list cannot be read whole
pages-link-unreadable = the list's next-page link or cursor cannot be read as an address
pages-page-on-linked-list = this deployment pages the list by next links, which have no page numbers: --page cannot start from a later page (use --limit, or read from the first page)
pages-page-on-ignoring-list = this deployment ignores the page number (paging = ignored in the profile): --page would answer the first page whatever page was asked (use --limit, or `clinic config unset paging` once the service reads it)
pages-link-repeated = the list's next-page link after page { $page } repeats one already followed: the list would loop, so the walk stops without passing what was read for the whole list
# $overlap of the page's $count records had been read already.
# The list changed while it was walked. $change is pages-change-counter, pages-change-overlap, pages-change-past-end or pages-change-head.
pages-change-counter = { $counter } was { $before } on page { $first } and { $after } on page { $page }
pages-change-overlap = page { $page } held { $overlap ->
    [one] { $overlap } record
   *[other] { $overlap } records
} of the pages before it
pages-change-past-end = page { $page } at { $size } a page, read to confirm where the list ended after { $records ->
    [one] { $records } record
   *[other] { $records } records
}, held { $unmet ->
    [one] { $unmet } record
   *[other] { $unmet } records
} the read never met
pages-change-head = page 1, read again once the read ended, had lost { $gone ->
    [one] { $gone } record
   *[other] { $gone } records
} and gained { $new ->
    [one] { $new } record
   *[other] { $new } records
}
pages-list-changed-reading-again = the list changed while it was read ({ $change }): records may have moved past the pages read, so it is read again from the start (read { $read } of at most { $most }); records already written are not written twice
pages-list-kept-changing = the list kept changing while it was read ({ $change }): { $reads } reads never agreed, so the records written cannot be vouched for as the whole list; try again when the service is quieter
# A page asked to check a read could not be read. $what is pages-confirm-end-unread or pages-confirm-head-unread; $reason the error, as said elsewhere.
pages-confirm-end-unread = page { $page } at { $size } a page, asked to confirm where the list ended, could not be read ({ $reason })
pages-confirm-head-unread = page 1, asked again once the read ended to check the head of the list, could not be read ({ $reason })
pages-unconfirmed-reading-again = { $what }: the read cannot be vouched for as the whole list, so it is read again from the start (read { $read } of at most { $most }); records already written are not written twice
pages-unconfirmed = { $what }, on { $reads ->
    [one] { $reads } read
   *[other] each of { $reads } reads
}: the records written cannot be vouched for as the whole list; try again when the service answers
pages-overlap-stop = page { $page } overlaps the previous page ({ $overlap } of its { $count ->
    [one] { $count } record
   *[other] { $count } records
} { $overlap ->
    [one] was
   *[other] were
} already read): the server's pages shift and nothing counts the list, so this read stops here
pages-overlap-skip = page { $page } overlaps the previous page ({ $overlap } of its { $count ->
    [one] { $count } record
   *[other] { $count } records
} { $overlap ->
    [one] was
   *[other] were
} already read): records already read are skipped

## Runs over several clinics (src/network/). $clinic: a clinic as "ID (name)".

network-no-clinics = the service lists no clinics for this login (listaClinicas is empty)
# $clinics: some of the clinics the login can see, as "ID (name)".
network-trace-clinics-unchecked = the clinics list could not be read, so the clinic IDs go as typed, unchecked: { $reason }
network-expect-visible-clinic = a clinic this login can see: { $clinics }
network-trace-clinic-records = clinic { $clinic }: { $count ->
    [one] { $records } record
   *[other] { $records } records
}
network-resuming = resuming: { $done } clinics are in the dataset from its last run; { $left } left to fetch
network-clinic-left-out = clinic { $clinic }: left out: { $reason }
network-progress-clinic = clinic { $clinic }, { $number } of { $total }
network-progress-time-left = { $at }, about { $time } left
network-records-from-clinics = { $count ->
    [one] { $records } record
   *[other] { $records } records
} from { $complete } of { $total ->
    [one] { $total } clinic
   *[other] { $total } clinics
} ({ $pages ->
    [one] { $pages_shown } page
   *[other] { $pages_shown } pages
})
network-prefetch-failed = a background page fetch failed: { $reason }
network-staging-failed = temporary file for a clinic's records: { $reason }
# $other: the clinic the records name instead.
network-foreign-records = clinic { $clinic }: { $count ->
    [one] { $count } record says it belongs
   *[other] { $count } records say they belong
} to clinic { $other } (does the server ignore `clinica`?)

## What a list shows after its records (src/show.rs)

note-no-records = no records
show-more-columns = { $count ->
    [one] { $count } more column: --columns all, or --format csv
   *[other] { $count } more columns: --columns all, or --format csv
}
sort-expected = FIELD, FIELD:asc or FIELD:desc, several separated by commas (e.g. data_agendamento,hora_inicio or valor:desc)
sort-failed = the records could not be held for sorting: { $reason }
show-stdout-incomplete = { $count ->
    [one] at most { $shown } record went to standard output before the failure: that output is incomplete
   *[other] at most { $shown } records went to standard output before the failure: that output is incomplete
}
show-unplaced-clinic = { $count ->
    [one] { $shown } record names no clinic: it is in clinica=__HIVE_DEFAULT_PARTITION__
   *[other] { $shown } records name no clinic: they are in clinica=__HIVE_DEFAULT_PARTITION__
}
show-unplaced-month = { $count ->
    [one] { $shown } record has no date for its month in { $fields }: it is in mes=__HIVE_DEFAULT_PARTITION__ (--partition-by month:FIELD names another field)
   *[other] { $shown } records have no date for their month in { $fields }: they are in mes=__HIVE_DEFAULT_PARTITION__ (--partition-by month:FIELD names another field)
}
# Partition folders the file system refuses
show-misplaced = { $count ->
    [one] { $shown } record of { $values } could not go in the folder { $wanted } ({ $reason }): it is in { $instead }, which the manifest maps back to its values
   *[other] { $shown } records of { $values } could not go in the folder { $wanted } ({ $reason }): they are in { $instead }, which the manifest maps back to their values
}
# $from, $to: the positions of the records shown; $total: how many the list holds.
show-page-of-total = showing { $from }–{ $to } of { $total } — --all for every page
show-page-more-may-follow = showing { $from }–{ $to }; more may follow — --page { $next } for the next page, --all for every page
show-expect-format-of-file = { $format }, as the file name { $file } says (or a file name of that format)
show-expect-excel-format = csv or tsv with --excel (or leave --format out: --excel writes CSV)
# Shown as the value given when a flag is missing.
show-missing = (missing)
show-expect-binary-file = a file for --format { $format }, e.g. -o ficha.{ $format } ({ $format } is binary: never written to a terminal or a pipe)

## Reference lists (src/refs/). $list: a list's name (refs-kind-…).

# $list is the reference list's name (clinics, sellers…), $keys the ID-like keys a record carried, $expected the keys the list's records carry their ID under.
refs-no-trusted-id = a record of the { $list } list carries no ID under a key of its own (looked for: { $expected }; it has: { $keys }): no name is looked up in it rather than with an ID that may belong to something else
refs-kind-clinics = clinics
refs-kind-channels = channels
refs-kind-campaigns = campaigns
refs-kind-services = services
refs-kind-sellers = sellers
refs-kind-creators = creators
refs-kind-account-plans = account-plans
refs-kind-operation-types = operation-types
refs-kind-appointment-statuses = appointment-statuses
refs-kind-quote-statuses = quote-statuses
# $closest, $matches: entries as "name (ID)".
refs-expect-one-of = one of the { $list } (by ID or exact name); closest: { $closest }
refs-expect-unique = a name that matches only one of the { $list }; it matches { $matches } — pass the ID
refs-reread-failed = could not read the { $list } list again: { $reason }
refs-refresh-failed = the { $list } list could not be read, the others go on: { $reason }
refs-refreshed-some = { $lists ->
    [one] { $lists } list refreshed
   *[other] { $lists } lists refreshed
}; the ones warned about above were not
refs-using-cached = using the cached { $list } list: { $reason }
refs-no-home = no home directory: set CLINIC_CACHE_DIR

## The CRM and its automation (src/crm/). $message: the CRM's own words, as sent.

crm-trace-query-limit = {"  "}QUERY_LIMIT_EXCEEDED (nothing was changed): sending again in { $wait }
crm-credentials-refused = the CRM refused the credentials in crm_url (HTTP { $status }): { $message } — check `clinic config set crm_url …` or CLINIC_CRM_URL
crm-not-json = the CRM sent an answer that is not JSON (HTTP { $status }): { $excerpt }
# $answer: the start of the CRM's answer.
crm-no-result = the CRM answer has no `result`: { $answer }
crm-no-types = the CRM answer to crm.type.list has no `result.types` list: { $answer }
crm-expected-type = the title or entityTypeId of one of the portal's smart processes: { $types }
crm-expected-category = the name or ID of one of the smart process's pipelines: { $names }
crm-expected-stage = the name or STATUS_ID of one of the smart process's stages: { $names }
crm-operating-wait = the CRM's running-time limit for { $method } is reached: waiting until { $until }, when its window ends (--max-operating-wait)
crm-operating-gave-up = the CRM's running-time limit for { $method } would hold the run past --max-operating-wait ({ $time } of waiting)
crm-batch-page-failed = page { $page } of the list could not be read: { $message }
crm-batch-no-answer = the batch answer says nothing of this call
crm-batch-missing = the CRM has no batch method: its calls go one at a time (slower, the same records)
crm-batch-no-earlier-result = this call starts from an earlier call's result, which holds nothing at { $reference }
crm-duplicates-unreadable = the CRM's duplicate search answered something other than contact IDs: { $answer }
crm-no-records-array = the CRM list has no records array: { $answer }
crm-record-without-id = a CRM record without a numeric ID: { $record }
crm-expect-whole-number = a whole number
# $after: the last ID read; $last: the ID the CRM answered with.
crm-keyset-ignored = the CRM ignored filter[>ID]={ $after } (answered ID { $last }); try without --keyset
crm-expect-url-with-path = an http(s) URL with a path
crm-automation-not-json = the automation sent an answer that is not JSON (HTTP { $status }): { $excerpt } — the lead may or may not have been created: check the CRM before sending it again

## Output (src/output/, src/jq.rs). $reason: the system's own words.

output-unknown-format = unknown format `{ $format }`: expected one of table, json, ndjson, csv, tsv, xlsx
output-cannot-write = cannot write output: { $reason }
output-cannot-write-file = cannot write { $path }: { $reason }
output-folder-missing = its folder does not exist
output-permission-denied = permission denied (the folder or the file is not writable by this user)
output-disk-full = the disk is full
output-read-only = the file system is read-only
output-too-many-open-files = too many files open at once (each partition of a dataset holds two until the run ends): raise the limit on open files (ulimit -n) or partition by fewer fields
record-too-deep = the answer holds a record nested deeper than { $limit } levels: the client does not read it
record-unreadable = the answer holds a record that is not valid JSON: { $reason }
output-not-a-file = cannot write output to { $path }: it is not a file (-o takes a file, a device such as /dev/null, a FIFO, or - for stdout)
output-second-record = a single answer was given a second record
# $why: jq-parse-errors or jq-unknown-names.
jq-expect-filter = a jq filter ({ $why })
jq-parse-errors = { $count ->
    [one] { $count } parse error
   *[other] { $count } parse errors
}
jq-unknown-names = unknown: { $names }
jq-input-failed = --jq input: { $reason }
jq-failed = --jq: { $reason }
output-partition-format = --partition-by writes parquet, csv, tsv or ndjson files, not { $format }
output-partition-needs-dir = --partition-by needs -o DIR/, the dataset's folder
output-partition-not-a-dir = --partition-by needs -o DIR/, a folder, and { $path } is a file
output-resume-nothing = --resume needs a run of this dataset to resume, and { $path } holds none (no manifest that says which clinics finished)
# Resume: only a run of the same export, and only one that did not complete
output-resume-other-runs = --resume takes up an unfinished run of this same export, and { $path } holds none: its runs had another report, filters, clinics, format, columns or partitioning
output-resume-complete = the last run of this export into { $path } finished every clinic, so there is nothing to resume: run it without --resume to export again
output-parquet-misfit = a value of column { $column } does not fit the type learnt for it: { $value }
output-parquet-failed = the Parquet file could not be written: { $reason }
# Parquet's bound on columns (memory per column while encoding).
output-parquet-too-many-columns = the records have { $count } columns, more than the { $most } a Parquet file is written with: choose columns with --columns, or use --format csv or ndjson
output-xlsx-too-many-columns = { $count } columns do not fit in an Excel sheet (at most 16384)
# $number: the sheet's number, from 1 (a sheet holds at most 1,048,575 records).
output-xlsx-sheet-name = Sheet{ $number }
output-xlsx-year = year { $year } is outside Excel's range
output-spill-failed = temporary file for buffered rows: { $reason }
output-run-stopping = the run is being stopped
# The two columns of a single record shown as a table (one row per field).
table-field = field
table-value = value
table-record = record { $number }

## Short titles of the columns a wide list shows on a terminal (src/output/titles.rs), in place of
## the service's keys (codigo, data_agendamento, …), which every other output keeps.
table-title-codigo = code
table-title-data = date
table-title-cliente = client
table-title-vendedor = seller
table-title-valor = amount
table-title-data-agendamento = date
table-title-hora-inicio = time
table-title-servico = service
table-title-profissional = professional
table-title-nome = name
table-title-telefone = phone
table-title-email = e-mail
table-title-canal = channel
table-title-situacao = state

# $record: the record's position; $columns: the new columns' names; $known: how many records the header was written from.
output-record-after-values = record { $record } is an object or a list, but the records before it were bare values, written one per line without a header: the output so far is incomplete; make the --jq filter give either values or objects
output-new-columns = record { $record } has { $count ->
    [one] a column
   *[other] columns
} the header lacks ({ $columns }): the header was written from the first { $known } records, and the output so far is incomplete; name the columns with --columns, or write to a file with -o (a file is completed with the full header)

## IDs or names typed on the command line (src/refs/resolve.rs): the "expected …" part.
refs-expect-id-or-name = an ID or a name
refs-expect-positive-id-or-name = a positive ID or a name
refs-expect-list = one or more IDs or names separated by commas, e.g. 1,2 or Agendado,Confirmado
network-all-alone = `all` already means every clinic: give it alone

## The sandbox's start-up lines (src/cli/sandbox.rs). Logins, passwords, keys and addresses are data.
sandbox-banner-listening = Clinic Results sandbox listening on { $addr } (seed { $seed })
sandbox-banner-data = {"  "}data: { $quotes } quotes, { $quotes } appointments and { $contacts } contacts over 12 clinics
sandbox-banner-answers = {"  "}answers: { $answers }
sandbox-banner-admin = {"  "}login admin_master: { $login } / { $password } (pass clinica on list calls)
sandbox-banner-clinic-user = {"  "}login clinic user (clinic 1): { $login } / { $password }
sandbox-banner-io-key = {"  "}IO API key (x-api-key): { $key }
sandbox-banner-webhook = {"  "}automation webhook: GET { $url }
sandbox-banner-inspection = {"  "}inspection: GET http://{ $addr }/__sandbox/requests, GET http://{ $addr }/__sandbox/stats
sandbox-banner-stop = Press Ctrl-C to stop.

## clinic sync and clinic sql
sync-busy = another sync is writing { $path }; run again when it ends (or without --no-wait, which waits for it)
sync-waiting = another sync is writing { $path }; waiting for it to end
sync-not-an-object = the service sent a record that is a { $kind }, not an object with fields: it cannot be mirrored
sync-no-id = the service sent a record without an ID field (id, ID, Id or codigo): it cannot be mirrored (its fields: { $fields })
sync-not-a-mirror = { $path } is a database of another program (it has tables, and none of a mirror's): it was left untouched; give --to a new file or a mirror
sync-database-failed = the database { $path } could not be written: { $reason }

## clinic sync into PostgreSQL
config-key-sync-target = where clinic sync, sync changes and clinic sql go when --to names nothing: a file, or postgres://user@host/database (the password in PGPASSWORD or stored with clinic auth set-db-password)
config-key-crm-api = the CRM method family to speak: item (Bitrix24's universal crm.item.*) or classic (crm.contact.*, crm.deal.*); unset, it is found from the portal's answers
config-expect-crm-api = item or classic
config-expect-postgres-url = a PostgreSQL URL with a database: postgres://user@host[:port]/database[?sslmode=require]
config-expect-postgres-no-password = a PostgreSQL URL without a password (postgres://user@host/database): give the password in PGPASSWORD or store it with `clinic auth set-db-password`, so it stays out of the shell's history, the process list and the profile
sync-postgres-failed = the PostgreSQL database { $url } could not be reached or written: { $reason }
sync-postgres-refused = the PostgreSQL database { $url } refused what this run sent: { $reason }
sync-postgres-login = the PostgreSQL database { $url } did not accept the login: { $reason } — store its password with `clinic auth set-db-password { $url }`, or set PGPASSWORD
sync-postgres-cannot-create = the PostgreSQL database { $url }: the role { $role } may not create tables in the schema "{ $schema }", where clinic sync keeps the mirror — grant it CREATE on that schema (GRANT CREATE ON SCHEMA { $schema } TO { $role }), or sync as a role that may
sync-postgres-other-source = { $url } is fed by another working copy ({ $id }), whose runs are numbered apart from this one's: give this sync a database of its own, or drop that database's tables to feed it from here
sync-postgres-published = { $url }: published up to run { $run } ({ $rows } rows sent)
sync-list-absent = { $stream }: this deployment has no such list; left out
sync-filter-ignored = { $stream }: the deployment ignored the modified-since filter (records older than the point came): every record was written, and later runs walk this list whole
sync-widened = { $table }.{ $column } held a value that is not { $from }: the column is now { $to }, every value kept
sync-overflow = { $table }: { $fields } fields past the { $limit } columns a table may have are kept, as one JSON object, in its _overflow column (SELECT field FROM _fields WHERE col = '_overflow' names them)
# clinic sync: bookmarks ahead of the server's clock, money without an exact amount
sync-point-ahead = { $stream }: the bookmark { $point } is later than the server's clock ({ $server }): it was saved under a clock that ran ahead, so it is dropped and the list is walked whole
sync-clock-disagrees = { $stream }: the server's clock by its Date header ({ $server }) is behind the records' own times ({ $newest }): it is not trusted, and the bookmark comes from the records
sync-empty-kept = { $table } (clinic { $clinic }): the service answered an empty list where the mirror holds { $rows } rows: nothing was marked deleted this run (clinic sync --allow-empty accepts an empty list)
sync-money-unread = { $count ->
    [one] { $table }.{ $column }: 1 money value is not an exact amount: its text is kept, and { $column }_centavos is left empty
   *[other] { $table }.{ $column }: { $count } money values are not exact amounts: their text is kept, and { $column }_centavos is left empty
}
sync-money-unread-end = { $count ->
    [one] every row was written, but 1 money value has no centavos (see the warning above): sums over the _centavos columns leave it out
   *[other] every row was written, but { $count } money values have no centavos (see the warnings above): sums over the _centavos columns leave them out
}
# end of that block
sync-stream-done = { $stream } (clinic { $clinic }, { $mode }): { $new } new, { $changed } changed, { $vanished } vanished
sync-summary-stream = { $stream } { $new } new, { $changed } changed, { $vanished } vanished
sync-summary = run { $run }: { $streams }
sync-expected-streams = stream names, comma-separated: quotes, appointments, contacts, references, crm
sync-no-mirror = there is no mirror at { $path } yet: run clinic sync first (or name one with --to)
sql-failed = the query failed: { $reason }
sql-query-or-schema = give a query or --schema, not both
sql-refused-attach = the query was refused: it attaches or detaches another database file (ATTACH, DETACH); clinic sql reads the mirror alone
sql-refused-write = the query was refused: it would change the database ({ $action }); clinic sql only reads
sql-refused-transaction = the query was refused: transaction control (BEGIN, COMMIT, SAVEPOINT…) has no place in a query that only reads
sql-refused-pragma = the query was refused: PRAGMA { $pragma } is not one that only describes the database
sql-refused-function = the query was refused: the function { $function }() reaches files, the process or SQLite's internals
sql-refused-personal = the query was refused: it reads { $table }.{ $column }, a column of personal data, and personal data is masked here, whatever a query makes of it (clinic mcp --share-personal shares it)
sql-refused-not-read-only = the query was refused: SQLite says it does more than read (VACUUM, VACUUM INTO…); clinic sql only reads
sql-timed-out = the query was stopped after { $limit } (--timeout): narrow it, or give it longer with --timeout
sql-given-up = the query was stopped: whoever asked for it gave up on it (an assistant cancelled the call)
sql-too-big = the query failed: a value passes { $limit }, the longest text or blob clinic sql lets SQLite make or read
sql-expected-query = an SQL query (SELECT …), or --schema for the tables and columns
sql-refused-statements = the query was refused: { $count ->
    [0] it holds no statement
   *[other] it holds { $count } statements
  }, and clinic sql runs exactly one query on PostgreSQL
sql-refused-not-a-query = the query was refused: { $statement } is not a query that returns rows; clinic sql runs only those on PostgreSQL
sql-refused-unreadable = the query was refused: it could not be read as one PostgreSQL query ({ $reason })
sql-refused-unknown-function = the query was refused: the function { $function }() is not among those clinic sql lets a PostgreSQL query call (aggregates, arithmetic, text, dates and times, JSON, arrays, formatting)
sql-refused-no-columns = the query was refused: it returns no columns; clinic sql runs only queries that return rows
sql-refused-role = the query was refused: the role { $role } is { $power ->
    [superuser] a superuser
   *[other] a member of { $power }
  }, and so reaches the server's files or programs whatever a query says; connect clinic sql as a role that can only read the mirror (CREATE ROLE reader LOGIN PASSWORD …; GRANT USAGE ON SCHEMA public TO reader; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader)
