# The language of the interface: how it is chosen, and what a setting that names none says.

lang-expected = a language: en (English) or pt-BR (Brazilian Portuguese)
