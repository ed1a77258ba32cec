# O que os comandos (src/cli) escrevem para as pessoas: erros, avisos, perguntas, listas, prévias, verificações.
# Chaves agrupadas por comando. Argumentos com nome: { $name }.

## Comum

cli-expected = esperado: { $expected }
cli-expected-date-or-word = uma data real no formato AAAA-MM-DD ou DD/MM/AAAA, ou uma destas palavras: hoje, amanhã, ontem, semana, mês (today, tomorrow, yesterday, week, month)

## Formulário guiado de contato

cli-guided-refused = recebido { $given }, esperado: { $expected }
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
ask-default-yes = [S/n]
ask-default-no = [s/N]
ask-yes-or-no = Responda s (sim) ou n (não).
cli-guided-send = Enviar?
cli-guided-cancelled = nada foi enviado
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

# auth set-db-password: a senha de um banco PostgreSQL, guardada só para esse banco.
# $database é usuario@servidor:porta/banco; nunca contém a senha.
cli-auth-prompt-db-password = Senha do PostgreSQL:{" "}
cli-auth-sandbox-db-password = com --sandbox nenhum perfil é alterado: guarde a senha do banco sem --sandbox
cli-auth-db-password-stored = Senha de { $database } guardada ({ $store }) para o perfil '{ $profile }'.
cli-auth-db-password-unstored = nenhum armazenamento pôde guardar a senha do banco ({ $reasons }); use --insecure-storage, ou defina PGPASSWORD
cli-auth-no-db-password = o perfil '{ $profile }' não tem senha guardada para { $database }
cli-auth-db-password-removed = A senha de { $database } foi removida ({ $store }).
cli-auth-db-password-absent = Não havia senha para { $database } ({ $store }); nada a remover.
cli-db-password-missing-in-store = não há senha guardada para { $database } ({ $store }): guarde-a de novo com `clinic auth set-db-password`, ou defina PGPASSWORD
cli-auth-empty-line = (uma linha vazia)
cli-auth-expected-secret = o segredo na primeira linha da entrada padrão
cli-auth-no-terminal = não há terminal para perguntar: passe { $flag }
cli-auth-no-terminal-or-env = não há terminal para perguntar: passe { $flag } ou defina { $env }
cli-auth-nothing-typed = nada foi digitado

## doctor, setup

