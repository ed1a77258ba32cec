# Messages the CLI writes for people: errors, warnings, notes, prompts, progress.
# Keys are grouped by the module that uses them. Arguments are named: { $name }.

error-line = error: { $message }
