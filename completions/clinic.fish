complete --keep-order --exclusive --command clinic --arguments "(COMPLETE=fish clinic -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
