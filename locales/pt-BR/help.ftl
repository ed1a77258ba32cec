# Ajuda de todos os comandos e opções, as palavras do próprio clap e os tópicos de ajuda.
# As chaves seguem a árvore de comandos (veja o arquivo em inglês). Nomes de comandos e de opções e os
# valores que as pessoas digitam nunca são traduzidos.

## Clap's own words

help-heading-usage = Uso:
help-heading-arguments = Argumentos
help-heading-options = Opções
help-heading-commands = Comandos
help-heading-global-options = Opções globais
help-value-command = COMANDO
help-value-file = ARQUIVO
help-value-name = NOME
help-value-names = NOMES
help-value-date = DATA
help-value-datetime = DATA_HORA
help-value-field = CAMPO
help-value-value = VALOR
help-value-text = TEXTO
help-value-duration = DURAÇÃO
help-value-size = TAMANHO
help-value-path = CAMINHO
help-value-lang = IDIOMA
help-value-key = CHAVE
help-value-dir = PASTA
help-value-topic = TÓPICO
help-value-addr = ENDEREÇO
help-value-lines = LINHAS
help-value-format = FORMATO
help-value-phone = TELEFONE
help-value-note = OBSERVAÇÃO
help-value-appointment = AGENDAMENTO
help-value-method = MÉTODO
help-value-first_name = NOME
help-value-last_name = SOBRENOME
help-value-full_name = NOME_COMPLETO
help-value-secondary_phone = TELEFONE_2
help-value-unit = UNIDADE
help-value-status = STATUS
help-flag-help = Mostra a ajuda
help-flag-help-short = Mostra a ajuda (veja mais com '--help')
help-flag-help-long = Mostra a ajuda (veja um resumo com '-h')
help-flag-version = Mostra a versão
help-error-unknown-argument = argumento inesperado: '{ $argument }'
help-error-similar-argument = {"  "}dica: existe um argumento parecido: '{ $argument }'
help-error-unknown-command = comando desconhecido: '{ $command }'
help-error-similar-command = {"  "}dica: existe um comando parecido: '{ $command }'
help-error-invalid-value = valor inválido '{ $value }' para '{ $argument }'
help-error-value-missing = '{ $argument }' precisa de um valor, mas nenhum foi dado
help-error-possible-values = {"  ["}valores possíveis: { $values }]
help-error-value-refused = valor inválido '{ $value }' para '{ $argument }': { $reason }
help-error-conflict = o argumento '{ $argument }' não pode ser usado com '{ $other }'
help-error-missing-arguments = faltam argumentos obrigatórios: '{ $arguments }'
help-error-more = Para mais informações, use '--help'.

## clinic
help-clinic = Cliente de linha de comando da API Clinic Results, do seu CRM e dos webhooks da Integrações IO
    .after =
    Exemplos:
      clinic login --base-url https://example.com/rest/v1
      clinic ref channels
      clinic report ficha-financeira --from 2024-01-01 --to 2024-12-31 --all --format csv -o ficha.csv
      clinic --sandbox report appointments --all --limit 20

    Tópicos: clinic help environment, clinic help exit-codes, clinic help network

    Códigos de saída: 0 ok · 1 outra falha · 2 entrada inválida (nada enviado) · 3 sem login / token
    recusado · 4 pedido recusado pela API · 5 falha do servidor ou da rede após as novas tentativas ·
    128+N parado pelo sinal N: 130 SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT
help-clinic--profile = Perfil [padrão: `config use`, ou default]
help-clinic--format = Formato de saída [padrão: table num terminal, json nos demais casos]
help-clinic--format--xlsx = Uma pasta de trabalho do Excel com células tipadas; binária, por isso só em arquivo (`-o`)
help-clinic--format--parquet = Um arquivo Parquet tipado e colunar (zstd); binário, por isso só em arquivo (`-o`)
help-clinic--columns = Escolhe e ordena as colunas (nomes com ponto alcançam campos aninhados); `all` para todas as colunas
help-clinic--jq = Aplica um filtro jq a cada registro (ou à resposta) antes de formatar, por exemplo 'select(.valor > 100) | {"{"}id, cliente{"}"}'
help-clinic--raw-output = Imprime textos como são, sem aspas, um por linha (como jq -r); --jq faz isso a menos que um formato seja pedido
help-clinic--sort = Ordena os registros por estes campos, CAMPO ou CAMPO:desc, separados por vírgulas (datas, números e textos cada um na sua ordem); os agendamentos vêm por data e hora, a menos que isto diga outra coisa
help-clinic--excel = CSV para o Excel em português: separador ';', BOM UTF-8, proteção contra injeção de fórmulas
help-clinic--output = Escreve em ARQUIVO (de forma atômica: nada é criado com esse nome se o comando falhar)
help-clinic--partition-by = Com -o PASTA/: grava um conjunto de dados em pastas no estilo Hive, um arquivo por partição (PASTA/clinica=12/mes=2026-11/part-EXECUCAO.parquet) e um manifesto por execução; o mês é o da data principal do registro, ou de CAMPO (parquet, csv, tsv, ndjson)
help-clinic--since = Só os registros modificados desde DATA ou DATA HORA (report ficha-financeira: modificado_em_de); last: desde a última execução completa da mesma exportação, menos --since-overlap Com clinic sync changes: um número de execução, ou uma data (as mudanças das execuções depois dela)
help-clinic--since-overlap = Com --since last: quanto antes do início de uma execução começa a próxima, para que um registro alterado durante a execução não se perca [padrão: 10m]
help-clinic--resume = Com --clinic all (ou várias) e --partition-by clinic: busca só as clínicas que a última execução do conjunto de dados não terminou (o manifesto diz quais); com --keep-going, uma execução que falha em algumas clínicas mantém as outras
help-clinic--schema = Com --format parquet: um arquivo JSON com o tipo inicial de algumas colunas ({"{"}"codigo": "text", "valor": "decimal"{"}"}; bool, int, decimal, date, timestamp, text); um valor posterior que não caiba ainda alarga a coluna. Com `clinic sql` e sem arquivo: lista as tabelas e colunas do espelho
help-clinic--all = Todas as páginas da lista, também numa tabela no terminal (arquivos, pipes e outros formatos já recebem todas; não confundir com --clinic all)
help-clinic--page = Lê só esta página (a sua N-ésima, a partir de 1, seja qual for a numeração do ambiente); com --all, a primeira página percorrida
help-clinic--per-page = Registros por página [padrão: 50]
help-clinic--limit = Interrompe após N registros
help-clinic--concurrency = Requisições simultâneas ao percorrer páginas [padrão: 4]
help-clinic--max-pages = Ao percorrer N páginas sem chegar ao fim, interrompe com erro (saída 5) [padrão: sem limite]
help-clinic--timeout = Quanto tempo o servidor pode ficar em silêncio — ao conectar (no máximo 10s) ou entre dois trechos de uma resposta; uma requisição pode levar dez vezes isso no total; com `clinic sql`, quanto tempo uma consulta a um arquivo de espelho pode rodar [padrão: 60s]
help-clinic--max-wait = Por quanto tempo uma requisição é repetida após 429, 5xx (só leituras) ou falha de rede; 0 = nunca [padrão: 5m]
help-clinic--max-operating-wait = Quanto esperar, no total, pelas janelas de tempo de execução do CRM (o 429 OPERATION_TIME_LIMIT diz quando a janela acaba); à parte de --max-wait [padrão: 15m]
help-clinic--max-answer-size = O tamanho máximo de resposta lido, por exemplo 10MB ou 1GiB [padrão: 256MiB]
help-clinic--cacert = Confia também nos certificados de CA deste arquivo PEM (servidor com autoridade certificadora própria)
help-clinic--verbose = Mostra cada requisição no stderr (método, URL, status, tempo; segredos e dados pessoais mascarados); -vv mostra também os dados pessoais
help-clinic--trace-personal = Mostra dados pessoais (nomes, telefones, e-mails, datas de nascimento, filtros do CRM) nos rastros e erros, que sem isso os mascaram (como -vv)
help-clinic--quiet = Mostra só resultados e erros
help-clinic--lang = Idioma da interface para este comando: en ou pt-BR
help-clinic--sandbox = Usa um sandbox embutido, com dados fictícios, já conectado como o usuário de clínica dele
help-clinic--sandbox-scale = Tamanho do sandbox embutido (registros por relatório)

## setup
help-setup = Configura um perfil de uma vez (hosts, ID do webhook, unidades, clínica, login) e depois o verifica
    .after =
    Exemplos:
      clinic setup
      clinic setup --base-url https://example.com/rest/v1 --io-url https://io.example.com \
          --automation-url https://automacao.example.com --crm-url https://x.bitrix24.com.br/rest/17/SECRET/ \
          --webhook-id ID --units "SP Campinas;DF Brasília" --clinic 1 --login maria
      clinic --profile sandbox setup --sandbox-hosts 127.0.0.1:8787 --login admin --clinic 1
    Num terminal, o que as opções deixam de fora é perguntado (Enter mantém o valor atual) e, quando
    nenhum token funciona, pede-se o login. Depois cada configuração é verificada, uma linha cada;
    qualquer FAIL sai com 1.
help-setup--base-url = Endereço da API, terminado em /rest/v1
help-setup--io-url = Host da Integrações IO
help-setup--automation-url = Host de automação do CRM (o webhook de contatos e negócios)
help-setup--crm-url = Endereço do webhook de entrada do CRM, .../rest/<usuário>/<segredo>/ (uma credencial)
help-setup--webhook-id = O ID do webhook de automação
help-setup--units = Nomes das unidades no CRM, separados por ';' (ou ',')
help-setup--clinic = Clínica padrão: ID ou nome
help-setup--sandbox-hosts = Todos os hosts de um `clinic sandbox serve` em execução (o endereço dele, ou as linhas que ele mostrou, como texto ou arquivo), com o ID do webhook e as unidades
help-setup--login = Faz login como NOME [padrão num terminal: perguntado quando nenhum token funciona]
help-setup--password-stdin = Lê a senha da primeira linha da entrada padrão
help-setup--insecure-storage = Permite um arquivo simples 0600 quando nenhum cofre seguro funciona
help-setup--save-password = Guarda também a senha, para renovar um token vencido sem perguntar
help-setup--make-default = Faz deste perfil o que os comandos usam quando nem --profile nem CLINIC_PROFILE indicam outro (num terminal, é perguntado no fim)

## doctor
help-doctor = Verifica a configuração, os hosts, o token, o cofre de credenciais, o cache de nomes e o autocompletar
    .after =
    Exemplos:
      clinic doctor
      clinic --profile matriz doctor --format json
    Cada linha é ok, warn (algo que vai faltar a algum comando) ou FAIL; qualquer FAIL sai com 1.

help-doctor--probe = Descobre também como este ambiente responde (numeração das páginas, limite por página, esquema do token, charset, listas vazias) com algumas leituras de um registro, e guarda no perfil
help-doctor--unattended = Verifica como o cron ou o Agendador de Tarefas executariam: 5 s para o armazenamento de credenciais mesmo num terminal, e com o que essa execução consegue entrar

## login
help-login = Faz login e guarda o token no chaveiro do sistema  [Autenticação]
    .after =
    Exemplos:
      clinic login --base-url https://example.com/rest/v1
      printf '%s\n' "$PASSWORD" | clinic login --login maria --password-stdin
      clinic --profile matriz login --login admin --insecure-storage
      clinic --profile sandbox login --sandbox-hosts 127.0.0.1:8787 --login admin