cli-doctor-status-ok = ok
cli-doctor-status-warn = aviso
cli-doctor-status-fail = FALHA
cli-doctor-name-credentials = credenciais
cli-doctor-name-io-key = chave io
cli-doctor-name-cache = cache de nomes
cli-doctor-name-completions = completamento
cli-doctor-config-unreadable = não foi possível ler a configuração
cli-doctor-failed = { $count ->
    [one] { $failed } de { $count } verificação falhou
   *[other] { $failed ->
        [one] { $failed } de { $count } verificações falhou
       *[other] { $failed } de { $count } verificações falharam
    }
}
cli-doctor-config-ok = { $file }, perfil '{ $profile }'
cli-doctor-config-no-profile = { $file } não tem o perfil '{ $profile }': rode `clinic setup`
cli-doctor-host-not-set = não definido: clinic config set { $key } URL (ou clinic setup)
cli-doctor-host-answers = { $address } responde (HTTP { $status })
cli-doctor-host-answers-via = { $address } responde (HTTP { $status }) pelo proxy { $proxy }
cli-doctor-api-answers = { $address } responde (HTTP { $status } a uma operação da API pedida sem token): a API está lá
cli-doctor-api-not-found = { $address } responde HTTP { $status } a uma operação da API: não há API neste endereço; base_url é o endereço que termina em /rest/v1
cli-doctor-api-server-error = { $address } responde HTTP { $status } a uma operação da API: a API está lá, mas falhando; tente mais tarde
cli-doctor-api-unexpected = { $address } responde HTTP { $status } a uma operação da API, o que a API não dá: confira base_url
cli-doctor-api-answers-via = { $address } responde pelo proxy { $proxy } (HTTP { $status } a uma operação da API pedida sem token): a API está lá
cli-doctor-api-not-found-via = { $address } responde HTTP { $status } a uma operação da API pelo proxy { $proxy }: não há API neste endereço; base_url é o endereço que termina em /rest/v1
cli-doctor-no-login = sem login
cli-doctor-token-ok = { $who }: o serviço aceita o token
cli-doctor-token-untried = não foi possível testar: { $reason }
cli-doctor-store-env-token = CLINIC_TOKEN está definido: nenhum armazenamento é lido
cli-doctor-store-no-token = nenhum token guardado: clinic login
cli-doctor-store-no-deployment = nenhum servidor a consultar: { $reason }
cli-doctor-store-ok = o token está guardado ({ $store })
cli-doctor-store-slow = o token está guardado ({ $store }), mas a resposta levou { $seconds } s: execuções sem ninguém no terminal esperam isso toda vez, e desistem depois de 5 s
cli-doctor-unattended-token = uma execução sem ninguém no terminal usa CLINIC_TOKEN, sem o armazenamento de credenciais
cli-doctor-unattended-login = sem token à mão, uma execução sem ninguém no terminal entra como { $login } com a senha de CLINIC_PASSWORD ou CLINIC_PASSWORD_FILE
cli-doctor-unattended-store-only = uma execução sem ninguém no terminal só tem o token do armazenamento de credenciais: onde não alcança o armazenamento (chaveiro bloqueado, tarefa que não guarda a senha do usuário) ela sai com 3; defina CLINIC_LOGIN e CLINIC_PASSWORD_FILE para ela
cli-doctor-store-missing = não há token de { $login } ({ $store }): clinic login
cli-doctor-store-failed = { $store }: { $reason }
# Um manifesto de token dividido no cofre que não confere: é lido como nenhum token.
cli-doctor-store-damaged = o { $store } tem uma entrada danificada de { $login } (as partes de um token longo não conferem com o manifesto), lida como nenhum token: clinic login
cli-doctor-io-key-env = CLINIC_IO_KEY está definida
cli-doctor-io-key-kept = guardada ({ $store })
cli-doctor-io-key-none = nenhuma: clinic auth set-io-key (só `clinic io` precisa dela)
cli-doctor-crm-not-set = não definido: clinic config set crm_url URL (só os comandos crm precisam dele)
cli-doctor-crm-answers = { $address } responde a crm.deal.list
cli-doctor-webhook-set = definido (não é chamado: cada chamada cria um contato e um negócio)
cli-doctor-webhook-not-set = não definido: clinic config set webhook_id ID (crm contact create precisa dele)
cli-doctor-units-none = nenhuma: clinic config set units "A;B;C" (--unit é então enviado como digitado)
cli-doctor-units = { $count ->
    [one] { $count } unidade: clinic crm units
   *[other] { $count } unidades: clinic crm units
}
cli-doctor-clinic-admin-none = nenhuma clínica padrão: como admin_master, as listas precisam de --clinic (clinic config set clinica ID)
cli-doctor-clinic-none = nenhuma clínica padrão
cli-doctor-clinic-unseen = { $id } não é uma das clínicas que este login vê (clinic ref clinics)
cli-doctor-clinic-unread = { $id }: não foi possível ler as clínicas: { $reason }
cli-doctor-cache-no-base = nenhum sem base_url
cli-doctor-age-seconds = { $count } s
cli-doctor-age-minutes = { $count } min
cli-doctor-age-hours = { $count } h
cli-doctor-age-days = { $count ->
    [one] { $count } dia
   *[other] { $count } dias
}
cli-doctor-cache-fresh = atualizado há { $age }
cli-doctor-cache-stale = atualizado há { $age }, desatualizado: clinic cache refresh
cli-doctor-cache-empty = vazio: clinic cache refresh (os nomes do Tab vêm dele)
cli-doctor-completions-differ = { $shell }: { $path } difere do desta versão: clinic completions { $shell } > { $path }
cli-doctor-completions-missing = não instalado: { $command }
cli-doctor-host-proxy-refused = { $address } não alcançado: o proxy { $proxy } recusou a requisição (HTTP 407; veja a linha do proxy)
cli-doctor-token-ok-via = { $who }: o serviço aceita o token (pelo proxy { $proxy })
cli-doctor-token-proxy-refused = não testado: o proxy { $proxy } recusou a requisição (HTTP 407; veja a linha do proxy)
cli-doctor-crm-answers-via = { $address } responde a crm.deal.list pelo proxy { $proxy }
cli-doctor-proxy-ok-profile = { $address } (o proxy do perfil) responde e deixa as requisições passarem
cli-doctor-proxy-ok-variable = { $address } (de { $variable }) responde e deixa as requisições passarem
cli-doctor-proxy-ok-system = { $address } (das configurações do sistema) responde e deixa as requisições passarem
cli-doctor-proxy-untried = { $address }: não testado ({ $reason })
cli-doctor-completions-powershell-ok = { $shell }: { $profile } ($PROFILE) carrega o completamento
cli-doctor-completions-powershell-missing = { $shell }: não instalado: acrescente esta linha ao $PROFILE ({ $profile }): { $line }
cli-doctor-completions-powershell-policy = { $shell }: não instalado: acrescente esta linha ao $PROFILE ({ $profile }): { $line } — e deixe-o rodar, uma vez: Set-ExecutionPolicy -Scope CurrentUser RemoteSigned
cli-doctor-completions-cmd = o cmd não completa as opções de nenhum programa: use o clinic no PowerShell e veja o `clinic doctor` lá (clinic completions powershell)
cli-setup-label-base-url = Endereço da API, terminando em /rest/v1
cli-setup-label-io-url = Servidor da Integrações IO
cli-setup-label-automation-url = Servidor de automação do CRM
cli-setup-label-crm-url = Endereço do webhook de entrada do CRM
cli-setup-label-webhook-id = ID do webhook de automação
cli-setup-label-units = Nomes das unidades do CRM, separados por ';'
cli-setup-sandbox = --sandbox não altera perfis: para configurar um perfil para um sandbox, rode `clinic sandbox serve` e `clinic setup --sandbox-hosts ENDEREÇO`
cli-setup-no-base-url = sem base_url: passe --base-url https://…/rest/v1 (ou --sandbox-hosts ENDEREÇO)
cli-setup-default-clinic = Clínica padrão
cli-setup-prompt-keep = { $label } ({ $key }; Enter mantém { $shown })
cli-setup-prompt-unset = { $label } ({ $key }; Enter deixa sem valor)
cli-setup-stopped = a configuração parou ({ $reason }); nada foi alterado
cli-setup-make-default = Usar o perfil '{ $profile }' quando nenhum for indicado (hoje é '{ $current }')?
cli-setup-saved = perfil '{ $profile }' salvo; verificando cada item

## contact import

