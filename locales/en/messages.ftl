# Messages the CLI writes for people: errors, warnings, notes, prompts, progress.
# Keys are grouped by the module that uses them. Arguments are named: { $name }.

error-line = error: { $message }

## Errors (src/error.rs): what stops a command. $message, $reason: text that came with the error.

err-invalid = invalid { $field }: got { $given }, expected { $expected }
err-not-logged-in = not logged in or token expired — run `clinic login`
err-not-logged-in-because = not logged in or token expired — run `clinic login` ({ $reason })
err-rejected = the API refused the request (HTTP { $status }): { $message }
err-server = the server failed (HTTP { $status }): { $message }
err-network = network failure: { $message }
err-config = configuration: { $message }
err-interrupted = interrupted
err-in-clinic = clinic { $clinic }: { $message }
err-partial = { $failed } of { $total ->
    [one] { $total } clinic
   *[other] { $total } clinics
} failed and were left out (see above); the output holds the others

## What the reporter writes on stderr (src/ui.rs, src/counts.rs)

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
input-key-value = KEY=VALUE