help-login--base-url = Endereço da API, terminado em /rest/v1 (salvo no perfil)
help-login--sandbox-hosts = Aponta o perfil para um `clinic sandbox serve` em execução: o endereço dele, ou as linhas que ele mostrou (como texto, arquivo, ou - para a entrada padrão). Define os quatro hosts, o ID do webhook e as unidades
help-login--login = Nome de usuário [variável: CLINIC_LOGIN; perguntado num terminal]
help-login--password-stdin = Lê a senha da primeira linha da entrada padrão
help-login--password-file = Lê a senha da primeira linha de ARQUIVO, que só o dono pode ler (chmod 600)
help-login--insecure-storage = Permite um arquivo simples 0600 quando nenhum cofre seguro funciona
help-login--save-password = Guarda também a senha, para renovar um token vencido sem perguntar

## logout
help-logout = Esquece o token guardado deste perfil
    .after =
    Exemplo:
      clinic --profile matriz logout

## auth
help-auth = Gestão de token e chave

## auth status
help-auth-status = Mostra o perfil, a URL base, o login, onde está o token e se ele funciona
    .after =
    Exemplo:
      clinic auth status

## auth token
help-auth-token = Mostra o token (só num pipe ou arquivo, a menos que use --show)
    .after =
    Exemplo:
      export CLINIC_TOKEN=$(clinic auth token)
help-auth-token--show = Mostra mesmo num terminal

## auth set-io-key
help-auth-set-io-key = Guarda a chave de API da Integrações IO (ou a remove com --remove)
    .after =
    Exemplos:
      printf '%s\n' "$KEY" | clinic auth set-io-key --stdin
      clinic auth set-io-key --remove
help-auth-set-io-key--stdin = Lê a chave da primeira linha da entrada padrão
help-auth-set-io-key--insecure-storage = Permite um arquivo simples 0600 quando nenhum cofre seguro funciona
help-auth-set-io-key--remove = Remove a chave guardada em vez de guardar uma

## auth set-db-password
help-auth-set-db-password = Guarda a senha de um banco PostgreSQL em que `clinic sync --to` grava (ou a remove com --remove)
    .after =
    A URL nomeia o banco sem a senha; a senha é digitada no prompt ou lida da entrada padrão,
    nunca passada na linha de comando. Ela fica guardada só para esse usuário, servidor, porta e
    banco, e a PGPASSWORD, quando definida, continua valendo primeiro.
    Exemplos:
      clinic auth set-db-password postgres://bi@db.exemplo.com.br/armazem
      printf '%s\n' "$PW" | clinic auth set-db-password postgres://bi@db.exemplo.com.br/armazem --stdin
      clinic auth set-db-password postgres://bi@db.exemplo.com.br/armazem --remove
help-auth-set-db-password--url = O banco: postgres://usuario@servidor[:porta]/banco, sem senha
help-auth-set-db-password--stdin = Lê a senha da primeira linha da entrada padrão
help-auth-set-db-password--insecure-storage = Permite um arquivo simples 0600 quando nenhum cofre seguro funciona
help-auth-set-db-password--remove = Remove a senha guardada em vez de guardar uma

## config
help-config = Lê e altera as configurações do perfil
    .after =
    Chaves:
      base_url         o endereço da API, terminado em /rest/v1 (https, ou http em loopback)
      io_url           o host da Integrações IO (https, ou http em loopback)
      automation_url   o host de automação do CRM (https, ou http em loopback)
      crm_url          base do webhook de entrada do CRM, .../rest/<usuário>/<segredo>/ (credencial)
      webhook_id       o ID do webhook de automação
      clinica          ID da clínica padrão (um número inteiro positivo)
      auth_scheme      bearer ou raw
      format           table, json, ndjson, csv ou tsv
      per_page         registros por página em listas e percursos (1-10000)
      concurrency      páginas simultâneas ao percorrer listas (1-32)
      timezone         fuso horário IANA das datas e horas do CRM, por exemplo America/Sao_Paulo
      units            unidades do CRM para crm contact create --unit: "A;B;C" (ou "A,B,C" sem ';')
      timeout          quanto tempo o servidor pode ficar calado, por exemplo 30s ou 2m (padrão 60s)
      max_wait         por quanto tempo repetir uma requisição que falha, ex. 5m (padrão 5m; 0 = nunca)
      max_answer_size  o maior tamanho de resposta lido, por exemplo 256MiB ou 10MB (padrão 256MiB)
      ca_bundle        arquivo PEM de certificados de CA extras a confiar (autoridade própria)
      language         o idioma da interface: en ou pt-BR
      aliases.<nome>   um ID de campo do CRM para <nome>, ex. aliases.email = UF_CRM_1676052930
    Exemplos:
      clinic config set base_url https://example.com/rest/v1
      clinic --profile matriz config set clinica 3
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"
      clinic config set aliases.email UF_CRM_1676052930

## config list
help-config-list = Todas as chaves definidas neste perfil
    .after =
    Exemplo:
      clinic config list --format json
help-config-list--show = Mostra crm_url sem máscara

## config get
help-config-get = O valor de uma chave, como texto simples (saída 1 quando não definida)
    .after =
    Exemplo:
      clinic config get base_url
help-config-get--key = A chave a ler, por exemplo base_url (veja `clinic config --help`)
help-config-get--show = Mostra crm_url sem máscara

## config set
help-config-set = Define uma chave (com validação)
    .after =
    Chaves:
      base_url         o endereço da API, terminado em /rest/v1 (https, ou http em loopback)
      io_url           o host da Integrações IO (https, ou http em loopback)
      automation_url   o host de automação do CRM (https, ou http em loopback)
      crm_url          base do webhook de entrada do CRM, .../rest/<usuário>/<segredo>/ (credencial)
      webhook_id       o ID do webhook de automação
      clinica          ID da clínica padrão (um número inteiro positivo)
      auth_scheme      bearer ou raw
      format           table, json, ndjson, csv ou tsv
      per_page         registros por página em listas e percursos (1-10000)
      concurrency      páginas simultâneas ao percorrer listas (1-32)
      timezone         fuso horário IANA das datas e horas do CRM, por exemplo America/Sao_Paulo
      units            unidades do CRM para crm contact create --unit: "A;B;C" (ou "A,B,C" sem ';')
      timeout          quanto tempo o servidor pode ficar calado, por exemplo 30s ou 2m (padrão 60s)
      max_wait         por quanto tempo repetir uma requisição que falha, ex. 5m (padrão 5m; 0 = nunca)
      max_answer_size  o maior tamanho de resposta lido, por exemplo 256MiB ou 10MB (padrão 256MiB)
      ca_bundle        arquivo PEM de certificados de CA extras a confiar (autoridade própria)
      language         o idioma da interface: en ou pt-BR
      aliases.<nome>   um ID de campo do CRM para <nome>, ex. aliases.email = UF_CRM_1676052930
    Exemplos:
      clinic config set base_url https://example.com/rest/v1
      clinic --profile matriz config set clinica 3
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"
      clinic config set aliases.email UF_CRM_1676052930
help-config-set--key = A chave a definir (veja a lista abaixo)
help-config-set--value = O novo valor

## config unset
help-config-unset = Remove uma chave
    .after =
    Exemplo:
      clinic config unset clinica
help-config-unset--key = A chave a remover

## config path
help-config-path = Mostra o caminho do arquivo de configuração
    .after =
    Exemplo:
      clinic config path

## config use
help-config-use = Torna um perfil o usado pelos comandos quando nenhum é indicado
    .after =
    Exemplo:
      clinic config use sandbox
help-config-use--name = O nome do perfil (`default`, ou um que o arquivo de configuração tenha)

## contact
help-contact = Contatos (interessados e clientes)  [Entrada — Atração / Saída — Atração]

## contact create
help-contact-create = Cadastra um contato (POST /cadastraCliente)  [Entrada — Atração]
    .long =
    Cadastra um contato (POST /cadastraCliente)  [Entrada — Atração]

    O serviço não evita duplicados: `clinic contact upsert` procura o contato antes.
    .after =
    Exemplo:
      clinic contact create --name "Maria José d'Ávila" --phone "(16) 99264-0197" \
          --birth-date 23/04/1990 --channel 3 --campaign 12 --email maria@example.com --clinic 1
    Num terminal, os campos obrigatórios que faltarem são perguntados: clínica, canal e campanha em
    listas de `ID  nome`, respondidas com um ID ou um nome.
help-contact-create--name = Nome completo (obrigatório)
help-contact-create--phone = Celular com DDD, escrito de qualquer forma: 16992640197, (16) 99264-0197, +55 16 99264-0197 (obrigatório)
help-contact-create--birth-date = Data de nascimento, AAAA-MM-DD ou DD/MM/AAAA (obrigatória)
help-contact-create--channel = Canal: ID ou nome, veja `clinic ref channels` (obrigatório)
help-contact-create--campaign = Campanha: ID ou nome, veja `clinic ref campaigns` (obrigatória)
help-contact-create--email = E-mail
help-contact-create--note = Observação em texto livre
help-contact-create--clinic = ID ou nome da clínica (obrigatório: o serviço exige em todo contato novo, também para usuários de clínica) [padrão: a `clinica` do perfil]
help-contact-create--if-exists = Quando a clínica já tem um contato com este telefone ou e-mail (procurado em lista_cliente) [padrão: ask]
help-contact-create--if-exists--ask = Pergunta num terminal; num script é recusado, nada é criado
help-contact-create--if-exists--skip = Não cria nada e sai com 0 (tarefas noturnas)
help-contact-create--if-exists--create = Cadastra outro paciente mesmo assim, sem procurar

## contact update
help-contact-update = Atualiza um contato e registra uma nova origem para ele (POST /atualizaCadastroCliente)  [Entrada — Atração]
    .after =
    Exemplo:
      clinic contact update 4821 --channel 2 --campaign 7 --note "Veio pelo Instagram"
help-contact-update--id = ID do contato
help-contact-update--name = Nome completo
help-contact-update--birth-date = Data de nascimento (AAAA-MM-DD ou DD/MM/AAAA)
help-contact-update--channel = Canal desta nova origem: ID ou nome
help-contact-update--campaign = Campanha desta nova origem: ID ou nome
help-contact-update--note = Observação em texto livre
help-contact-update--clinic = ID ou nome da clínica [padrão: a `clinica` do perfil]

## contact list
help-contact-list = Lista interessados e clientes (GET /lista_cliente)  [Saída — Atração]
    .after =
    Exemplos:
      clinic contact list --phone 16992640197
      clinic contact list --created-from 2024-01-01 --all --format csv -o contatos.csv
help-contact-list--name = Busca pelo nome mais parecido
help-contact-list--phone = Telefone, escrito de qualquer forma (enviado só com dígitos)
help-contact-list--secondary-phone = Telefone secundário, escrito de qualquer forma (enviado só com dígitos)
help-contact-list--email = E-mail
help-contact-list--created-from = Cadastrado a partir de (AAAA-MM-DD ou DD/MM/AAAA)
help-contact-list--created-to = Cadastrado até
help-contact-list--birth-from = Nascido a partir de
help-contact-list--birth-to = Nascido até
help-contact-list--referred-by = Indicado pelo contato com este ID
help-contact-list--referred = Só contatos indicados (1) ou não indicados (0)
help-contact-list--active = Só registros ativos (inativo=0)
help-contact-list--inactive = Só registros inativos (inativo=1)
help-contact-list--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-contact-list--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## contact upsert
help-contact-upsert = Cria o contato, ou o atualiza quando já existe um com o mesmo telefone ou e-mail
    .after =
    Exemplo:
      clinic contact upsert --name "Maria Souza" --phone 16992640197 --birth-date 1990-04-23 \
          --channel 3 --campaign 12 --clinic 1
