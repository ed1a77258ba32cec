# Ajuda