cli-import-summary = { $count ->
    [one] { $created } criado(s), { $skipped } pulado(s), { $unknown } incerto(s), { $failed } com falha, de { $count } linha
   *[other] { $created } criado(s), { $skipped } pulado(s), { $unknown } incerto(s), { $failed } com falha, de { $count } linhas
}
# Registros de importação: uma importação por vez em cada registro
cli-import-journal-busy = outra importação está usando o registro { $journal } agora; nenhuma linha foi enviada. Execute de novo quando ela terminar, ou tire o --no-wait para esperar por ela
cli-import-journal-waiting = outra importação está usando o registro { $journal }: esperando que ela termine
cli-import-unknown-rows-journal = { $count ->
    [one] { $count } linha foi enviada, mas não se sabe se o contato foi criado ({ $rows }); consulte com `clinic contact import { $file } --journal { $journal } --resolve-unknown` e rode a importação de novo para enviar as linhas que nunca chegaram
   *[other] { $count } linhas foram enviadas, mas não se sabe se os contatos foram criados ({ $rows }); consulte com `clinic contact import { $file } --journal { $journal } --resolve-unknown` e rode a importação de novo para enviar as linhas que nunca chegaram
}
cli-import-unknown-rows = { $count ->
    [one] { $count } linha foi enviada, mas não se sabe se o contato foi criado ({ $rows }); consulte (`clinic contact list --phone …`) antes de enviá-la de novo; com --journal, `--resolve-unknown` faz isso
   *[other] { $count } linhas foram enviadas, mas não se sabe se os contatos foram criados ({ $rows }); consulte (`clinic contact list --phone …`) antes de enviá-las de novo; com --journal, `--resolve-unknown` faz isso
}
cli-import-row-list = linhas { $rows }
cli-import-row-list-more = linhas { $rows } e mais { $more }
cli-import-journal-lost = criado (ID { $id }), mas o diário não pôde registrá-lo, então uma próxima execução o verá como incerto: { $reason }
cli-import-expected-readable = um arquivo CSV legível ({ $reason })
# Arquivos de texto que as pessoas entregam (uma planilha, --ids-from): como os bytes foram lidos
cli-file-read-as-windows-1252 = { $file } não está em UTF-8 (linha { $line }, byte { $byte }): lido como Windows-1252, a codificação do CSV comum do Excel; --encoding escolhe outra
cli-file-expected-text = texto em UTF-8 ou Windows-1252, mas a linha { $line }, byte { $byte } ({ $value }) não é nenhum dos dois: no Excel, salve como "CSV UTF-8 (Delimitado por vírgulas)", ou diga a codificação com --encoding
cli-file-expected-encoding = texto em { $encoding }, mas a linha { $line }, byte { $byte } ({ $value }) não é: no Excel, salve como "CSV UTF-8 (Delimitado por vírgulas)", ou diga a codificação com --encoding
cli-import-expected-csv = CSV ({ $reason })
cli-import-expected-columns = colunas para { $columns } (veja `clinic { $command } --help`)
cli-import-row-problem = linha { $row }: { $problem }
cli-import-row-duplicate = linha { $row }: o mesmo contato (telefone e nome) da linha { $earlier }
cli-import-more = … e mais { $count }
cli-import-invalid-rows = { $count ->
    [one] { $count } linha é inválida; nada foi enviado:
   *[other] { $count } linhas são inválidas; nada foi enviado:
}
# Uma célula vazia de uma coluna que toda linha precisa ter.
cli-import-required = { $field } é obrigatório: esperado { $expected }
cli-import-expected-clinic = uma coluna de clínica, --clinic, ou a clinica do perfil
cli-import-unmatched-names = { $count ->
    [one] { $count } nome não foi encontrado; nada foi enviado:
   *[other] { $count } nomes não foram encontrados; nada foi enviado:
}
cli-import-resolve-elsewhere = { $count ->
    [one] { $count } linha do diário em estado incerto não está neste arquivo; ela foi deixada como está
   *[other] { $count } linhas do diário em estado incerto não estão neste arquivo; elas foram deixadas como estão
}
cli-import-resolve-nothing = nenhuma linha deste arquivo está em estado incerto; nada a consultar
cli-import-resolve-several = linha { $row }: { $count } contatos correspondem ({ $ids }); registrando o primeiro
cli-import-resolve-summary = { $created } encontrado(s) (registrados como criados), { $not_sent } não encontrado(s) (registrados como não enviados; a próxima execução os envia), { $unknown } ainda incerto(s)
cli-import-resolve-failed = { $count ->
    [one] { $rows }: não foi possível consultar; continua incerta
   *[other] { $rows }: não foi possível consultar; continuam incertas
}

## contact, campaign, appointment

cli-contact-created = contato { $id } criado
cli-campaign-created = campanha { $id } criada
cli-campaign-expected-clinic = o ID da clínica a que a campanha pertence: passe --clinic ou rode `clinic config set clinica ID`
cli-contact-referred-0 = contatos sem indicação
cli-contact-referred-1 = contatos indicados
cli-contact-nothing-to-update = nada a atualizar no contato { $id }: passe ao menos uma destas opções: --name, --birth-date, --channel, --campaign, --note
cli-contact-updated = contato { $id } atualizado
cli-contact-expected-clinic = o ID da clínica: cadastraCliente sempre precisa dele, mesmo para usuários de clínica; passe --clinic ou rode `clinic config set clinica ID`
cli-contact-upsert-created = nenhum contato com esse telefone ou e-mail: um novo foi criado
cli-contact-upsert-several = { $count } contatos correspondem ({ $ids }); atualizando o primeiro
cli-contact-upsert-updated = o contato { $id } já existe: foi atualizado
cli-appointment-status-set = agendamento { $appointment } passou para o status { $status }
cli-appointment-status-set-named = agendamento { $appointment } passou para { $name } (status { $status })

## Valores de opções (leitores comuns)

cli-or-list = { $items } ou { $last }
cli-expected-0-or-1 = esperado 0 ou 1
cli-expected-one-clinic = um ID ou nome de clínica (`all` e listas servem para listagens e relatórios, que leem várias clínicas)
cli-expected-range-end = uma data igual ou anterior ao fim do intervalo ({ $end })
cli-expected-readable-file = um arquivo legível ({ $reason })
cli-expected-json = JSON ({ $reason })
cli-query-is-capital-q = dica: -q é --quiet; um parâmetro de consulta é -Q CHAVE=VALOR (ou --query CHAVE=VALOR)
cli-expected-method = esperado GET, POST, PUT, PATCH, DELETE, HEAD ou OPTIONS
cli-api-expected-page-number = um número inteiro a partir de 1 (ou use --page / --per-page)

## crm