help-contact-upsert--name = Nome completo (obrigatório)
help-contact-upsert--phone = Celular com DDD, escrito de qualquer forma: 16992640197, (16) 99264-0197, +55 16 99264-0197 (obrigatório)
help-contact-upsert--birth-date = Data de nascimento, AAAA-MM-DD ou DD/MM/AAAA (obrigatória)
help-contact-upsert--channel = Canal: ID ou nome, veja `clinic ref channels` (obrigatório)
help-contact-upsert--campaign = Campanha: ID ou nome, veja `clinic ref campaigns` (obrigatória)
help-contact-upsert--email = E-mail
help-contact-upsert--note = Observação em texto livre
help-contact-upsert--clinic = ID ou nome da clínica (obrigatório: o serviço exige em todo contato novo, também para usuários de clínica) [padrão: a `clinica` do perfil]

## contact import
help-contact-import = Cria contatos a partir de um arquivo CSV, validado por inteiro antes de enviar qualquer coisa, e que pode ser retomado
    .after =
    Exemplo:
      clinic contact import novos.csv --journal novos.journal --concurrency 4
    Colunas (linha de cabeçalho; nomes em inglês ou em português, separados por ',' ou ';'):
      name|nome, phone|telefone, birth_date|data_nascimento, channel|canal, campaign|campanha,
      email, note|observacao, clinic|clinica (senão --clinic ou a clinica do perfil)
    Com --journal, as linhas já criadas numa execução anterior (mesmo telefone e nome) são puladas.
    Linhas enviadas sem resposta aparecem como desconhecidas (saída 5); resolva-as e execute de novo:
      clinic contact import novos.csv --journal novos.journal --resolve-unknown
help-contact-import--file = O arquivo CSV (UTF-8, ou Windows-1252 como o Excel salva um CSV comum; com linha de cabeçalho)
help-contact-import--encoding = A codificação de ARQUIVO quando não é UTF-8: windows-1252 (o CSV comum do Excel), latin1 (ISO-8859-1) ou utf-8 [padrão: UTF-8, senão Windows-1252, avisado no stderr]
help-contact-import--dry-run = Confere todas as linhas e mostra o que seria enviado, sem enviar
help-contact-import--journal = Registra aqui cada linha criada (NDJSON) e pula as linhas registradas em execuções anteriores
help-contact-import--resolve-unknown = Não envia nada: procura em lista_cliente, pelo telefone e depois pelo e-mail, cada linha que o registro deixou em estado desconhecido (enviada, resposta nunca vista) e a registra como criada ou como não enviada
help-contact-import--no-wait = Com --journal: quando outra importação está usando o registro, para na hora em vez de esperar que ela termine
help-contact-import--clinic = ID ou nome da clínica [padrão: a `clinica` do perfil]

## campaign
help-campaign = Campanhas  [Entrada — Apoio / Saída — Apoio]

## campaign create
help-campaign-create = Cria uma campanha (POST /criaCampanha) e mostra o novo ID  [Entrada — Apoio]
    .after =
    Exemplo:
      clinic campaign create --name "Black Friday 2024" --clinic 1
help-campaign-create--name = Nome da campanha
help-campaign-create--clinic = ID ou nome da clínica [padrão: a `clinica` do perfil]
help-campaign-create--allow-duplicate = Cria a campanha mesmo que uma campanha da clínica já tenha o mesmo nome

## campaign list
help-campaign-list = Lista as campanhas (GET /listaCampanha)  [Saída — Apoio]
    .after =
    Exemplo:
      clinic campaign list --name black --all
help-campaign-list--name = Busca pelo nome mais parecido
help-campaign-list--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-campaign-list--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## appointment
help-appointment = Agendamentos  [Entrada — Conversão e entrega]

## appointment set-status
help-appointment-set-status = Muda o status de um agendamento (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]
    .long =
    Muda o status de um agendamento (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]

    Os status vêm de `clinic ref appointment-statuses` (1 Agendado, 2 Confirmado, 3 Presente, 4 Executado, 5 Desmarcado, 6 Faltou, 7 Cancelado, 8 Bloqueio na maioria das instalações).
    .after =
    Exemplo:
      clinic appointment set-status 12345 2
help-appointment-set-status--appointment = ID do agendamento
help-appointment-set-status--status = Novo status: ID ou nome (por exemplo 2 ou Confirmado)

## report
help-report = Relatórios: agendamentos e a Ficha Financeira  [Saída]

## report appointments
help-report-appointments = Relatório de agendamentos (GET /relAgendamentos)  [Saída — Entrega e retenção]
    .after =
    Exemplos:
      clinic report appointments --from 2024-03-01 --to 2024-03-31 --status 1,2 --all
      clinic report appointments --type 2 --has-quote 0 --format csv -o avaliacoes.csv
help-report-appointments--from = Agendamentos nesta data ou depois (AAAA-MM-DD ou DD/MM/AAAA, ou hoje, amanhã, ontem, semana, mês)
help-report-appointments--to = Agendamentos nesta data ou antes
help-report-appointments--today = Os agendamentos de hoje (o mesmo que --from hoje --to hoje)
help-report-appointments--week = Os agendamentos desta semana, de segunda a domingo
help-report-appointments--kind = ID do tipo de agendamento (2 = avaliação; exige --has-quote)
help-report-appointments--status = Status de agendamento, IDs ou nomes, separados por vírgula (veja `clinic ref appointment-statuses`)
help-report-appointments--has-quote = A avaliação tem orçamento: 0 ou 1 (veja `clinic ref has-quote`)
help-report-appointments--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-report-appointments--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## report ficha-financeira
help-report-ficha-financeira = A Ficha Financeira: orçamentos com a venda detalhada (GET /lista_venda_orcamento)  [Saída — Conversão]
    .after =
    Exemplos:
      clinic report ficha-financeira --all --format csv -o ficha.csv
      clinic report ficha-financeira --from 01/01/2024 --to 31/01/2024 --status 2 --seller 4 --all --excel -o janeiro.csv
      clinic report ficha-financeira --clinic all --all --format xlsx -o rede.xlsx
help-report-ficha-financeira--from = Data do orçamento a partir de (AAAA-MM-DD ou DD/MM/AAAA)
help-report-ficha-financeira--to = Data do orçamento até
help-report-ficha-financeira--status = Status do orçamento, IDs ou nomes (veja `clinic ref quote-statuses`)
help-report-ficha-financeira--client = ID do cliente (contato)
help-report-ficha-financeira--contract-notes = Observações do contrato (o mais parecido)
help-report-ficha-financeira--sale-notes = Observações da venda (o mais parecido)
help-report-ficha-financeira--active = Só registros ativos (inativo=0)
help-report-ficha-financeira--inactive = Só registros inativos (inativo=1)
help-report-ficha-financeira--service = ID do serviço (veja `clinic ref services`)
help-report-ficha-financeira--evaluation-from = Data da avaliação a partir de
help-report-ficha-financeira--evaluation-to = Data da avaliação até
help-report-ficha-financeira--created-from = Cadastrado a partir de
help-report-ficha-financeira--created-to = Cadastrado até
help-report-ficha-financeira--paid-from = Pago a partir de
help-report-ficha-financeira--paid-to = Pago até
help-report-ficha-financeira--modified-from = Alterado a partir de
help-report-ficha-financeira--modified-to = Alterado até
help-report-ficha-financeira--created-by = Criado por (veja `clinic ref creators`)
help-report-ficha-financeira--modified-by = Alterado por (veja `clinic ref creators`)
help-report-ficha-financeira--seller = ID do vendedor (veja `clinic ref sellers`)
help-report-ficha-financeira--account-plan = ID do plano de conta (veja `clinic ref account-plans`)
help-report-ficha-financeira--operation-type = ID do tipo de operação do produto (veja `clinic ref operation-types`)
help-report-ficha-financeira--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-report-ficha-financeira--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## report summary
help-report-summary = Contagens e somas de valores da Ficha Financeira (ou dos agendamentos) por mês, vendedor, status, clínica, canal ou serviço
    .after =
    Exemplos:
      clinic report summary --by month,seller
      clinic report summary --by clinic --clinic all --chart
      clinic report summary --by status --status todos
      clinic report summary --by month --from 2024-01-01 --to 2024-12-31 --chart-file vendas.svg
      clinic report summary --by seller --format xlsx -o vendas.xlsx
      clinic report summary appointments --by month,status
help-report-summary--by = Agrupa por, separados por vírgula, do mais externo ao mais interno: month, seller, status, clinic, channel, service
help-report-summary--by--month = O mês da data do registro (AAAA-MM)
help-report-summary--month-of = O campo de data cujo mês `--by month` usa [padrão: data para orçamentos, data_agendamento para agendamentos]
help-report-summary--chart = Desenha barras horizontais (em texto, da largura do terminal) em vez da tabela
help-report-summary--chart-file = Escreve também um gráfico de barras em ARQUIVO: .svg ou .png
help-report-summary--measure = O que as barras medem: count, ou um campo de valor como valor_original [padrão: valor, ou count quando não há valores]
help-report-summary--from = Data do orçamento a partir de (AAAA-MM-DD ou DD/MM/AAAA)
help-report-summary--to = Data do orçamento até
help-report-summary--status = Status do orçamento, IDs ou nomes (veja `clinic ref quote-statuses`), ou `todos` [padrão: Aprovado: vendas]
help-report-summary--client = ID do cliente (contato)
help-report-summary--contract-notes = Observações do contrato (o mais parecido)
help-report-summary--sale-notes = Observações da venda (o mais parecido)
help-report-summary--active = Só registros ativos (inativo=0)
help-report-summary--inactive = Só registros inativos (inativo=1)
help-report-summary--service = ID do serviço (veja `clinic ref services`)
help-report-summary--evaluation-from = Data da avaliação a partir de
help-report-summary--evaluation-to = Data da avaliação até
help-report-summary--created-from = Cadastrado a partir de
help-report-summary--created-to = Cadastrado até
help-report-summary--paid-from = Pago a partir de
help-report-summary--paid-to = Pago até
help-report-summary--modified-from = Alterado a partir de
help-report-summary--modified-to = Alterado até
help-report-summary--created-by = Criado por (veja `clinic ref creators`)
help-report-summary--modified-by = Alterado por (veja `clinic ref creators`)
help-report-summary--seller = ID do vendedor (veja `clinic ref sellers`)
help-report-summary--account-plan = ID do plano de conta (veja `clinic ref account-plans`)
help-report-summary--operation-type = ID do tipo de operação do produto (veja `clinic ref operation-types`)
help-report-summary--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-report-summary--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## report summary appointments
help-report-summary-appointments = Resume os agendamentos (GET /relAgendamentos) em vez da Ficha Financeira
    .after =
    Exemplos:
      clinic report summary appointments --by month,status
      clinic report summary appointments --by clinic --clinic all --from 2024-01-01 --chart
