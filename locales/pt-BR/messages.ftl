# Mensagens que a CLI escreve para pessoas: erros, avisos, notas, perguntas, progresso.
# As chaves seguem o módulo que as usa. Argumentos têm nome: { $name }.

error-line = erro: { $message }
