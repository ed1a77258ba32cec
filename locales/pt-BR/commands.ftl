# O que os comandos (src/cli) escrevem para as pessoas: erros, avisos, perguntas, listas, prévias, verificações.
# Chaves agrupadas por comando. Argumentos com nome: { $name }.

## Comum

cli-expected = esperado: { $expected }

## Formulário guiado de contato

cli-guided-missing-flags = { $count ->
    [one] falta o campo obrigatório { $flags }: passe-o como opção (num terminal o comando pergunta por ele)
   *[other] faltam os campos obrigatórios { $flags }: passe-os como opções (num terminal o comando pergunta por eles)
}
cli-guided-missing-flags-clinic = { $count ->
    [one] falta o campo obrigatório { $flags }: passe-o como opção, ou defina uma clínica padrão com `clinic config set clinica ID` (num terminal o comando pergunta por ele)
   *[other] faltam os campos obrigatórios { $flags }: passe-os como opções, a clínica também como padrão com `clinic config set clinica ID` (num terminal o comando pergunta por eles)
}
cli-guided-clinic = Clínica
cli-guided-name = Nome
cli-guided-phone = Celular, ex.: (16) 99264-0197
cli-guided-birth-date = Data de nascimento (DD/MM/AAAA)
cli-guided-channel = Canal
cli-guided-campaign = Campanha
cli-guided-email = E-mail (opcional)
cli-guided-list-empty = a lista { $list } está vazia: passe o ID como opção
cli-guided-only-entry = { $label }: { $id }  { $name }
cli-guided-pick = { $label } (ID ou nome)
cli-guided-no-such-id = nenhum item da lista { $list } tem o ID { $id }: digite um ID que a lista mostra, ou um nome
cli-guided-menu-title = { $label }:
cli-guided-menu-more = … e mais { $count }: digite um nome, ou parte de um, para ver os mais próximos
cli-guided-send = Enviar?
cli-guided-cancelled = cancelado: nada foi enviado
cli-guided-stopped = o formulário parou ({ $reason }); nada foi enviado