help-report-summary-appointments--by = Agrupa por, separados por vírgula, do mais externo ao mais interno: month, seller, status, clinic, channel, service
help-report-summary-appointments--by--month = O mês da data do registro (AAAA-MM)
help-report-summary-appointments--month-of = O campo de data cujo mês `--by month` usa [padrão: data para orçamentos, data_agendamento para agendamentos]
help-report-summary-appointments--chart = Desenha barras horizontais (em texto, da largura do terminal) em vez da tabela
help-report-summary-appointments--chart-file = Escreve também um gráfico de barras em ARQUIVO: .svg ou .png
help-report-summary-appointments--measure = O que as barras medem: count, ou um campo de valor como valor_original [padrão: valor, ou count quando não há valores]
help-report-summary-appointments--from = Agendamentos nesta data ou depois (AAAA-MM-DD ou DD/MM/AAAA)
help-report-summary-appointments--to = Agendamentos nesta data ou antes
help-report-summary-appointments--today = Os agendamentos de hoje (o mesmo que --from hoje --to hoje)
help-report-summary-appointments--week = Os agendamentos desta semana, de segunda a domingo
help-report-summary-appointments--kind = ID do tipo de agendamento (2 = avaliação; exige --has-quote)
help-report-summary-appointments--status = Status de agendamento, IDs ou nomes, separados por vírgula (veja `clinic ref appointment-statuses`)
help-report-summary-appointments--has-quote = A avaliação tem orçamento: 0 ou 1 (veja `clinic ref has-quote`)
help-report-summary-appointments--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-report-summary-appointments--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref
help-ref = Listas de referência: clínicas, canais, campanhas, serviços, status…  [Saída — Apoio]

## ref clinics
help-ref-clinics = Clínicas (unidades) que você pode ver (GET /listaClinicas)
    .after =
    Exemplo:
      clinic ref clinics --all

## ref channels
help-ref-channels = Canais de origem (GET /listaCanal)
    .after =
    Exemplo:
      clinic ref channels --name insta
help-ref-channels--name = Busca pelo nome mais parecido

## ref campaigns
help-ref-campaigns = Campanhas (GET /listaCampanha)
    .after =
    Exemplo:
      clinic ref campaigns --clinic 1 --name black
help-ref-campaigns--name = Busca pelo nome mais parecido
help-ref-campaigns--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-campaigns--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref services
help-ref-services = Serviços (GET /listaServico)
    .after =
    Exemplo:
      clinic ref services --name botox
help-ref-services--name = Busca pelo nome mais parecido
help-ref-services--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-services--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref sellers
help-ref-sellers = Vendedores (GET /listaVendedor)
    .after =
    Exemplo:
      clinic ref sellers --all --format csv
help-ref-sellers--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-sellers--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref creators
help-ref-creators = Usuários que criam e alteram vendas (GET /listaCriadoPorVenda)
    .after =
    Exemplo:
      clinic ref creators
help-ref-creators--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-creators--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref account-plans
help-ref-account-plans = Planos de conta (GET /listaPlanoDeConta)
    .after =
    Exemplo:
      clinic ref account-plans
help-ref-account-plans--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-account-plans--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref operation-types
help-ref-operation-types = Tipos de operação de produto (GET /listaTipoOperacao)
    .after =
    Exemplo:
      clinic ref operation-types
help-ref-operation-types--clinic = ID ou nome da clínica, várias separadas por vírgula, ou `all` [padrão: a `clinica` do perfil]; obrigatório para admin_master
help-ref-operation-types--keep-going = Com várias clínicas: a clínica que falhar é informada e deixada de fora, as outras são escritas mesmo assim (a execução ainda termina com erro)

## ref appointment-statuses
help-ref-appointment-statuses = Status de agendamento (GET /statusAgendamento)
    .after =
    Exemplo:
      clinic ref appointment-statuses

## ref quote-statuses
help-ref-quote-statuses = Status de orçamento (GET /lista_status_venda)
    .after =
    Exemplo:
      clinic ref quote-statuses

## ref has-quote
help-ref-has-quote = Valores do filtro "avaliação possui orçamento", 0 e 1 (GET /avaliacaoPossuiVendaOrcamento)
    .after =
    Exemplo:
      clinic ref has-quote

## crm
help-crm = CRM externo: contatos pelo webhook de automação, contatos, negócios e leads  [CRM — Automação / CRM]

## crm contact
help-crm-contact = Contatos do CRM: cria pelo webhook de automação; lista, consulta e atualiza

## crm contact create
help-crm-contact-create = Cria (ou reaproveita) um contato e abre um negócio (GET {"{"}automation_url{"}"}/webhook/{"{"}webhook_id{"}"})  [CRM — Automação]
    .long =
    Cria (ou reaproveita) um contato e abre um negócio (GET {"{"}automation_url{"}"}/webhook/{"{"}webhook_id{"}"})  [CRM — Automação]

    A automação reaproveita o contato que tem este telefone (senão, este e-mail) e sempre abre um negócio novo na etapa "Nova oportunidade". A chamada é enviada uma vez: nunca é repetida depois de poder ter chegado ao servidor, então, numa falha de rede, confira antes de enviar de novo.
    .after =
    Exemplos:
      clinic crm contact create --full-name "Maria da Silva" --phone "(16) 99264-0197" \
          --email maria@example.com --campaign-id 12 --utm-source whatsapp --unit "SP Campinas"
      clinic crm contact create --first-name Ana --last-name Souza --created-at "23/04/2024 10:30" \
          --phone 16992640197 --email ana@example.com --campaign-id 7 --utm-source Instagram \
          --utm-medium cpc --utm-campaign verao --unit "df brasilia"
help-crm-contact-create--first-name = Nome
help-crm-contact-create--last-name = Sobrenome
help-crm-contact-create--full-name = Nome completo, dividido no último espaço em nome e sobrenome
help-crm-contact-create--created-at = Data e hora de criação: AAAA-MM-DD HH:MM[:SS] ou DD/MM/AAAA HH:MM[:SS] no fuso horário do perfil [padrão: agora]
help-crm-contact-create--campaign-id = ID da campanha de origem
help-crm-contact-create--utm-source = WhatsApp, Facebook ou Instagram (maiúsculas ou minúsculas)
help-crm-contact-create--utm-medium = Mídia UTM (pode ficar vazia)
help-crm-contact-create--utm-campaign = Campanha UTM (pode ficar vazia)
help-crm-contact-create--utm-content = Conteúdo UTM (pode ficar vazio)
help-crm-contact-create--phone = Telefone com DDD, escrito de qualquer forma: 16992640197, (16) 99264-0197, +55 16 99264-0197
help-crm-contact-create--email = E-mail
help-crm-contact-create--unit = Nome da unidade, comparado sem maiúsculas nem acentos com as `units` do perfil, quando configuradas
help-crm-contact-create--if-exists = Quando o CRM (crm_url) já tem um contato com este telefone ou e-mail: o webhook abriria outro negócio [padrão: ask]
help-crm-contact-create--if-exists--ask = Pergunta num terminal; um script é recusado, nada é enviado
help-crm-contact-create--if-exists--skip = Não envia nada e sai com 0 (importações noturnas)
help-crm-contact-create--if-exists--create = Chama o webhook mesmo assim

## crm contact import
help-crm-contact-import = Cria contatos e negócios a partir de um arquivo CSV pelo webhook da automação, conferido por inteiro antes, pulando duplicados, e que pode ser retomado  [CRM — Automação]
    .long =
    Cria contatos e negócios a partir de um arquivo CSV pelo webhook da automação, conferido por inteiro antes, pulando duplicados, e que pode ser retomado  [CRM — Automação]

    Todas as linhas são conferidas antes de qualquer envio. Depois, o telefone e o e-mail de cada linha são procurados no CRM (crm.duplicate.findbycomm, cinquenta buscas por requisição): a linha cujo contato já existe é pulada, porque a automação abriria outro negócio para ele. Com --journal, cada envio é registrado na hora: uma execução interrompida em qualquer ponto é repetida com o mesmo registro, as linhas já criadas são puladas e uma linha enviada sem resposta só é enviada de novo se o CRM não a tiver.
    .after =
    Exemplo:
      clinic crm contact import leads.csv --journal leads.journal --unit "SP Campinas" --utm-source whatsapp
    Colunas (linha de cabeçalho; nomes em inglês ou português, separados por ',' ou ';'):
      name|nome (ou first_name|primeiro_nome e last_name|sobrenome), phone|telefone, email,
      unit|unidade, campaign_id|campanha, utm_source (estas três podem vir das opções),
      utm_medium, utm_campaign, utm_content, created_at|criado_em (padrão: agora)
    O resultado de cada linha vai para a saída padrão: created (com contact_id e deal_id), skipped (motivo
    exists, com os IDs dos contatos, ou journal), unknown ou failed. Sai com 0 só quando nenhuma linha falhou
    nem ficou desconhecida.
help-crm-contact-import--file = O arquivo CSV (UTF-8, ou Windows-1252 como o Excel salva um CSV comum; com linha de cabeçalho)
help-crm-contact-import--encoding = A codificação de ARQUIVO quando não é UTF-8: windows-1252 (o CSV comum do Excel), latin1 (ISO-8859-1) ou utf-8 [padrão: UTF-8, senão Windows-1252, avisado no stderr]
help-crm-contact-import--dry-run = Confere todas as linhas, procura-as no CRM e mostra o que seria enviado, sem enviar
help-crm-contact-import--journal = Registra aqui cada envio (NDJSON); as linhas criadas por execuções anteriores são puladas
help-crm-contact-import--no-wait = Com --journal: quando outra importação está usando o registro, para na hora em vez de esperar que ela termine
help-crm-contact-import--if-exists = Quando o CRM já tem um contato com o telefone ou o e-mail de uma linha
help-crm-contact-import--if-exists--skip = Pula a linha (nada é enviado para ela)
help-crm-contact-import--if-exists--create = Envia todas as linhas sem procurá-las: a automação abre outro negócio para um contato que já existe
help-crm-contact-import--unit = Unidade das linhas cuja célula de unidade está vazia ou ausente
help-crm-contact-import--campaign-id = ID da campanha das linhas cuja célula de campanha está vazia ou ausente
help-crm-contact-import--utm-source = Origem UTM das linhas cuja célula utm_source está vazia ou ausente

## crm contact list
help-crm-contact-list = Lista contatos (crm.contact.list)  [CRM]
    .after =
    Exemplos:
      clinic crm contact list --field NAME=Ana --select NAME --select PHONE --order DATE_CREATE:desc
      clinic crm deal list --field STAGE_ID=NEW --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm contact list --all --keyset --format ndjson

    Uma página tem 50 registros (`--page N` lê a N-ésima). Com --all, listas de mais de 1000 registros
    (ou qualquer lista com --keyset) são percorridas por ID, uma página após a outra, como o Bitrix
    recomenda para listas grandes. Os nomes de campo podem ser apelidos do perfil (clinic crm aliases
    install; clinic config set aliases.NOME ID).
help-crm-contact-list--field = Filtro CAMPO=VALOR (pode repetir); CAMPO pode começar com um operador do Bitrix: >ID=100, %NAME=ana, =%NAME=Ana% (com seus próprios curingas), !STAGE_ID=WON, @ID=13,21 (qualquer um deles), !@ID=13,21
help-crm-contact-list--select = Campo a devolver (pode repetir); * para todos os campos padrão, UF_* para todos os personalizados
help-crm-contact-list--order = Ordena por CAMPO:asc ou CAMPO:desc (pode repetir)
help-crm-contact-list--keyset = Com --all, percorre por faixas de ID qualquer que seja o tamanho da lista
help-crm-contact-list--fields-form = Envia os filtros como FIELDS[CAMPO]=VALOR (a forma que algumas instalações leem) em vez de filter[CAMPO]=VALOR

