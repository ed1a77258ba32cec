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
