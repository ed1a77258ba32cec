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

## login, logout, auth

cli-auth-stdin-twice = --sandbox-hosts - e --password-stdin leem ambos a entrada padrão: informe o endereço do sandbox ou um arquivo
cli-auth-prompt-login = Login:{" "}
cli-auth-prompt-password = Senha:{" "}
cli-auth-prompt-io-key = Chave da API IO:{" "}
cli-auth-who = { $login } ({ $kind })
cli-auth-logged-in-sandbox = Login feito no sandbox como { $who }; nada foi guardado.
cli-auth-password-not-saved = a senha não foi guardada: { $reasons }
cli-auth-profile-at-sandbox = o perfil '{ $profile }' aponta para o sandbox: base_url, io_url, automation_url, crm_url, webhook_id e units definidos
cli-auth-logged-in = Login feito como { $who } no perfil '{ $profile }'; token guardado em: { $store }.
cli-auth-token-in-plain-file = o token está num arquivo comum: { $path }
cli-auth-token-printed = nenhum armazenamento pôde guardar o token ({ $reasons }); ele foi escrito na saída padrão
cli-auth-token-unstored-file-tried = login feito, mas nenhum armazenamento pôde guardar o token ({ $reasons }); exporte-o você mesmo: CLINIC_TOKEN=$(clinic login … | cat)
cli-auth-token-unstored = login feito, mas nenhum armazenamento pôde guardar o token ({ $reasons }); rode `clinic login --insecure-storage` para guardá-lo num arquivo 0600, ou capture-o: export CLINIC_TOKEN=$(clinic login … | cat)
cli-auth-logout-nothing = o perfil '{ $profile }' não tem token nem chave IO guardados
cli-auth-logged-out = Logout do perfil '{ $profile }': o token de { $login } foi removido ({ $store }).
cli-auth-logout-no-token = Perfil '{ $profile }': não havia token de { $login } ({ $store }); nada a remover.
cli-auth-sandbox-io-key-remove = a chave IO do sandbox é fixa; nada a remover
cli-auth-sandbox-io-key-store = a chave IO do sandbox é fixa; nada a guardar
cli-auth-no-io-key = o perfil '{ $profile }' não tem chave IO guardada
cli-auth-io-key-removed = A chave da API IO do perfil '{ $profile }' foi removida ({ $store }).
cli-auth-io-key-absent = Perfil '{ $profile }': não havia chave da API IO ({ $store }); nada a remover.
cli-auth-token-to-terminal = o token não é escrito num terminal; use um pipe, ou passe --show
cli-auth-io-key-stored = Chave da API IO guardada ({ $store }) para o perfil '{ $profile }'.
cli-auth-io-key-unstored = nenhum armazenamento pôde guardar a chave IO ({ $reasons }); use --insecure-storage, ou defina CLINIC_IO_KEY
cli-auth-empty-line = (uma linha vazia)
cli-auth-expected-secret = o segredo na primeira linha da entrada padrão
cli-auth-no-terminal = não há terminal para perguntar: passe { $flag }
cli-auth-no-terminal-or-env = não há terminal para perguntar: passe { $flag } ou defina { $env }
cli-auth-nothing-typed = nada foi digitado