## crm contact get
help-crm-contact-get = Todos os campos de um contato, ou de muitos, 50 por requisição (crm.contact.get, batch)  [CRM]
    .after =
    Exemplos:
      clinic crm contact get 42 --format json
      clinic crm contact get --ids-from ids.txt --format csv -o contatos.csv
help-crm-contact-get--ids = ID do registro (vários: lidos 50 por requisição batch, escritos como lista na ordem dada)
help-crm-contact-get--ids-from = Também os IDs de ARQUIVO (ou da entrada padrão, -): separados por quebras de linha, vírgulas ou espaços
help-crm-contact-get--encoding = A codificação do arquivo de --ids-from quando não é UTF-8: windows-1252 (o CSV comum do Excel), latin1 (ISO-8859-1) ou utf-8 [padrão: UTF-8, senão Windows-1252, avisado no stderr]

## crm contact update
help-crm-contact-update = Altera campos de um contato (crm.contact.update)  [CRM]
    .after =
    Exemplos:
      clinic crm contact update 42 --set NAME=Ana --set email=ana@example.com
      clinic crm contact update 42 --set PHONE=+5516992640197     # este telefone, e nenhum outro
      clinic crm contact update 42 --add PHONE:MOBILE=16992640197 --remove EMAIL=antigo@example.com
help-crm-contact-update--id = ID do registro
help-crm-contact-update--set = CAMPO=VALOR a gravar (pode repetir); CAMPO pode ser um apelido ou o rótulo de um campo personalizado. Num campo de vários valores (PHONE, EMAIL, WEB, IM) os valores dados substituem todos os outros (PHONE= sem valor remove todos), e CAMPO:TIPO=VALOR escolhe o tipo (PHONE:MOBILE=…; WORK por padrão)
help-crm-contact-update--add = CAMPO=VALOR acrescentado a um campo de vários valores (PHONE, EMAIL, WEB, IM), mantendo os outros (pode repetir; CAMPO:TIPO=VALOR escolhe o tipo)
help-crm-contact-update--remove = CAMPO=VALOR removido de um campo de vários valores onde estiver: telefones comparados pelos dígitos, e-mails sem distinguir maiúsculas (pode repetir)

## crm deal
help-crm-deal = Negócios do CRM: lista, consulta, atualiza, move entre etapas

## crm deal list
help-crm-deal-list = Lista negócios (crm.deal.list)  [CRM]
    .after =
    Exemplos:
      clinic crm contact list --field NAME=Ana --select NAME --select PHONE --order DATE_CREATE:desc
      clinic crm deal list --field STAGE_ID=NEW --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm contact list --all --keyset --format ndjson

    Uma página tem 50 registros (`--page N` lê a N-ésima). Com --all, listas de mais de 1000 registros
    (ou qualquer lista com --keyset) são percorridas por ID, uma página após a outra, como o Bitrix
    recomenda para listas grandes. Os nomes de campo podem ser apelidos do perfil (clinic crm aliases
    install; clinic config set aliases.NOME ID).
help-crm-deal-list--field = Filtro CAMPO=VALOR (pode repetir); CAMPO pode começar com um operador do Bitrix: >ID=100, %NAME=ana, =%NAME=Ana% (com seus próprios curingas), !STAGE_ID=WON, @ID=13,21 (qualquer um deles), !@ID=13,21
help-crm-deal-list--select = Campo a devolver (pode repetir); * para todos os campos padrão, UF_* para todos os personalizados
help-crm-deal-list--order = Ordena por CAMPO:asc ou CAMPO:desc (pode repetir)
help-crm-deal-list--keyset = Com --all, percorre por faixas de ID qualquer que seja o tamanho da lista
help-crm-deal-list--fields-form = Envia os filtros como FIELDS[CAMPO]=VALOR (a forma que algumas instalações leem) em vez de filter[CAMPO]=VALOR

## crm deal get
help-crm-deal-get = Todos os campos de um negócio, ou de muitos, 50 por requisição (crm.deal.get, batch)  [CRM]
    .after =
    Exemplo:
      clinic crm deal get 42 --columns ID,TITLE,STAGE_ID
help-crm-deal-get--ids = ID do registro (vários: lidos 50 por requisição batch, escritos como lista na ordem dada)
help-crm-deal-get--ids-from = Também os IDs de ARQUIVO (ou da entrada padrão, -): separados por quebras de linha, vírgulas ou espaços
help-crm-deal-get--encoding = A codificação do arquivo de --ids-from quando não é UTF-8: windows-1252 (o CSV comum do Excel), latin1 (ISO-8859-1) ou utf-8 [padrão: UTF-8, senão Windows-1252, avisado no stderr]

## crm deal update
help-crm-deal-update = Altera campos de um negócio, ou o move para uma etapa (crm.deal.update)  [CRM]
    .long =
    Altera campos de um negócio, ou o move para uma etapa (crm.deal.update)  [CRM]

    `--stage NOME` grava o nome da etapa no campo de nome da etapa — o campo do apelido `stage_name`, quando configurado, senão UF_CRM_1669405845 — o que move o negócio (o STAGE_ID acompanha).
    .after =
    Exemplos:
      clinic crm deal update 42 --stage "Tentativa de contato"
      clinic crm deal update 42 --stage agendado --set campaign=12 --set UTM_TERM=teste

    Etapas do funil Unidade: Nova oportunidade, Repique, Tentativa de contato, Em contato, Buscar /
    cadastrar no ERP, Agendado, Confirmado, Em negociação, Perdas, Venda Cancelada, Venda realizada
help-crm-deal-update--id = ID do registro
help-crm-deal-update--set = CAMPO=VALOR a gravar (pode repetir); CAMPO pode ser um apelido ou o rótulo de um campo personalizado. Campos de vários valores aceitam CAMPO:TIPO=VALOR
help-crm-deal-update--stage = Move para esta etapa do funil Unidade (o nome, com ou sem maiúsculas e acentos, ou o STAGE_ID)

## crm lead
help-crm-lead = Leads do CRM: lista, consulta, atualiza

## crm lead list
help-crm-lead-list = Lista leads (crm.lead.list)  [CRM]
    .after =
    Exemplos:
      clinic crm lead list --field STATUS_ID=NEW --select TITLE --select PHONE --order DATE_CREATE:desc
      clinic crm lead list --field '>DATE_CREATE=2024-01-01' --all --format csv
      clinic crm lead list --all --keyset --format ndjson

    Uma página tem 50 registros (`--page N` lê a N-ésima). Com --all, listas de mais de 1000 registros
    (ou qualquer lista com --keyset) são percorridas por ID, uma página após a outra, como o Bitrix
    recomenda para listas grandes. Os nomes de campo podem ser apelidos do perfil (clinic crm aliases
    install; clinic config set aliases.NOME ID).
help-crm-lead-list--field = Filtro CAMPO=VALOR (pode repetir); CAMPO pode começar com um operador do Bitrix: >ID=100, %TITLE=ana, =%TITLE=Ana% (com seus próprios curingas), !STATUS_ID=JUNK, @ID=13,21 (qualquer um deles), !@ID=13,21
help-crm-lead-list--select = Campo a devolver (pode repetir); * para todos os campos padrão, UF_* para todos os personalizados
help-crm-lead-list--order = Ordena por CAMPO:asc ou CAMPO:desc (pode repetir)
help-crm-lead-list--keyset = Com --all, percorre por faixas de ID qualquer que seja o tamanho da lista
help-crm-lead-list--fields-form = Envia os filtros como FIELDS[CAMPO]=VALOR (a forma que algumas instalações leem) em vez de filter[CAMPO]=VALOR

## crm lead get
help-crm-lead-get = Todos os campos de um lead, ou de muitos, 50 por requisição (crm.lead.get, batch)  [CRM]
    .after =
    Exemplo:
      clinic crm lead get 42 --columns ID,TITLE,STATUS_ID
help-crm-lead-get--ids = ID do registro (vários: lidos 50 por requisição batch, escritos como lista na ordem dada)
help-crm-lead-get--ids-from = Também os IDs de ARQUIVO (ou da entrada padrão, -): separados por quebras de linha, vírgulas ou espaços
help-crm-lead-get--encoding = A codificação do arquivo de --ids-from quando não é UTF-8: windows-1252 (o CSV comum do Excel), latin1 (ISO-8859-1) ou utf-8 [padrão: UTF-8, senão Windows-1252, avisado no stderr]

## crm lead update
help-crm-lead-update = Altera campos de um lead (crm.lead.update)  [CRM]
    .after =
    Exemplos:
      clinic crm lead update 42 --set STATUS_ID=IN_PROCESS
      clinic crm lead update 42 --set "Procedimento de interesse=Botox" --set PHONE:MOBILE=+5511988887777

    Num campo de vários valores (PHONE, EMAIL, WEB, IM) os valores dados substituem todos os outros.
help-crm-lead-update--id = ID do registro
help-crm-lead-update--set = CAMPO=VALOR a gravar (pode repetir); CAMPO pode ser um apelido ou o rótulo de um campo personalizado. Campos de vários valores aceitam CAMPO:TIPO=VALOR

## crm aliases
help-crm-aliases = Apelidos de campos (chave `aliases.<nome>` do perfil), aceitos onde se aceita um ID de campo

## crm aliases install
help-crm-aliases-install = Grava no perfil os apelidos dos principais campos da instalação (phone, email, stage_name, campaign, unit)
    .after =
    Exemplo:
      clinic --profile matriz crm aliases install --force
help-crm-aliases-install--force = Substitui apelidos de mesmo nome já configurados

## crm aliases list
help-crm-aliases-list = Mostra os apelidos do perfil
    .after =
    Exemplo:
      clinic crm aliases list --format csv

## crm item
help-crm-item = Itens dos processos inteligentes do portal

## crm item list
help-crm-item-list = Lista os itens de um processo inteligente (crm.item.list), o tipo pelo título ou pelo entityTypeId, a fase e o funil pelo nome  [CRM]
    .after =
    Exemplos:
      clinic crm item list --type Tratamentos --all
      clinic crm item list --type Tratamentos --stage "Concluído" --category Facial --format csv
      clinic crm item list --type 1036 --all --keyset --format ndjson
help-crm-item-list--type = O processo inteligente: seu título (sem contar maiúsculas e acentos) ou entityTypeId, como `clinic crm type list` os mostra
help-crm-item-list--stage = Só os itens nesta fase: seu nome (sem contar maiúsculas e acentos; em qualquer funil que a tenha, a menos que --category diga qual) ou STATUS_ID
help-crm-item-list--category = Só os itens deste funil: seu nome (sem contar maiúsculas e acentos) ou ID
help-crm-item-list--keyset = Com --all, percorre por faixas de ID qualquer que seja o tamanho da lista

## crm item get
help-crm-item-get = Mostra um item de um processo inteligente (crm.item.get), o tipo pelo título ou pelo entityTypeId  [CRM]
    .after =
    Exemplos:
      clinic crm item get --type Tratamentos 3
      clinic crm item get --type 1032 3 --format json
help-crm-item-get--type = O processo inteligente: seu título (sem contar maiúsculas e acentos) ou entityTypeId, como `clinic crm type list` os mostra
help-crm-item-get--id = ID do item