cli-crm-expected-full-name = esperado um nome e um sobrenome separados por espaço
cli-crm-expected-utm-source = esperado um destes: { $sources }
cli-crm-expected-stage = esperada uma etapa do pipeline Unidade (você quis dizer { $near }?); etapas: { $stages }
cli-crm-expected-filter = esperado CAMPO=VALOR, ex.: NAME=Ana ou >ID=100
cli-crm-expected-order = esperado CAMPO:asc ou CAMPO:desc
cli-crm-no-units = o perfil '{ $profile }' não tem unidades: clinic config set units "A;B;C" (--unit é então enviado como digitado)
cli-crm-expected-created-at = uma data e hora reais no formato AAAA-MM-DD HH:MM[:SS] ou DD/MM/AAAA HH:MM[:SS], ex.: 23/04/2024 10:30
cli-crm-no-webhook-id = o perfil '{ $profile }' não tem webhook_id: rode `clinic config set webhook_id ID` ou defina CLINIC_WEBHOOK_ID
cli-crm-get-failed = registro { $id }: { $message }
cli-crm-expected-ids = IDs de registros (números inteiros acima de 0) separados por quebras de linha, vírgulas ou espaços
cli-crm-expected-ids-file = um arquivo legível de IDs de registros, ou - para a entrada padrão ({ $reason })
cli-expected-partition-by = esperado clinic, month ou month:CAMPO, separados por vírgula (por exemplo clinic,month)
cli-since-not-here = --since precisa de um relatório cuja lista tenha filtro de modificação: report ficha-financeira (modificado_em_de). A lista deste comando não tem, e percorrê-la inteira não seria incremental
cli-expected-since = esperado last, uma data (2026-11-01 ou 01/11/2026, ou ontem, semana, mês…) ou uma data e hora (2026-11-01 08:30), ou (clinic sync changes) um número de execução
cli-since-state-unreadable = o ponto salvo { $id } não pode ser lido; `clinic state reset { $id }` o esquece (a próxima execução então exporta tudo)
cli-since-first-run = nenhuma execução completa anterior desta exportação para { $target }: todos os registros são exportados, e o próximo --since last parte do que os registros desta execução dizem
cli-since-target-missing = { $target } não existe mais: todos os registros são exportados de novo, e o próximo --since last parte do que os registros desta execução dizem
cli-since-migrated = o ponto salvo por uma versão anterior do clinic (compartilhado por todas as saídas desta exportação) agora pertence a { $target }; qualquer outra saída recebe todos os registros na primeira execução
cli-since-last-needs-output = -o ARQUIVO ou -o PASTA/: um ponto pertence ao arquivo ou dataset em que foi escrito, e a saída padrão não guarda nenhum
cli-since-point-ahead = o ponto salvo { $since } é posterior ao relógio do servidor ({ $server }): foi salvo com um relógio adiantado, então é descartado e todos os registros são exportados
cli-since-clock-disagrees = o relógio do servidor pelo cabeçalho Date ({ $server }) está atrás dos horários dos próprios registros ({ $newest }) por mais que a sobreposição: não é considerado, e o ponto vem dos registros
cli-since-filter-ignored = vieram { $count } registros modificados antes de { $since }: esta implantação ignora o filtro de modificação, então todos os registros são lidos e escritos a cada execução
cli-since-nothing-saved = nenhum registro veio, então nenhum ponto é salvo: o próximo --since last exporta tudo de novo
cli-since-no-modified-time = nenhum registro disse quando foi modificado ({ $field }) e o servidor não mandou seu relógio: nenhum ponto é salvo, e o próximo --since last exporta tudo de novo
cli-since-from = só os registros modificados desde { $since }
cli-since-and-modified-from = --since ou --modified-from, não os dois (ambos dizem onde começam as modificações)
cli-since-saved = o próximo --since last parte de { $since } (ponto { $id })
cli-state-reset = ponto { $id } esquecido: o próximo --since last dessa exportação exporta tudo
cli-state-expected-id = o ID de um ponto salvo (veja `clinic state list`)
cli-resume-needs-clinic-partitions = --resume precisa de --partition-by clinic (ou clinic,month) e -o PASTA/: busca as clínicas que a última execução nesse conjunto de dados não terminou
cli-expected-schema-file = esperado um arquivo de esquema legível ({ $reason })
cli-expected-schema = esperado um objeto JSON de nomes de colunas e tipos (bool, int, decimal, date, timestamp, text): { $reason }
cli-crm-import-unknown-rows = { $count ->
    [one] { $count } linha foi enviada, mas não se sabe se foi criada ({ $rows }); rode a mesma importação de novo: cada linha é procurada no CRM antes do envio, então ela só é enviada de novo se o CRM não a tiver (com --if-exists create nada é procurado: confira no CRM antes)
   *[other] { $count } linhas foram enviadas, mas não se sabe se foram criadas ({ $rows }); rode a mesma importação de novo: cada linha é procurada no CRM antes do envio, então elas só são enviadas de novo se o CRM não as tiver (com --if-exists create nada é procurado: confira no CRM antes)
}
cli-crm-import-expected-full-name = um nome e um sobrenome separados por espaço
cli-crm-import-expected-utm-source = um destes: { $sources }
cli-crm-import-lookup-failed = não enviada: o CRM não conseguiu procurar o telefone e o e-mail dela ({ $reason })
cli-crm-import-row-duplicate = linha { $row }: o mesmo telefone ou e-mail da linha { $earlier } (a automação abriria um segundo negócio para esse contato)
cli-crm-contact-exists-skipped = já há um contato com este telefone ou e-mail no CRM (ID { $ids }): nada foi enviado
cli-crm-contact-exists-ask = O CRM já tem um contato com este telefone ou e-mail (ID { $ids }). Chamar o webhook mesmo assim? Ele abre outro negócio
cli-crm-contact-exists-refused = o CRM já tem um contato com este telefone ou e-mail (ID { $ids }); nada foi enviado: --if-exists skip não faz nada, --if-exists create abre outro negócio para ele
cli-contact-exists-skipped = já há um contato com este telefone ou e-mail na clínica (ID { $ids }): nada foi criado
cli-contact-exists-ask = A clínica já tem um contato com este telefone ou e-mail (ID { $ids }). Cadastrar outro paciente mesmo assim?
cli-contact-exists-refused = a clínica já tem um contato com este telefone ou e-mail (ID { $ids }); nada foi criado: --if-exists skip não faz nada, --if-exists create cadastra outro paciente
cli-contact-duplicates-unchecked = não foi possível procurar um contato com este telefone ou e-mail ({ $reason }): cadastrando sem conferir
cli-crm-duplicates-not-checked = sem crm_url: o telefone e o e-mail não são procurados antes de chamar o webhook
cli-crm-duplicates-unchecked = não foi possível procurar o telefone e o e-mail no CRM ({ $reason }); chamando o webhook
cli-crm-expected-timezone = um fuso horário IANA como America/Sao_Paulo (clinic config set timezone …)
cli-crm-expected-unit = uma unidade da lista do perfil; você quis dizer { $near }?
cli-crm-no-aliases = nenhum (clinic crm aliases install)
cli-crm-field-name = nome do campo
cli-crm-expected-field = um ID de campo do CRM escrito como o CRM escreve (NAME, PHONE, UF_CRM_…) ou um apelido do perfil; apelidos: { $aliases }
cli-crm-expected-field-near = um ID de campo do CRM escrito como o CRM escreve (NAME, PHONE, UF_CRM_…) ou um apelido do perfil; você quis dizer { $near }? apelidos: { $aliases }
cli-crm-expected-field-labels = { $expected }; ou o rótulo de um campo personalizado; rótulos: { $labels }
cli-crm-no-labels = nenhum
cli-crm-expected-one-label = o rótulo de um só campo, mas vários campos o têm: { $codes } (diga qual pelo código)
cli-crm-expected-category = um dos pipelines deste processo inteligente, pelo nome ou ID: { $names }
cli-crm-expected-item-stage = uma das fases do pipeline do item, pelo nome ou ID: { $names }
cli-crm-item-nothing-to-write = nada a escrever: dê --field CAMPO=VALOR, --category ou --stage
cli-crm-keyset-needs-all = --keyset é uma forma de percorrer uma lista inteira: acrescente --all
cli-crm-keyset-from-start = --keyset percorre desde o início: use --field '>ID=N' em vez de --page
cli-crm-keyset-walk = { $count ->
    [one] { $count } registro: percorrendo pelo keyset de ID
   *[other] { $count } registros: percorrendo pelo keyset de ID
}
cli-crm-expected-multi-field = um campo de vários valores ({ $fields }): só eles aceitam tipo de valor (PHONE:MOBILE=…), --add e --remove
cli-crm-expected-held-value = um valor que { $field } do registro { $id } tenha (nada foi enviado)
# $values: cada item removido (-VALOR (ID n)) e cada valor acrescentado (+VALOR).
cli-crm-trace-multi-plan = { $field }: { $removed } removido(s), { $added } acrescentado(s): { $values }
cli-crm-update-unconfirmed = o CRM não confirmou a atualização: { $result }
cli-crm-aliases-sandbox = o sandbox não altera a configuração: rode `clinic crm aliases install` sem --sandbox