## crm item create
help-crm-item-create = Cria um item de um processo inteligente (crm.item.add), os campos pelo ID ou pelos rótulos, o pipeline e a fase pelo nome  [CRM]
    .after =
    Exemplos:
      clinic crm item create --type Tratamentos --field TITLE="Botox — Ana" --field Procedimento=Botox --stage Agendado
      clinic crm item create --type 1032 --field Valor=1500 --category Corporal --stage "Em andamento" --format json
help-crm-item-create--type = O processo inteligente: seu título (sem contar maiúsculas e acentos) ou entityTypeId, como `clinic crm type list` os mostra
help-crm-item-create--field = CAMPO=VALOR a escrever (repetível); CAMPO é um ID de campo (TITLE, UF_CRM_5_…), um apelido do perfil ou o rótulo de um campo personalizado (Procedimento); um rótulo que dois campos têm é recusado com os códigos deles
help-crm-item-create--category = O pipeline, pelo nome ou ID (crm.category.list); o pipeline padrão do tipo quando não dado
help-crm-item-create--stage = A fase, pelo nome ou STATUS_ID, no pipeline dado (senão no padrão)

## crm item update
help-crm-item-update = Altera campos de um item de um processo inteligente (crm.item.update), os campos pelo ID ou pelos rótulos, o pipeline e a fase pelo nome  [CRM]
    .after =
    Exemplos:
      clinic crm item update --type Tratamentos --field Procedimento=Peeling -- 3
      clinic crm item update --type Tratamentos --stage Concluído -- 3
help-crm-item-update--type = O processo inteligente: seu título (sem contar maiúsculas e acentos) ou entityTypeId, como `clinic crm type list` os mostra
help-crm-item-update--field = CAMPO=VALOR a escrever (repetível); CAMPO é um ID de campo (TITLE, UF_CRM_5_…), um apelido do perfil ou o rótulo de um campo personalizado (Procedimento); um rótulo que dois campos têm é recusado com os códigos deles
help-crm-item-update--category = Move o item para este pipeline, pelo nome ou ID (crm.category.list)
help-crm-item-update--stage = Move o item para esta fase, pelo nome ou STATUS_ID, do pipeline dado (senão do próprio item)
help-crm-item-update--id = ID do item

## crm type
help-crm-type = Os processos inteligentes do portal (tipos de CRM definidos pelo usuário no Bitrix24)

## crm type list
help-crm-type-list = Lista os processos inteligentes do portal: entityTypeId e título (crm.type.list, todas as páginas)  [CRM]
    .after =
    Exemplos:
      clinic crm type list
      clinic crm type list --format json

## crm units
help-crm-units = Os nomes de unidade que `crm contact create --unit` aceita (chave `units` do perfil)
    .after =
    Exemplos:
      clinic crm units
      clinic config set units "SP Campinas;DF Brasília;PR Curitiba"    # ou "SP Campinas,DF Brasília"

## io
help-io = Chama qualquer caminho da Integrações IO com a x-api-key guardada  [Integrações IO]
    .after =
    Exemplos:
      clinic io GET /status
      clinic io POST /leads --data '{"{"}"nome": "Ana"{"}"}'
      clinic io POST /leads --data @lead.json -Q origem=site

    A chave é CLINIC_IO_KEY, senão a guardada com `clinic auth set-io-key`.
help-io--method = Método HTTP
help-io--path = Caminho no host da Integrações IO, por exemplo /leads
help-io--query = Parâmetro de consulta (pode repetir)
help-io--data = Corpo JSON: no próprio comando, @ARQUIVO, ou - para a entrada padrão

## api
help-api = Chama qualquer caminho da API com a mesma autenticação, formatos e paginação
    .after =
    Exemplos:
      clinic api GET /listaCanal -Q nome=insta
      clinic api GET /listaCanal --page 2 --per-page 20
      clinic api GET /lista_venda_orcamento -Q status=2 --all --format ndjson
      clinic api POST /criaCampanha --data '{"{"}"nome": "Teste", "clinica": "1"{"}"}'

    Um GET de uma das listas paginadas do serviço sempre envia pagina_atual e por_pagina: --page (padrão
    1) e --per-page (padrão 50), ou os mesmos nomes dados com -q. Em qualquer outro caminho, são
    enviados quando --page ou --per-page é dado. Com --all (ou --limit) as páginas são percorridas por
    você.
help-api--method = Método HTTP
help-api--path = Caminho no host, por exemplo /listaCanal
help-api--query = Parâmetro de consulta (pode repetir)
help-api--data = Corpo JSON: no próprio comando, @ARQUIVO, ou - para a entrada padrão

## operations
help-operations = Lista todas as operações remotas: grupo, método, caminho, comando
    .after =
    Exemplo:
      clinic operations --format csv

## completions
help-completions = Mostra um script de autocompletar para o shell
    .after =
    Exemplos:
      clinic completions bash > ~/.local/share/bash-completion/completions/clinic
      clinic completions zsh > ~/.zfunc/_clinic
      clinic completions fish > ~/.config/fish/completions/clinic.fish
      clinic completions powershell | Out-String | Invoke-Expression   (no $PROFILE)
    Os nomes oferecidos para --channel, --campaign, --clinic, --status… vêm do cache: `clinic cache refresh`.
help-completions--shell = bash, zsh, fish, powershell ou elvish

## man
# mcp: o servidor Model Context Protocol
help-mcp = Oferece os comandos de leitura como ferramentas a um assistente (Model Context Protocol, por stdin/stdout)
    .after =
    Exemplos:
      clinic mcp
      clinic --profile matriz mcp --share-personal
      clinic mcp --allow-writes
      clinic mcp --allow-writes --writes host-approval
    Quem o inicia é o assistente: informe `clinic` com o argumento `mcp` nas configurações de servidor dele. Só leituras são oferecidas, a menos que se use --allow-writes. Cada gravação então só roda depois que a pessoa disser sim, consultada pelo cliente do assistente (elicitation do MCP); um cliente que não pode perguntar tem todas as gravações recusadas, sem nada enviado. Com --writes host-approval a gravação roda assim que o assistente a chama: a aprovação de cada chamada de ferramenta pelo próprio aplicativo anfitrião passa a ser a única barreira. Telefones, e-mails, datas de nascimento e CPFs vão mascarados, a menos que se use --share-personal.
help-mcp--share-personal = Envia telefones, e-mails, datas de nascimento e CPFs sem máscara ao assistente (e, portanto, a quem o opera)
help-mcp--allow-writes = Oferece também as ferramentas que gravam (criar e atualizar contato, criar campanha, mudar status de agendamento, criar e atualizar no CRM); cada chamada só roda depois que a pessoa disser sim (veja --writes)
help-mcp--writes = Quem aprova cada gravação: ask (padrão) pergunta à pessoa pela elicitation do MCP do cliente e recusa toda gravação quando o cliente não pode perguntar; host-approval roda a gravação assim que a ferramenta é chamada, então a aprovação de cada chamada pelo próprio aplicativo anfitrião é a única barreira (chave de perfil mcp.writes)
help-mcp--tools = Oferece só estas ferramentas e conjuntos, separados por vírgulas: o nome de uma ferramenta, ou reports, refs, crm, writes, sql (writes também precisa de --allow-writes) [padrão: todas as ferramentas de leitura]
help-mcp--exclude-tools = Deixa de fora estas ferramentas e conjuntos, separados por vírgulas (nomes como em --tools)

help-man = Páginas de manual geradas a partir destas definições
    .after =
    Exemplos:
      clinic man | man -l -
      clinic man --dir ~/.local/share/man/man1 && man clinic-report-ficha-financeira
help-man--dir = Escreve uma página por comando (clinic.1, clinic-report.1, …) em PASTA em vez de mostrar clinic.1

## cache
help-cache = A cópia local das listas de referência usada para nomes e para o autocompletar com Tab

## cache refresh
help-cache-refresh = Busca agora todas as listas de referência (nomes para --channel, --campaign, --status… e para o Tab)
    .long =
    Busca agora todas as listas de referência (nomes para --channel, --campaign, --status… e para o Tab)

    As listas de cada clínica (campanhas, serviços, vendedores, criadores, planos de conta, tipos de operação) são lidas para --clinic, ou então para todas as clínicas que você pode ver: todas para um admin_master, a sua para um usuário de clínica.
    .after =
    Exemplos:
      clinic cache refresh
      clinic cache refresh --clinic 1
help-cache-refresh--clinic = ID ou nome da clínica [padrão: a `clinica` do perfil]

## cache clear
help-cache-clear = Remove as listas guardadas em cache deste perfil
    .after =
    Exemplo:
      clinic cache clear

## cache path
help-cache-path = Mostra a pasta de cache deste perfil
    .after =
    Exemplo:
      ls "$(clinic cache path)"

## sync
help-sync = Espelha a implantação num banco de dados por ID (SQLite, ou PostgreSQL; `clinic sql` o consulta), atualizado por execuções incrementais
    .after =
    Exemplos:
      clinic sync                                  # todos os fluxos de todas as clínicas, no espelho do perfil
      clinic sync --streams quotes --clinic "SP Campinas"
      clinic sync --full                           # percorre tudo; o que sumiu recebe _deleted_at
      clinic sync changes                          # o que a última execução mudou
      clinic sql "SELECT clinica, SUM(valor_centavos)/100.0 FROM quotes GROUP BY clinica"
help-sync--to = O arquivo do banco, ou postgres://usuario@servidor/banco (a senha em PGPASSWORD ou guardada com clinic auth set-db-password) [padrão: o sync.target do perfil, senão sync/<perfil>.sqlite na pasta de dados]
help-sync--streams = Fluxos a espelhar, separados por vírgula: quotes, appointments, contacts, references, crm [padrão: todos menos crm]
help-sync--clinic = Clínicas a espelhar: IDs ou nomes separados por vírgula, ou all [padrão: todas as que o login vê]
help-sync--crm = Espelha também os contatos e negócios do CRM (crm_contacts, crm_deals; o crm_url do perfil)
help-sync--full = Percorre todas as listas inteiras e marca (_deleted_at) toda linha que não vem mais
help-sync--allow-empty = Aceita uma lista que volta vazia onde o espelho tem linhas, e marca todas como apagadas (sem isso, essa resposta não marca nada como apagado e gera um aviso)
help-sync--no-wait = Quando outro sync está usando o banco, sai com 1 na hora em vez de esperar

## sync changes
help-sync-changes = O que mudou entre execuções: linhas novas, alteradas (campo, valor antigo e novo), sumidas e reaparecidas
    .after =
    Exemplos:
      clinic sync changes                  # as mudanças da última execução completa
      clinic sync changes --since 12       # toda mudança depois da execução 12
      clinic sync changes --since 2026-11-01 --format csv -o mudancas.csv
help-sync-changes--to = O arquivo do banco, ou postgres://usuario@servidor/banco (lê-se a cópia de trabalho dele) [padrão: o espelho do perfil]
help-sync-changes--changes-by = Conta os orçamentos alterados e soma seu valor por uma de suas colunas, por tipo de mudança
help-sync-changes--changes-by--status = O status do orçamento (Aprovado, Cancelado…)
help-sync-changes--changes-by--clinic = A clínica do orçamento (unidade)
help-sync-changes--changes-by--seller = O vendedor do orçamento

## sql
help-sql = Consulta o espelho que `clinic sync` mantém (somente leitura), em tabela, CSV, JSON, xlsx ou Parquet
    .after =
    Exemplos:
      clinic sql --schema
      clinic sql "SELECT status, COUNT(*), SUM(valor_centavos) / 100.0 AS total FROM quotes WHERE _deleted_at IS NULL GROUP BY status"
      clinic sql "SELECT field, col FROM _fields WHERE tbl = 'quotes'"   # a coluna que guarda cada campo
help-sql--mask-personal = Recusa uma consulta que lê uma coluna de dados pessoais (telefones, e-mails, datas de nascimento, CPFs): o que `clinic mcp` roda enquanto os mascara
help-sql--query = Uma consulta SQL (SQLite); ela roda só se o SQLite disser que só lê, por no máximo --timeout (60s se não indicado)
help-sql--to = O arquivo do banco, ou postgres://usuario@servidor/banco (a senha em PGPASSWORD ou guardada com clinic auth set-db-password) [padrão: o espelho do perfil]

## state
help-state = Os pontos salvos das exportações incrementais (--since last)

## state list
help-state-list = Lista os pontos salvos: a exportação de cada um e de onde parte a próxima execução
    .after =
    Exemplo:
      clinic state list

## state show
help-state-show = Mostra um ponto salvo
    .after =
    Exemplo:
      clinic state show 3f2a9c0d81b4e6a7
help-state-show--id = O ID do ponto (veja `clinic state list`)

## state reset
help-state-reset = Esquece um ponto salvo: o próximo --since last dessa exportação exporta tudo
    .after =
    Exemplos:
      clinic state reset 3f2a9c0d81b4e6a7
      clinic state reset --every
help-state-reset--id = O ID do ponto (veja `clinic state list`)
help-state-reset--every = Esquece todos os pontos salvos

## sandbox
help-sandbox = A imitação local da API inteira

## sandbox serve
help-sandbox-serve = Serve o sandbox até ser interrompido (mostra antes base_url=…, io_url=…, automation_url=…, crm_url=…)
    .after =
    Exemplos:
      clinic sandbox serve
      clinic sandbox serve --addr 127.0.0.1:0 --scale 1000000 --page-cap 30 --envelope bare
    Logins: admin/admin (admin_master), unidade1/unidade1 (clínica 1). Chave IO: sandbox-io-key.
help-sandbox-serve--addr = Endereço onde escutar; a porta 0 escolhe uma porta livre. Só loopback, a menos que use --public
help-sandbox-serve--seed = Semente dos dados gerados: sementes iguais dão dados iguais
help-sandbox-serve--scale = Quantidade de orçamentos e de agendamentos (contatos: max(200, N/2))
help-sandbox-serve--latency-ms = Atraso fixo somado a cada resposta, em milissegundos
help-sandbox-serve--jitter-ms = Atraso extra aleatório de 0..=J milissegundos somado a cada resposta
help-sandbox-serve--error-rate = Fração das requisições (0.0-1.0) respondidas com 500 ou 503
help-sandbox-serve--drop-rate = Fração das requisições (0.0-1.0) cuja conexão é fechada depois de parte do corpo
help-sandbox-serve--drop-every-write = Corta a resposta de cada N-ésima escrita (POST, PUT, PATCH, DELETE) depois de a escrita ser feita, como --drop-rate faz ao acaso (0 = desligado)
help-sandbox-serve--paging = Como as listas paginadas dizem onde fica a próxima página: numbers (pagina_atual, nada dito), laravel (page, next_page_url), drf (page, next), proximo (o endereço da próxima página), link-header (um cabeçalho Link com rel="next", e X-Total-Count) ou cursor (next_cursor, devolvido como cursor); todo estilo menos numbers ignora pagina_atual
help-sandbox-serve--lagging-records = Uma réplica atrasada em relação às outras, como atrás de um balanceador de carga: as páginas que --lagging-pages nomeia (contadas a partir de 1) são respondidas de uma cópia de cada lista por clínica sem os seus N primeiros registros, com os contadores dessa cópia. 0: nenhuma réplica atrasa
help-sandbox-serve--lagging-pages = As páginas que a réplica atrasada responde (1,3)
help-sandbox-serve--lagging-answers = A réplica atrasada responde tantas dessas páginas e depois fica em dia; 0: ela sempre atrasa
help-sandbox-serve--deleting-records = Orçamentos excluídos do início de uma lista enquanto ela é percorrida: depois que a página --deleting-after-page de uma lista de orçamentos é respondida, os N primeiros orçamentos dessa lista (da sua clínica e do seu filtro) são excluídos, de modo que cada página seguinte recua N registros e os seus contadores caem N. 0: nada é excluído
help-sandbox-serve--deleting-after-page = A página (contada a partir de 1) cuja resposta é seguida das exclusões
help-sandbox-serve--deleting-answers = Quantas respostas dessa página são seguidas de exclusões; 0: todas são
help-sandbox-serve--link-header-only-when-paged = Com --paging link-header: nenhum cabeçalho Link numa lista de uma página só, como algumas APIs (a do GitHub) o escrevem só quando há mais de uma página
help-sandbox-serve--record-id-key = A chave em que os registros das listas trazem o ID, em vez de id (id_orcamento, cod…)
help-sandbox-serve--record-id-key-from = A partir do N-ésimo registro de uma lista (contando de 0), os registros trazem o ID em outra chave: N=NOME, uma implantação que renomeia a chave no meio da lista
help-sandbox-serve--foreign-key-first = Os registros das listas começam por esta chave, com o valor 2, antes do próprio ID: uma chave estrangeira primeiro (id_empresa numa clínica)
help-sandbox-serve--volatile-field = Todo registro de lista traz um campo que muda a cada requisição (gerado_em), como um link assinado ou um carimbo de geração
help-sandbox-serve--create-echoes-foreign-keys = Um contato criado é respondido com os IDs do canal e da campanha (id_canal, id_campanha) ao lado do seu (id_cliente), em dados
help-sandbox-serve--rate-limit = Requisições por segundo permitidas antes de responder 429 com Retry-After (0 = desligado)
help-sandbox-serve--failing-clinic = Chamadas em `/rest/v1` para esta clínica (`clinica=N`) sempre respondem 500: uma unidade de uma rede cujo servidor caiu (0 = desligado)
help-sandbox-serve--crm-rate-limit = Requisições ao CRM por segundo permitidas antes de QUERY_LIMIT_EXCEEDED (0 = desligado)
help-sandbox-serve--crm-contacts = Contatos com que o CRM é semeado, cada um com um negócio
help-sandbox-serve--crm-operating-budget = Segundos de execução que cada método do CRM pode gastar por janela antes do 429 OPERATION_TIME_LIMIT (0 = desligado)
help-sandbox-serve--crm-operating-window = Duração da janela de tempo de execução do CRM, em segundos
help-sandbox-serve--crm-call-cost-ms = O mínimo de tempo de execução cobrado por chamada ao CRM, em milissegundos (para atingir um limite pequeno depressa)
help-sandbox-serve--crm-no-batch = O CRM não tem o método batch (ERROR_METHOD_NOT_FOUND), como atrás de um gateway que só repassa métodos avulsos
help-sandbox-serve--crm-methods = Quais famílias de métodos do CRM o portal atende: a clássica (crm.contact.*, crm.deal.*, crm.lead.*), a universal (crm.item.*, crm.type.list, crm.category.list) ou as duas; a família deixada de fora responde ERROR_METHOD_NOT_FOUND, como o Bitrix24 faz com um método que não tem
help-sandbox-serve--crm-methods--both = As duas famílias
help-sandbox-serve--crm-methods--item = Só os métodos universais: os clássicos respondem ERROR_METHOD_NOT_FOUND
help-sandbox-serve--crm-methods--classic = Só os métodos clássicos: os universais respondem ERROR_METHOD_NOT_FOUND
help-sandbox-serve--dialect = Dialeto das respostas de `/rest/v1`, como as diferentes instalações da API o falam
help-sandbox-serve--dialect--standard = JSON com status honestos: falhas `{"{"}"erro": …{"}"}` com 4xx, listas no formato de `--envelope`, todo sucesso 200
help-sandbox-serve--dialect--legacy-php = Uma instalação PHP antiga: falhas são HTTP 200 `{"{"}"status": false, "mensagem": …{"}"}`, listas `{"{"}"status": true, "dados": {"{"}"0": …{"}"}, "total": "…", …{"}"}` com números como texto, o token em `resposta.sessao.auth_token`, uma página HTML 500 a cada 7º GET
help-sandbox-serve--envelope = Formato das respostas de listas (só no dialeto standard)
help-sandbox-serve--envelope--dados = `{"{"}"dados": [...], "pagina_atual": P, "por_pagina": M, "total": T{"}"}`
help-sandbox-serve--envelope--data = `{"{"}"data": [...]{"}"}`
help-sandbox-serve--envelope--bare = `[...]`
help-sandbox-serve--token-field = Onde a resposta do login põe o token: um nome ou um caminho com pontos (`a.b.token`); `tipo` fica ao lado. Padrão: `token` (standard), `resposta.sessao.auth_token` (legacy-php)
help-sandbox-serve--html-error-every = Responde a cada N-ésimo GET em /rest/v1 com uma página HTML 500 (0 = desligado). Padrão: desligado para standard, 7 para legacy-php
help-sandbox-serve--compression = Comprime as respostas como pede o Accept-Encoding da requisição (gzip, br, zstd, deflate)
help-sandbox-serve--bandwidth = Limita o que cada conexão envia a esta quantidade de kilobits por segundo, após a compressão (0 = desligado); por exemplo 20000 para um link de 20 Mbit/s
help-sandbox-serve--redirect-to = Responde a toda requisição aos quatro hosts com um redirecionamento para esta origem (`http://host:porta`, opcionalmente com um prefixo de caminho), mantendo o caminho e a consulta originais
help-sandbox-serve--redirect-status = Status dos redirecionamentos: 301, 302, 303, 307 ou 308
help-sandbox-serve--redirect-same-origin = Redireciona toda requisição aos quatro hosts para o mesmo servidor sob `/moved`, que serve as mesmas rotas
help-sandbox-serve--hang = Aceita e registra as requisições aos quatro hosts, mas nunca responde
help-sandbox-serve--endless-body = Responde aos GET nos quatro hosts com uma lista JSON que nunca termina
help-sandbox-serve--churn = Altera esta quantidade de orçamentos aleatórios a cada segundo (novo valor, modificado_em agora), para exportações incrementais (0 = desligado; POST /__sandbox/churn?per_second=N muda durante a execução)
help-sandbox-serve--late-field-from = Os registros da Ficha Financeira a partir deste ID trazem um campo a mais, `desconto_fidelidade`, que os anteriores não têm: uma coluna que só aparece numa página posterior
help-sandbox-serve--token-ttl = Validade de um token de login, em segundos
help-sandbox-serve--token-bytes = Tamanho dos tokens de login emitidos, em bytes, com forma de JWT (0: 48 caracteres)
help-sandbox-serve--auth-scheme = Quais formas de `Authorization` são aceitas
help-sandbox-serve--auth-scheme--both = `Bearer <token>` e o `<token>` sozinho
help-sandbox-serve--auth-scheme--bearer = Só `Bearer <token>`
help-sandbox-serve--auth-scheme--raw = Só o `<token>` sozinho
help-sandbox-serve--page-cap = Nunca devolve mais de N registros por página, seja qual for o pedido (0 = desligado)
help-sandbox-serve--ignore-page = Sempre devolve a página 1, diga o que disser `pagina_atual`
help-sandbox-serve--ignore-modified-filter = Ignora o filtro de modificação da Ficha Financeira (`modificado_em_de`/`_ate`), como algumas implantações fazem
help-sandbox-serve--page-base = O número da primeira página, 0 ou 1. Padrão 1 (0 no dialeto quirks)
help-sandbox-serve--max-per-page = Recusa páginas de mais de N registros com uma mensagem que diz N (0 = desligado). Padrão desligado (25 no dialeto quirks)
help-sandbox-serve--charset = O charset das respostas de `/rest/v1`: utf8, ou latin1 (`application/json; charset=ISO-8859-1`). Padrão utf8 (latin1 no dialeto quirks)
help-sandbox-serve--token-prefix = Uma palavra que a resposta do login põe antes do token (`Bearer`). Padrão nenhuma (`Bearer` no dialeto quirks)
help-sandbox-serve--empty-list = Como é respondida uma página de lista sem registros: empty (uma lista vazia), 404 (`{"{"}"erro": "Nenhum registro encontrado"{"}"}`) ou 200-false (`{"{"}"status": false, "mensagem": "Nenhum registro encontrado"{"}"}`). Padrão empty (404 no dialeto quirks)
help-sandbox-serve--id-field = A chave em que os cadastros devolvem o novo ID, ou own: a chave própria do tipo criado (id_cliente, id_campanha). Padrão `id` (`id_registro` no dialeto quirks)
help-sandbox-serve--unconfirmed-write-rate = Fração das escritas (0.0-1.0) respondidas com 200, uma mensagem e nenhum ID, sem fazer nada. Padrão 0 (0.25 no dialeto quirks)
help-sandbox-serve--dialect--quirks = O dialeto padrão com cada convenção que a especificação deixa em aberto tomada ao contrário de uma vez: páginas a partir de 0, no máximo 25 por página, respostas em Latin-1, token com prefixo `Bearer`, 404 "nenhum registro" para listas vazias, IDs em `id_registro`, uma escrita em quatro respondida sem confirmação
help-sandbox-serve--unknown-route = Uma rota de `/rest/v1` que este ambiente não tem (`/listaClinicas`): respondida com 404 "rota não encontrada". Pode repetir
help-sandbox-serve--crm-burst = Requisições ao CRM que podem passar de uma vez antes que --crm-rate-limit as espace (no mínimo 1); o Bitrix24 deixa passar rajadas de 50
help-sandbox-serve--token-expire-every = Um token de login deixa de valer depois de tantas chamadas autenticadas a `/rest/v1`: toda chamada seguinte com ele responde 401 "Token expirado" (0 = desligado; --token-ttl continua valendo)
help-sandbox-serve--records-as = Como os registros de uma página são escritos: array, ou positional (um objeto com a posição como chave, `{"{"}"0": {"{"}…{"}"}, "1": {"{"}…{"}"}{"}"}`, como o PHP escreve um array renumerado). Padrão array (positional no legacy-php)
help-sandbox-serve--empty-records = Como uma página sem registros escreve seus registros quando respondida como lista comum: array (`[]`), object (`{"{"}{"}"}`), null, ou missing (sem a chave dos registros; `{"{"}{"}"}` no envelope bare). Padrão array (object no legacy-php)
help-sandbox-serve--records-key = A chave do envelope que guarda os registros: dados, data, registros, items, result, lista, records ou results. Padrão `dados` (`data` com --envelope data)
help-sandbox-serve--page-zero = Como `pagina_atual=0` é respondida quando as páginas começam em 1: refused (400), empty (200 sem registros, contadores verdadeiros), 404, 500, ou first (a página 1). Padrão refused (empty no legacy-php)
help-sandbox-serve--counters = Os contadores que uma resposta de lista traz ao lado dos registros, separados por vírgula: total, total_registros, total_paginas, pages-as-total (o número de páginas em `total`), count (o do Django REST framework), ou none. Padrão total (none com --envelope data ou bare)
help-sandbox-serve--counter-strings = Contadores escritos como strings JSON (`"3000"`); --counter-strings=false desliga. Padrão desligado (ligado no legacy-php)
help-sandbox-serve--counter-skew = Os contadores de registros informam a contagem verdadeira mais N (nunca abaixo de 0), e os de páginas são calculados a partir dela; N pode ser negativo
help-sandbox-serve--max-per-page-unstated = Com --max-per-page, a recusa não diz o limite
help-sandbox-serve--past-end = Como é respondida uma página depois da última: empty (como diz --empty-list), repeat (os registros da última página de novo; uma lista sem registros continua vazia) ou window (os últimos registros, quantos cabem numa página cheia, alcançando antes da última página)
help-sandbox-serve--bom = Toda resposta JSON de `/rest/v1` começa com uma marca de ordem de bytes UTF-8 (não com --charset latin1: a marca é do UTF-8)
help-sandbox-serve--content-type = O Content-Type das respostas JSON de `/rest/v1`: json (`application/json`), html (`text/html` com o charset), ou none (nenhum cabeçalho)
help-sandbox-serve--public = Permite escutar num endereço que não é loopback (as senhas são conhecidas)
help-sandbox-serve--time-stamps = Como a Ficha Financeira escreve modificado_em: local (hora de Brasília sem fuso, como o serviço faz), z (UTC, 2026-11-22T23:10:00Z) ou offset (UTC, …+00:00). O filtro de modificação lê os dias como --filter-zone diz
help-sandbox-serve--filter-zone = Qual dia o filtro de modificação da Ficha Financeira (modificado_em_de/_ate) lê: local (um dia de Brasília, como o serviço faz) ou utc (um dia em UTC: um orçamento alterado às 22:30 em Brasília vem para um filtro a partir do dia seguinte)
help-sandbox-serve--date-skew = O cabeçalho Date de toda resposta fica esses segundos à frente do relógio (atrás, se negativo), como atrás de um proxy com o relógio acertado à mão