## report, report summary

cli-report-type-1 = Sessão
cli-report-type-2 = Avaliação: exige --has-quote
cli-report-has-quote-0 = avaliações sem orçamento
cli-report-has-quote-1 = avaliações com orçamento
cli-report-expected-has-quote = 0 ou 1 — o serviço exige com --type 2 (avaliação): 0 = sem orçamento, 1 = com orçamento
cli-summary-expected-by-quotes = month, seller, status, clinic, channel ou service
cli-summary-expected-by-appointments = month, status, clinic ou service (agendamentos não têm vendedor nem canal)
cli-summary-done-quotes = { $count ->
    [one] { $groups ->
        [one] { $count } orçamento em { $groups } grupo
       *[other] { $count } orçamento em { $groups } grupos
    }
   *[other] { $groups ->
        [one] { $count } orçamentos em { $groups } grupo
       *[other] { $count } orçamentos em { $groups } grupos
    }
}
cli-summary-not-summed = { $count ->
    [one] 1 valor em dinheiro não pôde ser lido e ficou fora das somas (veja a coluna not_summed): { $records }
   *[other] { $count } valores em dinheiro não puderam ser lidos e ficaram fora das somas (veja a coluna not_summed): { $records }
}
cli-summary-not-summed-more = … e mais { $count }
cli-summary-done-appointments = { $count ->
    [one] { $groups ->
        [one] { $count } agendamento em { $groups } grupo
       *[other] { $count } agendamento em { $groups } grupos
    }
   *[other] { $groups ->
        [one] { $count } agendamentos em { $groups } grupo
       *[other] { $count } agendamentos em { $groups } grupos
    }
}
cli-summary-expected-no-format = --format não combina com --chart, que desenha barras de texto (use --chart-file para um gráfico ao lado de qualquer formato)
cli-summary-expected-measure = count ou um campo de valor: { $fields }
cli-summary-expected-chart-name = um nome de arquivo terminado em .svg ou .png
cli-summary-expected-chart-dir = um arquivo num diretório existente
cli-summary-chart-title = { $measure } por { $by }
cli-summary-chart-failed = não foi possível desenhar o gráfico: { $reason }
cli-summary-chart-written = gráfico gravado em { $path }

## cache, config, completions, io, sandbox hosts, start-up