## help
help-help = Ajuda sobre um comando, ou sobre um tópico: environment, exit-codes, network
    .after =
    Exemplos:
      clinic help report ficha-financeira
      clinic help environment
      clinic help exit-codes
help-help--topic = Um comando (`report ficha-financeira`) ou um tópico: environment, exit-codes, network

## Anotações do clap na ajuda

help-annotation-default = [padrão:
help-annotation-env = [variável:
help-annotation-alias = [apelido:
help-annotation-aliases = [apelidos:
help-annotation-possible-values = [valores possíveis:
help-annotation-possible-values-heading = Valores possíveis:
help-annotation-options = [OPÇÕES]

## Tópicos de ajuda: clinic help environment, clinic help exit-codes, clinic help network

help-topic-environment-about = Variáveis de ambiente que o clinic lê
help-topic-exit-codes-about = O que significa cada código de saída
help-topic-network-about = Opções de conexão, novas tentativas e leitura de páginas: --timeout, --max-wait, --cacert…
help-network-pointer = Mais opções: clinic help network (conexão, novas tentativas) · todas: --help
help-topic-environment =
    Variáveis de ambiente

    CLINIC_PROFILE            o perfil a usar, como --profile (padrão: default)
    CLINIC_CONFIG_DIR         a pasta do config.toml (padrão: ~/.config/clinic no Linux,
                              %APPDATA%\clinic\config no Windows)
    CLINIC_CACHE_DIR          a pasta do cache das listas de referência (padrão: ~/.cache/clinic no
                              Linux, %LOCALAPPDATA%\clinic\cache no Windows)
    CLINIC_CACHE_TTL          por quantos segundos uma lista em cache vale (padrão: 86400, um dia)
    CLINIC_LANG               o idioma da interface, en ou pt-BR, como --lang; vale mais que o
                              `language` do perfil e que o locale

    CLINIC_BASE_URL           substitui o base_url do perfil
    CLINIC_IO_URL             substitui o io_url do perfil
    CLINIC_AUTOMATION_URL     substitui o automation_url do perfil
    CLINIC_CRM_URL            substitui o crm_url do perfil (uma credencial: nunca mostrada inteira)
    CLINIC_WEBHOOK_ID         substitui o webhook_id do perfil
    CLINIC_CLINICA            substitui a clínica padrão do perfil

    CLINIC_TOKEN              o token de login a usar no lugar do guardado (scripts)
    CLINIC_IO_KEY             a chave da Integrações IO a usar no lugar da guardada
    CLINIC_LOGIN              o login para `clinic login` e para renovar um token vencido
    CLINIC_PASSWORD           a senha que acompanha CLINIC_LOGIN
    CLINIC_PASSWORD_FILE      um arquivo com essa senha na primeira linha, que só o dono pode ler; com
                              CLINIC_LOGIN, uma execução sem token à mão (nenhum guardado, ou um
                              armazenamento que não responde) entra com eles
    CLINIC_CREDENTIAL_STORE   força um cofre de segredos: secret-service, keyutils, credential-manager,
                              keychain ou file

    CLINIC_TIMEOUT            quanto tempo um servidor pode ficar calado, como --timeout (padrão: 60s)
    CLINIC_MAX_WAIT           por quanto tempo repetir requisições que falham, como --max-wait (padrão: 5m)
    CLINIC_MAX_OPERATING_WAIT quanto esperar, no total, pelas janelas de tempo de execução do CRM (padrão: 15m)
    CLINIC_MAX_ANSWER_SIZE    o maior tamanho de resposta lido, como --max-answer-size (padrão: 256MiB)
    CLINIC_CA_BUNDLE          um arquivo PEM de certificados de CA extras a confiar, como --cacert

    HTTPS_PROXY, HTTP_PROXY,  o proxy para endereços https:// e http://, ou para os dois
    ALL_PROXY                 (http://usuario:senha@host:3128); as configurações do sistema (Opções
                              da Internet do Windows, rede do macOS) também valem, e a chave `proxy`
                              do perfil vence todas elas (`none`: sem proxy)
    NO_PROXY                  hosts acessados sem o proxy (127.0.0.1,.clinica.local)

    LC_ALL, LC_MESSAGES, LANG o locale (o primeiro definido): qualquer locale português (pt_BR.UTF-8)
                              dá pt-BR, qualquer outro dá inglês, quando nem --lang, nem
                              CLINIC_LANG, nem o `language` do perfil escolhem
    NO_COLOR                  com qualquer valor: sem cores
    COLUMNS                   a largura das tabelas num terminal, quando o terminal não informa
    COMPLETE                  usada pelos scripts de autocompletar (COMPLETE=bash clinic -- PALAVRAS…)
                              para pedir sugestões em vez de executar um comando
help-topic-exit-codes =
    Códigos de saída

    0     ok
    1     outra falha (arquivo que não pode ser escrito, configuração quebrada, verificação do doctor)
    2     uso ou entrada inválida: uma opção, valor ou nome foi recusado e nada foi enviado
    3     sem login, ou o token (ou a chave IO, ou o endereço do CRM) foi recusado
    4     a API recusou o pedido (4xx, ou uma falha informada dentro de uma resposta)
    5     o servidor ou a rede falhou após novas tentativas, ou uma resposta não pôde ser entendida
    130   interrompido (Ctrl-C); 128+N: parado pelo sinal N: 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT
          (no Windows: 149 para Ctrl-Break)
help-topic-unknown = um comando (veja `clinic --help`) ou um destes: { $topics }

## Títulos das seções das páginas de manual

help-man-name = NOME
help-man-synopsis = SINOPSE
help-man-description = DESCRIÇÃO
help-man-options = OPÇÕES
help-man-subcommands = SUBCOMANDOS
help-man-extra = MAIS INFORMAÇÕES
help-man-version = VERSÃO
help-man-authors = AUTORES