cli-cache-none = não há cache aqui: defina base_url (o sandbox não guarda cache)
cli-cache-refreshed = { $count ->
    [one] { $lists } listas de referência atualizadas, as que dependem da clínica para { $count } clínica
   *[other] { $lists } listas de referência atualizadas, as que dependem da clínica para { $count } clínicas
}
cli-cache-cleared = { $count ->
    [0] nenhuma lista guardada foi removida
    [one] { $count } lista guardada removida
   *[other] { $count } listas guardadas removidas
}
cli-config-not-set = { $key } não está definido no perfil '{ $profile }'
cli-config-set = { $key } definido no perfil '{ $profile }'
cli-config-unset = { $key } removido do perfil '{ $profile }'
cli-config-use = os comandos agora usam o perfil '{ $profile }' quando nem --profile nem CLINIC_PROFILE indicam outro
cli-completions-unsupported = não há completamento para { $shell }
cli-completions-bash-not-utf8 = o script do bash não está em UTF-8: { $reason }
cli-completions-bash-changed = o script de registro do bash mudou de forma: a palavra digitada não pode ser passada
cli-io-key-refused = a Integrações IO recusou a chave da API (HTTP { $status }): { $message } — guarde a chave certa com `clinic auth set-io-key`, ou defina CLINIC_IO_KEY
cli-io-key-missing-in-store = não há chave IO guardada ({ $store }): rode `clinic auth set-io-key`
cli-io-no-key = o perfil '{ $profile }' não tem chave da Integrações IO: rode `clinic auth set-io-key`, ou defina CLINIC_IO_KEY
cli-sandbox-hosts-expected = um endereço de sandbox (http://127.0.0.1:8787), as linhas que `clinic sandbox serve` escreveu (base_url=…), um arquivo com elas, ou - para a entrada padrão
cli-sandbox-hosts-expected-unreadable = um endereço de sandbox (http://127.0.0.1:8787), as linhas que `clinic sandbox serve` escreveu (base_url=…), um arquivo com elas, ou - para a entrada padrão ({ $reason })
cli-sandbox-hosts-expected-key = um endereço de sandbox (http://127.0.0.1:8787), as linhas que `clinic sandbox serve` escreveu (base_url=…), um arquivo com elas, ou - para a entrada padrão; as linhas não têm { $key }=…
cli-main-could-not-start = não foi possível iniciar: { $reason }
cli-main-could-not-listen = não foi possível escutar os sinais: { $reason }
cli-main-interrupted = interrompido por { $signal }
# A panic on any thread: the run ends at once (exit 5), its temporary files removed.
cli-main-fault = interrompido por uma falha interna ({ $message } em { $place }); seus arquivos inacabados foram removidos — por favor, informe-a

## Tabelas para pessoas (só no formato table; os outros formatos mantêm os nomes de campo do registro)

cli-auth-status-profile = perfil
cli-auth-status-login = login
cli-auth-status-token-store = armazenamento do token
cli-auth-status-auth-scheme = esquema de autenticação
cli-auth-status-token-works = token funciona
cli-auth-status-problem = problema
cli-auth-status-no-store = nenhum
cli-auth-status-auto-scheme = bearer (detecção automática)
cli-auth-status-yes = sim
cli-auth-status-no = não
cli-doctor-header-check = verificação
cli-doctor-header-status = situação
cli-doctor-header-detail = detalhe

## O que uma leitura percorre, como a linha de progresso o nomeia.
cli-what-quotes = orçamentos
cli-what-appointments = agendamentos
cli-what-contacts = contatos
cli-what-records = registros
cli-what-clinics = clínicas
cli-what-channels = canais
cli-what-campaigns = campanhas
cli-what-services = serviços
cli-what-sellers = vendedores
cli-what-creators = criadores
cli-what-account-plans = planos de conta
cli-what-operation-types = tipos de operação

cli-probe-failed = { $reason }
cli-probe-page-base = as páginas começam em { $base } (page_base = { $base }): { $why }
cli-probe-zero-holds-others = a página 0 tem registros que a página 1 não tem
cli-probe-zero-empty = a página 0 vem vazia enquanto a página 1 tem registros
cli-probe-zero-repeats-first = a página 0 traz os registros da página 1
cli-probe-zero-refused = a página 0 é recusada (HTTP { $status })
cli-probe-zero-failed = a página 0 falha (HTTP { $status })
cli-probe-page-base-unknown = não foi possível saber pelas respostas
cli-probe-filter-zone = o dia do filtro de modificação é lido { $zone ->
        [utc] em UTC
       *[local] no fuso horário do perfil
    } (filter_zone = { $zone }): um registro modificado em { $modified } veio para um filtro a partir de { $from }
cli-probe-filter-zone-unknown = ainda não aprendido: execuções incrementais pedem a partir do mais cedo entre o dia no fuso do perfil e o dia em UTC, o que não perde nada; uma execução cujos registros mostrem qual dia o filtro lê guarda isso
cli-probe-filter-zone-set = o dia do filtro de modificação é lido { $zone ->
        [utc] em UTC
       *[local] no fuso horário do perfil
    } (filter_zone = { $zone }, definido à mão: clinic config unset filter_zone deixa as execuções aprenderem)
cli-probe-crm-family-item = item (crm.item.*): { $method } respondeu ERROR_METHOD_NOT_FOUND, então o CRM é chamado pelos métodos universais (guardado no perfil)
cli-probe-crm-family-classic = classic (crm.contact.*, crm.deal.*, crm.lead.*): { $method } respondeu (guardado no perfil)
cli-probe-crm-family-said = { $family }: crm.api do perfil diz isso
cli-probe-crm-family-unknown = ainda não se sabe: a resposta do CRM a crm.contact.list não mostrou nenhuma das famílias
cli-probe-max-stated = no máximo { $max } registros por página (max_per_page = { $max })
cli-probe-max-capped = pedidos { $asked } por página, vieram { $served } sem aviso
cli-probe-max-none = nenhum limite de página informado (pedidos { $asked } por página)
cli-probe-charset-unnamed = UTF-8 (o Content-Type não diz o charset)
cli-probe-empty-page = uma página depois do fim vem vazia (HTTP { $status })
cli-probe-empty-message = uma página depois do fim vem como HTTP { $status } "{ $message }": lida como página vazia
cli-probe-empty-repeats = uma página depois do fim ainda traz registros: a lista nunca termina com uma página vazia
cli-probe-empty-unknown = uma página depois do fim vem como HTTP { $status } "{ $message }": não reconhecida como "nenhum registro"
cli-summary-title-quotes = Orçamentos com status { $statuses } (vendas são orçamentos aprovados; --status escolhe outros)
cli-summary-services-split = O valor de cada orçamento é dividido entre seus serviços pelo valor de cada item (igualmente quando um item não tem valor); um orçamento conta em cada um de seus serviços.
cli-summary-title-every = Orçamentos de todos os status (--status escolhe)
cli-summary-no-sales-status = a lista de status de orçamento não pôde ser lida ou não tem o status “{ $status }”: todos os status são resumidos (--status escolhe)
cli-campaign-not-checked = não foi possível verificar se há uma campanha de mesmo nome ({ $reason }); criando
cli-campaign-name-taken = --name: uma campanha desta clínica já se chama { $existing }; nada foi enviado (--allow-duplicate cria outra de mesmo nome)
cli-campaign-create-another = Uma campanha desta clínica já se chama { $existing }. Criar outra de mesmo nome?
cli-summary-none = (nenhum)
cli-summary-column-month = mês
cli-summary-column-seller = vendedor
cli-summary-column-status = status
cli-summary-column-clinic = clínica
cli-summary-column-channel = canal
cli-summary-column-service = serviço
cli-summary-column-count = quantidade
cli-summary-column-not_summed = não somados

## mcp: o servidor Model Context Protocol (`clinic mcp`)
cli-mcp-failed = o servidor MCP parou: { $reason }
cli-mcp-records-file = não foi possível guardar os registros para as próximas páginas (um arquivo temporário): { $reason }
cli-mcp-records-file-full = os registros guardados para as próximas páginas chegaram a mcp.max_records_file
cli-mcp-records-too-many = nada foi guardado: os registros desta leitura passam de { $limit } bytes, o máximo guardado para as páginas dela (chave de perfil mcp.max_records_file, 1GiB se não definida); restrinja-a (datas, uma clínica, um status) ou aumente o limite
cli-mcp-instructions = Acesso a uma conta do Clinic Results pela linha de comando clinic: leituras, e gravações só quando a pessoa as permitiu ao iniciar este servidor. Uma gravação só roda depois que uma pessoa disser sim: o servidor pergunta a ela por este cliente (elicitation do MCP) e recusa a gravação, sem enviar nada, onde o cliente não pode perguntar; nada do que você enviar aprova uma gravação. As ferramentas de lista aceitam `limit` (padrão 100) e devolvem `more` e um `cursor` para repassar, com os mesmos argumentos, na chamada da próxima página: um cursor continua a sua própria leitura, sejam quais forem as outras chamadas no meio, por 10 minutos depois da última chamada; `total` vem assim que é conhecido: desde a primeira página quando o serviço contou a única clínica lida, senão quando a leitura termina (`total_known`). Com clinic = "all", `keep_going` = true devolve as clínicas que responderam e nomeia as outras em `note`. Telefones, e-mails, datas de nascimento e CPFs vêm mascarados, a menos que a pessoa tenha escolhido compartilhá-los ao iniciar este servidor.
cli-mcp-unknown-tool = não há ferramenta chamada '{ $name }'
cli-mcp-unknown-argument = argumento '{ $name }': esta ferramenta não aceita esse argumento (veja o esquema de entrada dela)
cli-mcp-wrong-type = argumento '{ $name }': { $given } não é do tipo que o esquema de entrada indica
cli-mcp-bad-limit = argumento 'limit': { $given } não é um número inteiro de registros, 1 ou mais
cli-mcp-bad-cursor = argumento 'cursor': este cursor não foi gerado por esta ferramenta para estes argumentos; chame de novo sem 'cursor' para começar do primeiro registro
cli-mcp-arg-limit = Registros por chamada, no máximo (padrão 100); uma página também para em 32 KiB de registros. A resposta diz more = true e dá um cursor quando há mais registros
cli-mcp-arg-cursor = O cursor da resposta anterior, para ler a próxima página da mesma leitura; passe os mesmos demais argumentos. Sem ele, a leitura começa do primeiro registro
cli-mcp-resource-needs-clinic = { $uri } é mantido por clínica e este login não indica nenhuma: leia { $template } com o ID ou o nome de uma clínica (clinic://ref/clinics lista todas)
cli-mcp-resource-template-about = { $command } de uma clínica, pelo ID ou nome
cli-mcp-walk-expired = argumento 'cursor': a leitura que este cursor continua não está mais guardada (uma leitura fica guardada 10 minutos depois da última chamada, e no máximo 4 ao mesmo tempo); chame de novo sem 'cursor' para ler do primeiro registro
cli-mcp-cancelled = cancelada: a leitura parou e nada mais é pedido ao serviço
cli-mcp-progress = { $records } registros lidos
cli-mcp-kept-going = algumas clínicas falharam e os registros delas não estão aqui; os registros são os das clínicas que responderam: { $failed }
# clinic mcp --allow-writes: uma gravação é confirmada pela pessoa
cli-mcp-confirm-question = Um assistente pede para executar, na conta da sua clínica: { $what } ({ $tool }) com { $summary }. Aceitar executa; Recusar não envia nada.
cli-mcp-confirm-unreadable = o cliente respondeu à pergunta com algo que não é uma resposta
cli-mcp-confirm-declined = A pessoa recusou: nada foi enviado.
cli-mcp-confirm-failed = nada foi enviado: não foi possível consultar a pessoa pelo cliente ({ $reason })
cli-mcp-writes-need-elicitation = este cliente não declarou a capacidade `elicitation` do MCP, então a pessoa não pode ser consultada; use um cliente que suporte elicitation, ou inicie o servidor com --writes host-approval (chave de perfil mcp.writes = "host-approval") quando o aplicativo anfitrião pergunta à pessoa antes de cada chamada de ferramenta
cli-mcp-writes-refused = nada foi enviado: { $command } só roda depois que uma pessoa disser sim, e { $reason }
cli-mcp-writes-without-writes = --writes escolhe quem aprova uma gravação, e nenhuma gravação é oferecida: acrescente --allow-writes (ou defina mcp.allow_writes true)
# clinic mcp: prompts e recursos
cli-mcp-prompt-agenda-about = A agenda de um dia por horário: hoje, a menos que uma data seja dada; uma clínica, ou a do próprio login
cli-mcp-prompt-agenda-text = Mostre a agenda de { $date }. Chame report_appointments com from = "{ $date }" e to = "{ $date }"{ $clinic }, seguindo o cursor até more ser false, e liste os agendamentos por horário: hora, paciente, profissional, procedimento e status. Diga quantos são no total (total) e destaque os ainda não confirmados.
cli-mcp-prompt-sales-about = As vendas de um mês por clínica: este mês, a menos que outro seja dado
cli-mcp-prompt-sales-text = Mostre as vendas por clínica de { $from } a { $to }. Chame summary com by = ["clinic"], from = "{ $from }" e to = "{ $to }"{ $clinic }, e mostre a quantidade e o valor de cada clínica como a ferramenta os dá, do maior para o menor, com o total. Não some registros por conta própria: o resumo já cobre todas as páginas.
cli-mcp-prompt-register-about = Cadastrar um novo contato (uma gravação: a pessoa a aprova antes do envio)
cli-mcp-prompt-register-text = Ajude-me a cadastrar um novo contato. Peça o nome, o telefone com DDD, a data de nascimento, o canal e a campanha (nomes servem; ref_channels e ref_campaigns os listam). Depois chame contact_create uma vez: eu sou consultado, fora desta conversa, se o comando mostrado deve rodar, e só o meu sim o envia.
cli-mcp-prompt-arg-clinic = O ID ou o nome de uma clínica, ou "all" para todas as que o login vê (ref_clinics as lista); sem ele: a clínica do próprio login, ou todas para um login que vê várias
cli-mcp-prompt-arg-date = O dia, como AAAA-MM-DD; sem ele: hoje
cli-mcp-prompt-arg-month = O mês, como AAAA-MM; sem ele: este mês
cli-mcp-prompt-clinic-given = { " " }e clinic = "{ $clinic }"
cli-mcp-prompt-clinic-any = { " " }(acrescente clinic = "all" se o login vê várias clínicas, como ref_clinics diz, ou se a ferramenta responder que falta uma clínica)
cli-mcp-prompt-bad-argument = argumento '{ $name }': "{ $given }" não é { $expected }
cli-mcp-resource-about = A lista de referência como `clinic { $command }` a dá, todos os registros
cli-mcp-unknown-resource = nenhum recurso em { $uri } (as listas de referência são clinic://ref/NOME)
cli-mcp-unknown-prompt = nenhum prompt chamado '{ $name }'
cli-mcp-missing-argument = o argumento '{ $name }' é obrigatório (veja o esquema de entrada da ferramenta): nada foi enviado e ninguém foi consultado
cli-mcp-confirm-cancelled = A pessoa fechou a pergunta sem responder: nada foi enviado.
cli-mcp-tools-unknown = --tools/--exclude-tools: '{ $name }' não é ferramenta nem conjunto (conjuntos: { $sets }; `clinic mcp` lista as ferramentas ao seu cliente)
cli-mcp-tools-need-writes = --tools nomeia a ferramenta de gravação { $name }: gravações só são oferecidas com --allow-writes (ou mcp.allow_writes true)
cli-mcp-arg-fields = As colunas de cada registro, nesta ordem (nomes com ponto para campos aninhados); sem ele: todas as colunas. Menos colunas cabem mais registros numa página
cli-mcp-arg-fields-compact = As colunas de cada registro, nesta ordem; sem ele: { $fields }. ["*"] dá o registro inteiro (cerca de 40 colunas)
cli-mcp-arg-sort = Ordem dos registros: um campo, ou vários separados por vírgulas, cada um com :desc para o maior primeiro (ex.: "valor:desc,data"). Uma leitura ordenada responde depois de ler todos os registros
cli-mcp-arg-clinic = O ID ou o nome de uma clínica (ref_clinics as lista), várias separadas por vírgulas, ou "all" para todas as que o login vê. Sem ele: a clínica do próprio login; um login que vê várias clínicas precisa nomear uma
cli-mcp-arg-if-exists = O que fazer quando a clínica já tem um contato com este telefone ou e-mail: "skip" não envia nada e diz isso, "create" cadastra outro mesmo assim
cli-mcp-arg-keep-going = Com várias clínicas: uma clínica que falha fica de fora e é nomeada na `note` da resposta; os registros são os das clínicas que responderam
cli-mcp-said-tool = a ferramenta `{ $name }`
cli-mcp-said-profile = uma configuração do perfil da pessoa, feita fora desta conversa
cli-mcp-about-paging = Paginação: `limit` registros por chamada (padrão 100, e no máximo 32 KiB); a resposta traz `records`, `returned`, `more`, `total_known` e, quando conhecido, `total`. Enquanto `more` for true, chame de novo com os mesmos argumentos e o `cursor` da resposta para a próxima página.
cli-mcp-about-instead = Para contagens e somas de valores (por mês, vendedor, status, clínica, canal, serviço) chame summary em vez de somar páginas; para cruzar ou filtrar entre listas, chame sql no espelho.
cli-mcp-about-approval = Uma gravação: só roda depois que a pessoa a aprova fora desta conversa; a resposta diz sent = true, ou declined ou cancelled sem nada enviado.
cli-mcp-about-ref = A lista de referência de { $list }: um registro por item, com seu ID e nome. Outras ferramentas aceitam esses IDs ou nomes (um status, um vendedor, um canal).
cli-mcp-about-write = { $what }.
cli-mcp-about-report-appointments = Os agendamentos das clínicas, um registro por agendamento: id, unidade (clínica), data_agendamento (data), hora_inicio, hora_fim, nome_cliente (paciente), telefone_cliente, servico, profissional, sala, status. Restrinja com from/to (datas, ou today), status, clinic.
cli-mcp-about-report-ficha = A Ficha Financeira: um registro por orçamento ou venda, por padrão id, codigo, clinica, data, cliente (paciente), status, valor e vendedor; `fields` escolhe outras colunas, ["*"] o registro inteiro. Restrinja com from/to, status (ex.: Aprovado para vendas), seller, clinic.
cli-mcp-about-contact-list = Os prospects e clientes da clínica, um registro por pessoa: id, clinica, nome, telefone, email, data_nascimento, criado_em, canal, campanha, situacao (prospect ou cliente), origens (cada origem: canal, campanha, data). Filtre por nome, telefone, e-mail ou datas de cadastro.
cli-mcp-about-crm-contact-list = Os contatos do CRM, um registro por contato: ID, NAME, LAST_NAME, PHONE, EMAIL, DATE_CREATE, ASSIGNED_BY_ID. Filtre e escolha campos com os argumentos desta ferramenta.
cli-mcp-about-crm-deal-list = Os negócios do CRM, um registro por negócio: ID, TITLE, STAGE_ID, OPPORTUNITY (valor), CONTACT_ID, DATE_CREATE, ASSIGNED_BY_ID. Filtre e escolha campos com os argumentos desta ferramenta.
cli-mcp-about-crm-lead-list = Os leads do CRM, um registro por lead: ID, TITLE, NAME, LAST_NAME, STATUS_ID, SOURCE_ID, OPPORTUNITY (valor), DATE_CREATE, ASSIGNED_BY_ID. Filtre e escolha campos com os argumentos desta ferramenta.
cli-mcp-about-crm-get = Todos os campos de registros do CRM nomeados por seus IDs, um registro por ID.
cli-mcp-about-crm-type-list = Os processos inteligentes do CRM (tipos de registro do próprio portal, como tratamentos ou retornos), um registro por processo: entityTypeId, title. Qualquer um dos dois nomeia o processo como o type de crm_item_list e crm_item_get.
cli-mcp-about-crm-item-list = Os itens de um processo inteligente do CRM, nomeado por type (seu título ou entityTypeId, como crm_type_list os dá), um registro por item: id, title, stageId, categoryId (funil), contactId, createdTime, updatedTime e os campos ufCrm… do próprio processo. stage e category mantêm os itens de uma fase ou de um funil dados pelo nome.
cli-mcp-about-crm-item-get = Todos os campos de um item de um processo inteligente, nomeado por type (seu título ou entityTypeId) e pelo seu id.
cli-mcp-about-summary = Contagens e somas de valores da Ficha Financeira (ou de agendamentos), agrupadas pelas colunas de `by`, calculadas sobre todos os registros da leitura, não sobre uma página: uma linha por grupo com sua contagem e valor. Use-a para totais em vez de somar as páginas de um relatório.
cli-mcp-about-doctor = Verifica a configuração, os hosts do serviço, o login e os caches, um registro por verificação com seu status: chame quando as outras ferramentas falham por um motivo que não está nos seus argumentos.
cli-mcp-about-sql = Uma consulta SQL só de leitura (SQLite) no espelho que o sync da pessoa mantém das listas da clínica: um registro por linha. Use para cruzar ou filtrar entre listas, ou para somas que a ferramenta summary não oferece; a resposta é tão recente quanto o último sync.
cli-mcp-out-records = Os registros desta página, cada um um objeto
cli-mcp-out-returned = Quantos registros esta página traz
cli-mcp-out-more = Se há mais registros: chame de novo com `cursor`
cli-mcp-out-cursor = Devolva-o, com os mesmos argumentos, para a próxima página
cli-mcp-out-total = Quantos registros a leitura inteira tem
cli-mcp-out-total-known = Se `total` já é conhecido: false enquanto continua uma leitura que o serviço não contou
cli-mcp-out-note = O que o leitor deve saber destes registros (com keep_going: as clínicas que falharam)
