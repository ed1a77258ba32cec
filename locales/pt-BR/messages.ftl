# Mensagens que a CLI escreve para pessoas: erros, avisos, notas, perguntas, progresso.
# As chaves seguem o módulo que as usa. Argumentos têm nome: { $name }.

error-line = erro: { $message }

## Erros (src/error.rs): o que interrompe um comando. $message, $reason: o texto que veio com o erro.

err-given-length = ({ $count } caracteres)
err-invalid = valor inválido para { $field }: recebido { $given }, esperado { $expected }
err-missing = falta { $field }: esperado { $expected }
err-not-logged-in = sem login ou token expirado — execute `clinic login`
err-not-logged-in-because = sem login ou token expirado — execute `clinic login` ({ $reason })
err-rejected = a API recusou a requisição (HTTP { $status }): { $message }
err-server = o servidor falhou (HTTP { $status }): { $message }
err-network = falha de rede: { $message }
err-config = configuração: { $message }
err-interrupted = interrompido
err-in-clinic = clínica { $clinic }: { $message }
err-clinic-stops-run = clínica { $clinic }: { $message }. A execução parou aqui; com --keep-going as outras clínicas são escritas e esta fica de fora (a execução ainda termina com erro).
err-records-failed = { $failed } de { $total ->
    [one] { $total } registro
   *[other] { $total } registros
} não puderam ser lidos (veja acima); a saída traz os demais
err-partial = { $failed } de { $total ->
    [one] { $total } clínica
   *[other] { $total } clínicas
} { $failed ->
    [one] falhou e ficou de fora
   *[other] falharam e ficaram de fora
} (veja acima); a saída traz as demais

## O que o relator escreve no stderr (src/ui.rs, src/counts.rs)

ui-personal-shown = dados pessoais (nomes, telefones, e-mails, datas de nascimento) aparecem nos rastros e erros: mantenha esta saída fora de logs
warn-line = aviso: { $message }
# O fim da barra de progresso: o tempo que falta, p. ex. "9s", "3m".
progress-time-left = faltam { $time }
# $count escolhe a forma; $shown é o mesmo número com os dígitos agrupados.
count-records = { $count ->
    [0] { $shown } registros
    [one] { $shown } registro
   *[other] { $shown } registros
}
count-records-of = { $done } de { $count ->
    [0] { $shown } registros
    [one] { $shown } registro
   *[other] { $shown } registros
}
count-records-from-pages = { $records ->
    [0] { $records_shown } registros
    [one] { $records_shown } registro
   *[other] { $records_shown } registros
} em { $pages ->
    [0] { $pages_shown } páginas
    [one] { $pages_shown } página
   *[other] { $pages_shown } páginas
}

## O que as pessoas digitam (src/input.rs): a parte "esperado …" de um valor inválido.

input-phone = um telefone brasileiro com DDD, p. ex. 16992640197, (16) 99264-0197 ou +55 16 99264-0197
input-phone-brazil = um número brasileiro (+55)
input-mobile = um celular com 9 dígitos após o DDD, que o serviço grava como (DD) DDDDD-DDDD, p. ex. (16) 99264-0197
input-date = uma data real no formato AAAA-MM-DD ou DD/MM/AAAA, p. ex. 1990-04-23 ou 23/04/1990
# $today: a data de hoje como as pessoas a leem.
input-birth-date = uma data de nascimento que não esteja no futuro (hoje é { $today })
input-email = um endereço de e-mail, p. ex. maria@example.com
input-id = um número inteiro positivo (um ID)
input-text = um texto não vazio
input-no-controls = texto simples sem caracteres de controle (como ESC, BEL, CR, quebras de linha ou DEL)
input-no-controls-but-newline = texto simples sem caracteres de controle (como ESC, BEL, CR ou DEL; quebras de linha são permitidas)
input-no-bidi = texto sem marcas ou substituições de direção (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F)
input-visible = caracteres visíveis, não apenas espaços ou caracteres de largura zero
input-at-most = no máximo { $max } caracteres (este tem { $count })
input-key-value = CHAVE=VALOR

# Nomes de contato gravados e endereços de e-mail sozinhos (input::contact_name, input::email).
input-no-formula-start = um nome que não comece com =, +, - ou @ (as planilhas o leriam como fórmula)
input-email-bare = só o endereço, sem nome nem sinais de menor e maior (< >), p. ex. maria@example.com

## Configuração (src/config.rs)

store-kind-secret-service = serviço de segredos da área de trabalho
store-kind-keyutils = chaveiro do kernel Linux
store-kind-credential-manager = Gerenciador de Credenciais do Windows
store-kind-keychain = Keychain do macOS
store-kind-file = arquivo comum (0600)
config-no-home = sem diretório pessoal: defina CLINIC_CONFIG_DIR
config-expect-absolute-url = uma URL absoluta como https://host/rest/v1
config-expected-profile = um perfil do arquivo de configuração: { $known }
config-expect-https = uma URL https://: http simples só é permitido para o próprio computador (127.0.0.1, ::1, localhost), porque enviaria o token e os dados dos pacientes sem criptografia
config-expect-http-url = uma URL http(s)
config-expect-auth-scheme = bearer, raw, token ou jwt
config-expect-format = table, json, ndjson, csv ou tsv
config-expect-paging = numbers, links ou ignored
config-expect-filter-zone = local ou utc
config-expect-timezone = um fuso horário IANA como America/Sao_Paulo
config-expect-pem-file = um arquivo PEM legível
config-expect-duration-or-zero = uma duração como 30s, 2m ou 1h 30m (0 para nenhuma)
config-expect-duration = uma duração maior que zero como 30s, 2m ou 1h 30m
config-expect-size = um tamanho maior que zero como 256MiB, 10MB ou 1048576 (bytes)
config-expect-bounded = um número inteiro de { $low } a { $high }
# O campo de um valor inválido quando o nome da chave é desconhecido; $keys: as chaves conhecidas.
config-field-key = chave de configuração
config-expect-key = uma destas: { $keys }
# O que cada chave de `clinic config` aceita.
config-key-base-url = o endereço da API terminado em /rest/v1 (https, ou http no próprio computador)
config-key-io-url = o host da Integrações IO (https, ou http no próprio computador)
config-key-automation-url = o host de automação do CRM (https, ou http no próprio computador)
config-key-crm-url = a base do webhook de entrada do CRM, .../rest/<usuário>/<segredo>/ (uma credencial)
config-key-webhook-id = o ID do webhook de automação
config-key-clinica = ID da clínica padrão (um número inteiro positivo)
config-key-auth-scheme = bearer, raw, token ou jwt
config-key-format = table, json, ndjson, csv ou tsv
config-key-per-page = registros por página em listas e percursos (1-10000)
config-key-page-base = o número da primeira página do ambiente, 0 ou 1 (aprendido das respostas)
config-key-max-per-page = a maior página que o ambiente devolve, 1-10000 (aprendido das respostas)
config-key-paging = como o ambiente pagina as listas: numbers, links ou ignored (aprendido das respostas)
config-key-filter-zone = qual dia o filtro de modificação do ambiente lê: local (o fuso horário do perfil) ou utc (aprendido das respostas)
config-key-concurrency = páginas em andamento ao mesmo tempo nos percursos (1-32)
config-key-timezone = um fuso horário IANA para datas e horas do CRM, p. ex. America/Sao_Paulo
config-key-units = nomes das unidades do CRM para crm contact create --unit: "A;B;C", ou "A,B,C" se não houver ';'
config-key-money-fields = nomes de campos que guardam valores em reais além de valor, valor_original, valor_unitario e valor_total, separados por vírgulas (gravados como decimais exatos em Parquet)
config-key-sync-full-every = clinic sync percorre todas as listas inteiras (marcando o que sumiu) quando passar esse tempo desde a última execução completa (7d se não definido)
# clinic mcp: profile keys
config-key-mcp-share-personal = true: clinic mcp envia telefones, e-mails, datas de nascimento e CPFs sem máscara, como com --share-personal (padrão false)
config-key-mcp-allow-writes = true: clinic mcp oferece também as ferramentas que gravam, como com --allow-writes; cada chamada continua sendo confirmada pela pessoa (padrão false)
config-key-mcp-writes = quem aprova cada gravação de clinic mcp --allow-writes: ask (padrão: a pessoa é consultada pelo cliente do assistente, que precisa suportar elicitation do MCP; sem isso as gravações são recusadas) ou host-approval (a gravação roda assim que a ferramenta é chamada: a aprovação de cada chamada pelo próprio aplicativo anfitrião passa a ser a única barreira), como com --writes
config-key-mcp-max-records-file = o máximo que os registros guardados para as próximas páginas de uma ferramenta de leitura de clinic mcp podem ocupar em disco, p. ex. 512MiB ou 2GB (padrão 1GiB); uma leitura cujos registros passem disso é recusada
config-expect-mcp-writes = ask (a pessoa é consultada pelo cliente) ou host-approval (o anfitrião aprova cada chamada de ferramenta)
config-expect-boolean = true ou false
config-key-timeout = quanto tempo o servidor pode ficar em silêncio, p. ex. 30s ou 2m (padrão 60s)
config-key-max-wait = por quanto tempo uma requisição que falha é repetida, p. ex. 5m (padrão 5m; 0 = nunca)
config-key-max-answer-size = a maior resposta lida, p. ex. 256MiB ou 10MB (padrão 256MiB)
config-key-ca-bundle = um arquivo PEM com certificados de CA adicionais a confiar (uma autoridade certificadora privada)
config-key-proxy = o proxy por onde passam todas as requisições (http://host:3128), ou none; sem valor: o do sistema e HTTPS_PROXY/NO_PROXY
config-expected-proxy = none, ou um endereço de proxy http:// ou https:// com host (http://10.0.0.1:3128)
config-expected-password-file = um arquivo legível com a senha na primeira linha ({ $reason })
config-expected-private-password-file = um arquivo que só o dono possa ler (ele está { $mode }: use chmod 600)
config-expected-password-in-file = um arquivo com a senha na primeira linha (ele está vazio)

# Arquivos locais lidos sem bloquear: só arquivos comuns, dentro de um limite de tamanho (senha, estado).
file-not-regular = é { $kind }, não um arquivo comum
file-kind-fifo = um FIFO (pipe nomeado)
file-kind-device = um dispositivo
file-kind-socket = um socket
file-kind-directory = uma pasta
file-kind-other = algo que não é um arquivo comum
file-too-large = tem { $size }, mais que os { $limit } que um arquivo assim pode ter
config-expected-own-password-file = um arquivo que pertença a você (ele pertence ao usuário { $owner })
config-key-language = o idioma da interface: en ou pt-BR
config-key-aliases = um ID de campo do CRM para <name>, p. ex. aliases.email = UF_CRM_1676052930

## Cofres de credenciais (src/credentials.rs). $store: o nome de um cofre (store-kind-…); $reason: o motivo, como o cofre disse.

store-expect-kind = secret-service, keyutils, credential-manager, keychain ou file
store-file-needs-insecure = CLINIC_CREDENTIAL_STORE=file exige --insecure-storage: o token ficaria guardado em um arquivo comum
store-no-read-back = o valor guardado não pôde ser lido de volta
store-secret-too-long = um segredo de { $bytes } bytes é maior do que o armazenamento guarda (128.000 bytes no máximo)
store-not-text = o valor guardado não é texto
store-file-unreadable = arquivo de credenciais: { $reason }
store-unreadable = não foi possível ler { $store }: { $reason }
store-not-on-this-platform = { $store } não está disponível nesta plataforma
store-keyutils-linux-only = o chaveiro do kernel só existe no Linux

## O contexto da execução (src/context.rs). $profile: o nome de um perfil; $reason: o erro de origem.

context-sandbox-scale = --sandbox-scale: { $reason }
context-sandbox-failed = não foi possível iniciar o sandbox: { $reason }
context-sandbox-note = sandbox: { $url } (login feito como { $login })
context-no-base-url = sem base_url no perfil '{ $profile }': execute `clinic login --base-url https://…/rest/v1` ou `clinic config set base_url …`, defina CLINIC_BASE_URL, ou experimente `--sandbox`
# $key: uma chave de configuração (io_url…); $env: a variável que a define.
context-no-host = sem { $key } no perfil '{ $profile }': execute `clinic config set { $key } URL` ou defina { $env }
context-no-token = nenhum token guardado para o perfil '{ $profile }'
context-store-has-no-token = { $store } não tem token para '{ $login }'
context-store-silent = { $store } não respondeu em { $seconds } s (bloqueado, ou esperando que seja desbloqueado?): CLINIC_TOKEN, ou CLINIC_LOGIN e CLINIC_PASSWORD, deixam uma execução seguir sem ele
context-store-silent-logging-in = { $reason }; entrando como CLINIC_LOGIN com a senha de CLINIC_PASSWORD ou CLINIC_PASSWORD_FILE
context-admin-needs-clinic = o perfil '{ $profile }' faz login como admin_master, que precisa informar a clínica desta lista: passe --clinic ID|NOME (veja `clinic ref clinics`; `--clinic all` ou uma lista lê várias), ou defina uma clínica padrão com `clinic config set clinica ID`
context-ignoring-setting = ignorando { $key } do perfil: { $reason }
context-task-failed = uma tarefa em segundo plano falhou: { $reason }
context-renewed-token-not-stored = o token renovado não pôde ser guardado; ele vale só para esta execução
context-per-page-lowered = nota: --per-page { $asked } passa dos { $max } registros por página que este ambiente devolve: são pedidos { $max }
context-raw-scheme-saved = nota: este ambiente quer o token puro; auth_scheme = raw salvo

## Requisições (src/http/). Durações ($time, $total, $wait, $max_wait) vêm com unidades curtas: 30s, 1m 30s.

http-header-control-character = o cabeçalho { $name } teria um caractere de controle ou uma quebra de linha (confira o token ou a chave que você definiu)
http-header-unsendable = o cabeçalho { $name } tem caracteres que não podem ser enviados
# Uma linha de -v antes de uma nova tentativa; $why: o status ou a falha.
http-trace-retry = {"  "}nova tentativa { $attempt } em { $wait } ({ $why }); as tentativas param após { $max_wait }
http-trace-failed = < falhou após { $ms } ms: { $message }
http-trace-broke-off = < { $status } e depois { $message }
# Acrescentado à mensagem de uma falha ($gave_up) quando a requisição foi tentada mais de uma vez.
http-trace-not-utf8 = a resposta não é UTF-8 e não diz o charset: lida como Windows-1252 (Latin-1)
http-trace-decoded = resposta convertida de { $charset } para UTF-8
http-gave-up = {" "}(desistiu após { $tries } tentativas em { $time })
http-gave-up-max-wait = {" "}(desistiu após { $tries } tentativas em { $time }: veja --max-wait)
http-gave-up-clinic-budget = {" "}(desistiu após { $tries } tentativas em { $time }, a parte de --max-wait desta clínica)
# $caution: http-may-have-arrived ou nada.
http-may-have-arrived = {" "}— ela pode ter chegado ao servidor; confira antes de enviá-la de novo
# $message: as palavras do próprio servidor, como vieram.
http-server-message = { $message }{ $gave_up }
http-failure = { $message }{ $gave_up }{ $caution }
http-failure-at = { $url }: { $message }{ $gave_up }{ $caution }
http-answer-too-large = a resposta é maior que { $size } (--max-answer-size); não foi lida
http-answer-broke-off = a resposta foi interrompida: { $reason }
# A server that trickles an answer: the whole answer is bounded by --timeout.
http-answer-too-slow = a resposta levou mais de { $time } (--timeout) do primeiro ao último byte
http-connect-timeout = não foi possível conectar em { $time } (--timeout)
http-silent-timeout = o servidor não enviou nada por { $time } (--timeout), ou a resposta levou mais de { $total } no total
http-head-too-large = os cabeçalhos da resposta são maiores do que o cliente lê ({ $reason })
http-tls-failure = { $reason } (uma falha de TLS não é repetida; para um servidor cujo certificado vem de uma autoridade privada, passe a CA dele com --cacert ARQUIVO)
http-connection-refused = nada responde neste endereço: confira o endereço (base_url) e se o serviço está no ar
http-unknown-host = o nome do servidor não foi encontrado: confira o endereço (base_url) e a conexão de rede
http-through-proxy = pelo proxy { $proxy }: { $message }
http-proxy-refused = o proxy { $proxy } não responde: confira o proxy (o proxy do perfil, ou HTTPS_PROXY/HTTP_PROXY/ALL_PROXY) e se ele está no ar
http-proxy-unknown-host = o nome do proxy em { $proxy } não foi encontrado: confira o proxy (o proxy do perfil, ou HTTPS_PROXY/HTTP_PROXY/ALL_PROXY) e a conexão de rede
# Um proxy que pede senha (HTTP 407): chamado de proxy, com onde foi configurado e como lhe dar uma
http-proxy-credentials-refused = o proxy { $proxy } recusou as credenciais (HTTP 407){ $said }: { $hint }
http-proxy-credentials-wanted = o proxy { $proxy } pede usuário e senha (HTTP 407){ $said }: { $hint }
http-proxy-in-the-way = um proxy no caminho até { $host } pede usuário e senha (HTTP 407){ $said }: informe-o com usuário e senha, `clinic config set proxy http://USUARIO:SENHA@HOST:PORTA`
http-proxy-page-title = , com a página intitulada "{ $title }"
http-proxy-hint-profile = o proxy é o `proxy` do perfil; informe ali o usuário e a senha, `clinic config set proxy http://USUARIO:SENHA@{ $address }`
http-proxy-hint-variable = o proxy vem da variável de ambiente { $variable }; informe ali o usuário e a senha ({ $variable }=http://USUARIO:SENHA@{ $address }) ou no perfil, `clinic config set proxy http://USUARIO:SENHA@{ $address }`
http-proxy-hint-system = o proxy vem das configurações do sistema (Opções da Internet, no Windows), que não guardam senha para o clinic; informe o usuário e a senha no perfil, `clinic config set proxy http://USUARIO:SENHA@{ $address }`
http-expect-ca-accepted = certificados de CA que o TLS aceite ({ $reason })
http-expect-ca-readable = um arquivo PEM legível de certificados de CA ({ $reason })
http-expect-ca-pem = um arquivo PEM de certificados de CA ({ $reason })
http-expect-ca-certificate = um arquivo PEM com pelo menos um bloco BEGIN CERTIFICATE
# Redirecionamentos (src/http/redirect.rs). $from, $to: os endereços, com os segredos mascarados; $why: um dos redirect-why-….
redirect-unreadable = o servidor redirecionou { $from } (HTTP { $status }) para um endereço que não pode ser lido; não seguido
redirect-refused = redirecionamento (HTTP { $status }) de { $from } para { $to } não seguido: { $why }
redirect-why-not-read = só leituras são seguidas, e um { $method } não é reenviado a lugar nenhum
redirect-why-downgrade = rebaixaria https para http simples
redirect-why-other-origin = leva a outra origem, que não deve receber as credenciais desta requisição
redirect-why-loop = os redirecionamentos andam em círculo
redirect-why-too-many = mais de { $count } redirecionamentos seguidos

## A API e o seu login (src/api/). $message: as palavras do próprio servidor, como vieram.

auth-login-refused = login recusado (HTTP { $status }): { $message }
auth-trace-token-scheme = o token veio com o esquema ({ $scheme }): o esquema é separado e usado em Authorization
auth-no-token-in-answer = a resposta do login não traz token (procurado em um texto sob uma chave com nome como token, access_token, accessToken, jwt, auth_token ou api_token, em qualquer nível, e em um texto solto)
# $path: onde o token está na resposta, p. ex. data.token.
auth-token-unsendable = a resposta do login traz um token em { $path } ({ $length } caracteres) com caracteres que não podem ser enviados em um cabeçalho HTTP (espaços no meio, acentos ou caracteres de controle): a resposta de login deste ambiente não é compreendida
auth-trace-plain-token = {"  "}o token é a resposta inteira (texto puro)
auth-trace-token-found = {"  "}token encontrado em { $path }
auth-trace-token-refused = {"  "}o serviço recusou o token (HTTP { $status }): { $message }
auth-trace-trying-raw = {"  "}recusado com Bearer: tentando uma vez o token puro
auth-trace-logged-in-again = {"  "}token recusado: novo login feito com as credenciais salvas
api-trace-not-json-again = {"  "}a resposta não é JSON: pedindo de novo ({ $attempt }/{ $most })
# Como se descreve uma resposta sem mensagem própria.
api-empty-answer = (resposta vazia)
api-no-readable-text = (uma resposta sem texto legível)
api-html-page = uma página HTML: { $title }
api-failure-without-message = o serviço informou uma falha sem mensagem
api-learned-page-base = nota: este ambiente numera as páginas a partir de { $base }: guardado como page_base
api-unlearned-page-base = nota: as respostas deste ambiente contradizem page_base = { $before }: agora guardado como page_base = { $base }
api-learned-max-per-page = nota: este ambiente devolve no máximo { $max } registros por página: guardado como max_per_page
api-learned-paging = nota: este ambiente { $paging ->
        [links] pagina as listas por link ou cursor da próxima página
        [ignored] ignora o número da página e não dá link da próxima
       *[numbers] pagina as listas por número
    }: guardado como paging = { $paging }
api-learned-filter-zone = nota: este ambiente lê o dia do filtro de modificação { $zone ->
        [utc] em UTC
       *[local] no fuso horário do perfil
    } (um registro modificado em { $modified } veio para um filtro a partir de { $from }): guardado como filter_zone = { $zone }
api-unconfirmed = {$message} (o serviço não confirmou a alteração: sem indicação de sucesso, sem ID, e a mensagem não diz que deu certo)
# $excerpt: o início da resposta, ou uma das descrições acima.
api-not-json = o servidor enviou uma resposta que não é JSON (HTTP { $status }): { $excerpt }

## Percorrendo uma lista paginada (src/pages.rs). $page: um número de página; $count escolhe a forma de "registros".

pages-max-pages-reached = o percurso chegou a --max-pages ({ $max_pages }) antes do fim da lista: { $count ->
    [0] { $records } registros lidos
    [one] { $records } registro lido
   *[other] { $records } registros lidos
}; aumente --max-pages para continuar lendo
# $reported: o total que o servidor informou; $read: quantos foram lidos.
pages-empty-first-page = a primeira página veio vazia, mas o servidor informa { $count ->
    [one] { $total } registro
   *[other] { $total } registros
} ({ $counter }): isso não é tomado como "nenhum registro"{ $why }
pages-incomplete-because = lista incompleta: o servidor informou { $count ->
    [one] { $reported } registro
   *[other] { $reported } registros
} ({ $counter }), mas só { $read } puderam ser lidos{ $why }
pages-why-page-base = : este ambiente numera as páginas a partir de { $base } (guardado como page_base = { $base }); rode o comando de novo
pages-incomplete = lista incompleta: o servidor informou { $count ->
    [0] { $reported } registros
    [one] { $reported } registro
   *[other] { $reported } registros
} ({ $counter }), mas só { $read } puderam ser lidos
pages-incomplete-repeated = lista incompleta: o servidor informou { $count ->
    [0] { $reported } registros
    [one] { $reported } registro
   *[other] { $reported } registros
} ({ $counter }), mas só { $read } puderam ser lidos (ele repetiu uma página: veja o aviso acima)
pages-incomplete-overlapped = lista incompleta: o servidor informou { $count ->
    [0] { $reported } registros
    [one] { $reported } registro
   *[other] { $reported } registros
} ({ $counter }), mas só { $read } puderam ser lidos (as páginas dele se sobrepuseram: veja o aviso acima)
pages-incomplete-pages = lista incompleta: o servidor informou { $count ->
    [one] { $reported } página
   *[other] { $reported } páginas
} ({ $counter }), mas os registros acabaram depois de { $read }{ $why }
pages-counters-dropped = as contagens de registros ou de páginas do servidor não batem com os registros que ele enviou: elas são ignoradas neste percurso, que segue lendo até os registros acabarem (-v mostra quais)
pages-trace-counter-dropped = {"  "}contador { $counter } = { $value } descartado: { $why }
pages-why-more-records = { $count ->
    [one] chegou { $read } registro
   *[other] chegaram { $read } registros
}
pages-why-more-pages = a página { $page } tem registros
pages-why-counter-agrees = { $other } bate com { $count ->
    [one] o { $read } registro que chegou
   *[other] os { $read } registros que chegaram
}
pages-page-base-contradicted = as páginas 0 e 1 do ambiente são a mesma página, o que contradiz page_base = 0: agora guardado como page_base = 1; rode o comando de novo
pages-page-base-unsettled = as páginas 0 e 1 do ambiente nunca mostraram como ele numera as páginas ({ $tries ->
    [one] { $tries } tentativa
   *[other] { $tries } tentativas
}): a lista mudou enquanto eram comparadas, ou a página 0 trouxe parte dos registros da página 1 ao lado de outros, então nenhuma página pode ser dada como a primeira; nada foi aprendido: tente de novo quando o serviço estiver mais calmo, ou defina a numeração com `clinic config set page_base 0` (ou 1)
pages-fetch-cancelled = a leitura de uma página foi cancelada: { $reason }
pages-repeated = a página { $page } só traz registros já lidos (a lista acabou, ou o servidor ignora o número da página ou repete as páginas); ela foi descartada e o percurso parou
# $from é a chave em que um registro posterior trouxe o ID, $to a chave dos primeiros registros.
pages-id-key-renamed = o serviço passa a escrever o ID dos registros em { $from } no meio da lista, onde os anteriores tinham { $to }: gravado em { $to }, uma só coluna
# $keys lista as chaves que o registro tem e os primeiros não tinham (pode ser vazia).
pages-id-key-missing = um registro não tem ID em { $key }, a chave em que os registros anteriores o traziam (chaves que ele tem e eles não: { $keys }); foi gravado como veio, e uma chave renomeada pelo serviço pode deixar a coluna meio vazia
# $records é $count escrito para pessoas.
pages-page-ignored = o serviço ignora o número da página: a página 2 trouxe { $count ->
    [one] o mesmo registro
   *[other] os mesmos { $records } registros
} da página 1, e a página 2 com metade do tamanho trouxe de novo os primeiros deles; o resto da lista não pode ser alcançado. Nada foi dado como completo; pergunte aos administradores do serviço se a lista pagina por pagina_atual ou por um link de próxima página
pages-repeat-unresolved = a página 2 só trouxe os registros da página 1, e a página 2 com metade do tamanho trouxe registros que não condizem nem com uma lista que acabou ali nem com um serviço que ignora o número da página; o percurso parou sem dar uma página pela lista inteira
# $host é o host para onde apontava o link de próxima página.
pages-link-elsewhere = o link de próxima página da lista aponta para fora da base_url (para { $host }): ele não é seguido, para o token não ir a nenhum outro lugar, e a lista não pode ser lida inteira
pages-link-unreadable = o link ou cursor de próxima página da lista não pode ser lido como um endereço
pages-page-on-linked-list = esta implantação pagina a lista por links de próxima página, que não têm números: --page não pode começar de uma página adiante (use --limit, ou leia desde a primeira página)
pages-page-on-ignoring-list = esta implantação ignora o número da página (paging = ignored no perfil): --page devolveria a primeira página qualquer que fosse a pedida (use --limit, ou `clinic config unset paging` quando o serviço passar a lê-lo)
pages-link-repeated = o link de próxima página depois da página { $page } repete um já seguido: a lista entraria em laço, e o percurso para sem dar o que foi lido pela lista inteira
# $overlap dos $count registros da página já tinham sido lidos.
# A lista mudou durante o percurso. $change é pages-change-counter, pages-change-overlap, pages-change-past-end ou pages-change-head.
pages-change-counter = { $counter } era { $before } na página { $first } e { $after } na página { $page }
pages-change-overlap = a página { $page } trouxe { $overlap ->
    [one] { $overlap } registro
   *[other] { $overlap } registros
} das páginas anteriores
pages-change-past-end = a página { $page } com { $size } por página, lida para confirmar onde a lista acabou depois de { $records ->
    [one] { $records } registro
   *[other] { $records } registros
}, trouxe { $unmet ->
    [one] { $unmet } registro
   *[other] { $unmet } registros
} que a leitura não tinha visto
pages-change-head = a página 1, lida de novo ao fim da leitura, tinha perdido { $gone ->
    [one] { $gone } registro
   *[other] { $gone } registros
} e ganhado { $new ->
    [one] { $new } registro
   *[other] { $new } registros
}
pages-list-changed-reading-again = a lista mudou enquanto era lida ({ $change }): registros podem ter passado pelas páginas lidas, então ela é lida de novo desde o início (leitura { $read } de no máximo { $most }); registros já escritos não são escritos duas vezes
pages-list-kept-changing = a lista continuou mudando enquanto era lida ({ $change }): { $reads } leituras nunca concordaram, então os registros escritos não podem ser dados como a lista inteira; tente de novo quando o serviço estiver mais calmo
# Uma página pedida para conferir uma leitura não pôde ser lida. $what é pages-confirm-end-unread ou pages-confirm-head-unread; $reason o erro, como dito em outros lugares.
pages-confirm-end-unread = a página { $page } com { $size } por página, pedida para confirmar onde a lista acabou, não pôde ser lida ({ $reason })
pages-confirm-head-unread = a página 1, pedida de novo ao fim da leitura para conferir o início da lista, não pôde ser lida ({ $reason })
pages-unconfirmed-reading-again = { $what }: a leitura não pode ser dada como a lista inteira, então ela é lida de novo desde o início (leitura { $read } de no máximo { $most }); registros já escritos não são escritos duas vezes
pages-unconfirmed = { $what }, { $reads ->
    [one] em { $reads } leitura
   *[other] em cada uma de { $reads } leituras
}: os registros escritos não podem ser dados como a lista inteira; tente de novo quando o serviço responder
pages-overlap-stop = a página { $page } se sobrepõe à anterior ({ $overlap } de seus { $count ->
    [one] { $count } registro
   *[other] { $count } registros
} já { $overlap ->
    [0] tinham sido lidos
    [one] tinha sido lido
   *[other] tinham sido lidos
}): as páginas do servidor se deslocam e nada conta a lista, então esta leitura para aqui
pages-overlap-skip = a página { $page } se sobrepõe à anterior ({ $overlap } de seus { $count ->
    [one] { $count } registro
   *[other] { $count } registros
} já { $overlap ->
    [0] tinham sido lidos
    [one] tinha sido lido
   *[other] tinham sido lidos
}): os registros já lidos são pulados

## Execuções em várias clínicas (src/network/). $clinic: uma clínica como "ID (nome)".

network-no-clinics = o serviço não lista nenhuma clínica para este login (listaClinicas está vazia)
# $clinics: algumas das clínicas que o login enxerga, como "ID (nome)".
network-trace-clinics-unchecked = não foi possível ler a lista de clínicas; os IDs de clínica vão como digitados, sem verificação: { $reason }
network-expect-visible-clinic = uma clínica que este login enxerga: { $clinics }
network-trace-clinic-records = clínica { $clinic }: { $count ->
    [0] { $records } registros
    [one] { $records } registro
   *[other] { $records } registros
}
network-resuming = retomando: { $done } clínicas já estão no conjunto de dados desde a última execução; faltam { $left }
network-clinic-left-out = clínica { $clinic }: deixada de fora: { $reason }
network-progress-clinic = clínica { $clinic }, { $number } de { $total }
network-progress-time-left = { $at }, faltam cerca de { $time }
network-records-from-clinics = { $count ->
    [0] { $records } registros lidos
    [one] { $records } registro lido
   *[other] { $records } registros lidos
} em { $complete } de { $total ->
    [one] { $total } clínica
   *[other] { $total } clínicas
} ({ $pages ->
    [0] { $pages_shown } páginas
    [one] { $pages_shown } página
   *[other] { $pages_shown } páginas
})
network-prefetch-failed = a leitura antecipada de uma página falhou: { $reason }
network-staging-failed = arquivo temporário dos registros de uma clínica: { $reason }
# $other: a clínica que os registros citam no lugar.
network-foreign-records = clínica { $clinic }: { $count ->
    [one] { $count } registro diz pertencer
   *[other] { $count } registros dizem pertencer
} à clínica { $other } (o servidor ignora `clinica`?)

## O que uma lista mostra depois dos registros (src/show.rs)

note-no-records = nenhum registro
show-more-columns = { $count ->
    [one] mais { $count } coluna: --columns all, ou --format csv
   *[other] mais { $count } colunas: --columns all, ou --format csv
}
sort-expected = CAMPO, CAMPO:asc ou CAMPO:desc, vários separados por vírgulas (p. ex. data_agendamento,hora_inicio ou valor:desc)
sort-failed = os registros não puderam ser guardados para ordenar: { $reason }
show-stdout-incomplete = { $count ->
    [one] no máximo { $shown } registro foi para a saída padrão antes da falha: essa saída está incompleta
   *[other] no máximo { $shown } registros foram para a saída padrão antes da falha: essa saída está incompleta
}
show-unplaced-clinic = { $count ->
    [one] { $shown } registro não indica a clínica: está em clinica=__HIVE_DEFAULT_PARTITION__
   *[other] { $shown } registros não indicam a clínica: estão em clinica=__HIVE_DEFAULT_PARTITION__
}
show-unplaced-month = { $count ->
    [one] { $shown } registro não tem data para o mês em { $fields }: está em mes=__HIVE_DEFAULT_PARTITION__ (--partition-by month:CAMPO indica outro campo)
   *[other] { $shown } registros não têm data para o mês em { $fields }: estão em mes=__HIVE_DEFAULT_PARTITION__ (--partition-by month:CAMPO indica outro campo)
}
# Pastas de partição que o sistema de arquivos recusa
show-misplaced = { $count ->
    [one] { $shown } registro de { $values } não pôde ir para a pasta { $wanted } ({ $reason }): está em { $instead }, que o manifesto liga de volta aos seus valores
   *[other] { $shown } registros de { $values } não puderam ir para a pasta { $wanted } ({ $reason }): estão em { $instead }, que o manifesto liga de volta aos seus valores
}
# $from, $to: as posições dos registros mostrados; $total: quantos a lista tem.
show-page-of-total = mostrando { $from }–{ $to } de { $total } — --all para todas as páginas
show-page-more-may-follow = mostrando { $from }–{ $to }; pode haver mais — --page { $next } para a próxima página, --all para todas as páginas
show-expect-format-of-file = { $format }, como diz o nome do arquivo { $file } (ou um nome de arquivo desse formato)
show-expect-excel-format = csv ou tsv com --excel (ou omita --format: --excel grava CSV)
# Mostrado como o valor recebido quando falta uma opção.
show-missing = (ausente)
show-expect-binary-file = um arquivo para --format { $format }, p. ex. -o ficha.{ $format } ({ $format } é binário: nunca é escrito em um terminal ou em um pipe)

## Listas de referência (src/refs/). $list: o nome de uma lista (refs-kind-…).

# $list é o nome da lista de referência (clínicas, vendedores…), $keys as chaves com cara de ID do registro, $expected as chaves em que a lista traz o ID.
refs-no-trusted-id = um registro da lista de { $list } não traz ID numa chave própria (procuradas: { $expected }; ele tem: { $keys }): nenhum nome é procurado nela, em vez de usar um ID que pode ser de outra coisa
refs-kind-clinics = clínicas
refs-kind-channels = canais
refs-kind-campaigns = campanhas
refs-kind-services = serviços
refs-kind-sellers = vendedores
refs-kind-creators = criadores
refs-kind-account-plans = planos de conta
refs-kind-operation-types = tipos de operação
refs-kind-appointment-statuses = status de agendamento
refs-kind-quote-statuses = status de orçamento
# $closest, $matches: itens como "nome (ID)".
refs-expect-one-of = um item da lista de { $list } (por ID ou nome exato); os mais próximos: { $closest }
refs-expect-unique = um nome que corresponda a um só item da lista de { $list }; ele corresponde a { $matches } — passe o ID
refs-reread-failed = não foi possível ler de novo a lista de { $list }: { $reason }
refs-refresh-failed = não foi possível ler a lista de { $list }; as outras seguem: { $reason }
refs-refreshed-some = { $lists ->
    [one] { $lists } lista atualizada
   *[other] { $lists } listas atualizadas
}; as dos avisos acima não
refs-using-cached = usando a lista de { $list } guardada em cache: { $reason }
refs-no-home = sem diretório pessoal: defina CLINIC_CACHE_DIR

## O CRM e a sua automação (src/crm/). $message: as palavras do próprio CRM, como vieram.

crm-trace-query-limit = {"  "}QUERY_LIMIT_EXCEEDED (nada foi alterado): enviando de novo em { $wait }
crm-credentials-refused = o CRM recusou as credenciais de crm_url (HTTP { $status }): { $message } — confira `clinic config set crm_url …` ou CLINIC_CRM_URL
crm-not-json = o CRM enviou uma resposta que não é JSON (HTTP { $status }): { $excerpt }
# $answer: o início da resposta do CRM.
crm-no-result = a resposta do CRM não tem `result`: { $answer }
crm-no-types = a resposta do CRM a crm.type.list não tem a lista `result.types`: { $answer }
crm-expected-type = o título ou o entityTypeId de um dos processos inteligentes do portal: { $types }
crm-expected-category = o nome ou o ID de um dos funis do processo inteligente: { $names }
crm-expected-stage = o nome ou o STATUS_ID de uma das fases do processo inteligente: { $names }
crm-operating-wait = o limite de tempo de execução do CRM para { $method } foi atingido: aguardando até { $until }, quando a janela acaba (--max-operating-wait)
crm-operating-gave-up = o limite de tempo de execução do CRM para { $method } prenderia a execução além de --max-operating-wait ({ $time } de espera)
crm-batch-page-failed = a página { $page } da lista não pôde ser lida: { $message }
crm-batch-no-answer = a resposta do batch não diz nada desta chamada
crm-batch-missing = o CRM não tem o método batch: as chamadas vão uma a uma (mais devagar, os mesmos registros)
crm-batch-no-earlier-result = esta chamada parte do resultado de uma chamada anterior, que não tem nada em { $reference }
crm-duplicates-unreadable = a busca de duplicados do CRM respondeu algo que não são IDs de contatos: { $answer }
crm-no-records-array = a lista do CRM não tem uma lista de registros: { $answer }
crm-record-without-id = um registro do CRM sem ID numérico: { $record }
crm-expect-whole-number = um número inteiro
# $after: o último ID lido; $last: o ID com que o CRM respondeu.
crm-keyset-ignored = o CRM ignorou filter[>ID]={ $after } (respondeu com o ID { $last }); tente sem --keyset
crm-expect-url-with-path = uma URL http(s) com caminho
crm-automation-not-json = a automação enviou uma resposta que não é JSON (HTTP { $status }): { $excerpt } — o lead pode ou não ter sido criado: confira o CRM antes de enviá-lo de novo

## Saída (src/output/, src/jq.rs). $reason: as palavras do próprio sistema.

output-unknown-format = formato desconhecido `{ $format }`: esperado um destes: table, json, ndjson, csv, tsv, xlsx
output-cannot-write = não foi possível escrever a saída: { $reason }
output-cannot-write-file = não foi possível escrever { $path }: { $reason }
output-folder-missing = a pasta não existe
output-permission-denied = permissão negada (este usuário não pode gravar na pasta ou no arquivo)
output-disk-full = o disco está cheio
output-read-only = o sistema de arquivos é somente leitura
output-too-many-open-files = arquivos demais abertos ao mesmo tempo (cada partição de um conjunto mantém dois até o fim da execução): aumente o limite de arquivos abertos (ulimit -n) ou particione por menos campos
record-too-deep = a resposta traz um registro aninhado em mais de { $limit } níveis: o cliente não o lê
record-unreadable = a resposta traz um registro que não é JSON válido: { $reason }
output-not-a-file = não é possível escrever a saída em { $path }: não é um arquivo (-o aceita um arquivo, um dispositivo como /dev/null, um FIFO, ou - para a saída padrão)
output-second-record = uma resposta única recebeu um segundo registro
# $why: jq-parse-errors ou jq-unknown-names.
jq-expect-filter = um filtro jq ({ $why })
jq-parse-errors = { $count ->
    [one] { $count } erro de sintaxe
   *[other] { $count } erros de sintaxe
}
jq-unknown-names = desconhecidos: { $names }
jq-input-failed = entrada de --jq: { $reason }
jq-failed = --jq: { $reason }
output-partition-format = --partition-by grava arquivos parquet, csv, tsv ou ndjson, não { $format }
output-partition-needs-dir = --partition-by precisa de -o PASTA/, a pasta do conjunto de dados
output-partition-not-a-dir = --partition-by precisa de -o PASTA/, uma pasta, e { $path } é um arquivo
output-resume-nothing = --resume precisa de uma execução deste conjunto de dados para retomar, e { $path } não tem nenhuma (nenhum manifesto diz quais clínicas terminaram)
# Retomada: só uma execução da mesma exportação, e só uma que não terminou
output-resume-other-runs = --resume retoma uma execução inacabada desta mesma exportação, e { $path } não tem nenhuma: as execuções que estão lá tinham outro relatório, filtros, clínicas, formato, colunas ou particionamento
output-resume-complete = a última execução desta exportação em { $path } terminou todas as clínicas, então não há nada para retomar: execute sem --resume para exportar de novo
output-parquet-misfit = um valor da coluna { $column } não cabe no tipo aprendido para ela: { $value }
output-parquet-failed = o arquivo Parquet não pôde ser gravado: { $reason }
# O limite de colunas do Parquet (memória por coluna durante a codificação).
output-parquet-too-many-columns = os registros têm { $count } colunas, mais que as { $most } com que um arquivo Parquet é gravado: escolha colunas com --columns, ou use --format csv ou ndjson
output-xlsx-too-many-columns = { $count } colunas não cabem em uma planilha do Excel (no máximo 16384)
# $number: the sheet's number, from 1 (a sheet holds at most 1,048,575 records).
output-xlsx-sheet-name = Planilha{ $number }
output-xlsx-year = o ano { $year } está fora do intervalo do Excel
output-spill-failed = arquivo temporário das linhas em espera: { $reason }
output-run-stopping = a execução está sendo interrompida
# As duas colunas de um registro único mostrado como tabela (uma linha por campo).
table-field = campo
table-value = valor
table-record = registro { $number }

## Títulos curtos das colunas que uma lista larga mostra no terminal (src/output/titles.rs), no
## lugar das chaves do serviço (codigo, data_agendamento, …), que todas as outras saídas mantêm.
table-title-codigo = código
table-title-data = data
table-title-cliente = cliente
table-title-vendedor = vendedor
table-title-valor = valor
table-title-data-agendamento = data agend.
table-title-hora-inicio = hora
table-title-servico = serviço
table-title-profissional = profissional
table-title-nome = nome
table-title-telefone = telefone
table-title-email = e-mail
table-title-canal = canal
table-title-situacao = situação

# $record: a posição do registro; $columns: os nomes das colunas novas; $known: de quantos registros o cabeçalho foi escrito.
output-record-after-values = o registro { $record } é um objeto ou uma lista, mas os registros anteriores eram valores simples, escritos um por linha sem cabeçalho: a saída até aqui está incompleta; faça o filtro --jq dar só valores ou só objetos
output-new-columns = o registro { $record } tem { $count ->
    [one] uma coluna que falta
   *[other] colunas que faltam
} no cabeçalho ({ $columns }): o cabeçalho foi escrito a partir dos primeiros { $known } registros, e a saída até aqui está incompleta; informe as colunas com --columns, ou grave em um arquivo com -o (um arquivo é completado com o cabeçalho inteiro)

## IDs ou nomes digitados na linha de comando (src/refs/resolve.rs): a parte "esperado …".
refs-expect-id-or-name = um ID ou um nome
refs-expect-positive-id-or-name = um ID positivo ou um nome
refs-expect-list = um ou mais IDs ou nomes separados por vírgulas, p. ex. 1,2 ou Agendado,Confirmado
network-all-alone = `all` já quer dizer todas as clínicas: use-o sozinho

## As linhas de início do sandbox (src/cli/sandbox.rs). Logins, senhas, chaves e endereços são dados.
sandbox-banner-listening = Sandbox do Clinic Results ouvindo em { $addr } (semente { $seed })
sandbox-banner-data = {"  "}dados: { $quotes } orçamentos, { $quotes } agendamentos e { $contacts } contatos em 12 clínicas
sandbox-banner-answers = {"  "}respostas: { $answers }
sandbox-banner-admin = {"  "}login admin_master: { $login } / { $password } (passe clinica nas listas)
sandbox-banner-clinic-user = {"  "}login de usuário da clínica (clínica 1): { $login } / { $password }
sandbox-banner-io-key = {"  "}chave da API IO (x-api-key): { $key }
sandbox-banner-webhook = {"  "}webhook de automação: GET { $url }
sandbox-banner-inspection = {"  "}inspeção: GET http://{ $addr }/__sandbox/requests, GET http://{ $addr }/__sandbox/stats
sandbox-banner-stop = Pressione Ctrl-C para parar.

## clinic sync e clinic sql
sync-busy = outro sync está gravando { $path }; rode de novo quando ele terminar (ou sem --no-wait, que espera por ele)
sync-waiting = outro sync está gravando { $path }; esperando ele terminar
sync-not-an-object = o serviço enviou um registro que é { $kind }, não um objeto com campos: não dá para espelhá-lo
sync-no-id = o serviço enviou um registro sem campo de ID (id, ID, Id ou codigo): não dá para espelhá-lo (seus campos: { $fields })
sync-not-a-mirror = { $path } é um banco de outro programa (tem tabelas, e nenhuma de um espelho): ficou intocado; dê a --to um arquivo novo ou um espelho
sync-database-failed = não foi possível gravar o banco { $path }: { $reason }

## clinic sync para o PostgreSQL
config-key-sync-target = para onde vão clinic sync, sync changes e clinic sql quando --to não diz: um arquivo, ou postgres://usuario@servidor/banco (a senha em PGPASSWORD ou guardada com clinic auth set-db-password)
config-key-crm-api = a família de métodos do CRM a usar: item (os universais crm.item.* do Bitrix24) ou classic (crm.contact.*, crm.deal.*); sem ela, é descoberta pelas respostas do portal
config-expect-crm-api = item ou classic
config-expect-postgres-url = uma URL do PostgreSQL com o banco: postgres://usuario@servidor[:porta]/banco[?sslmode=require]
config-expect-postgres-no-password = uma URL do PostgreSQL sem senha (postgres://usuario@servidor/banco): informe a senha em PGPASSWORD ou guarde-a com `clinic auth set-db-password`, para que ela fique fora do histórico do shell, da lista de processos e do perfil
sync-postgres-failed = não foi possível alcançar ou gravar o banco PostgreSQL { $url }: { $reason }
sync-postgres-refused = o banco PostgreSQL { $url } recusou o que esta execução enviou: { $reason }
sync-postgres-login = o banco PostgreSQL { $url } não aceitou o login: { $reason } — guarde a senha dele com `clinic auth set-db-password { $url }`, ou defina PGPASSWORD
sync-postgres-cannot-create = o banco PostgreSQL { $url }: o papel { $role } não pode criar tabelas no esquema "{ $schema }", onde o clinic sync guarda o espelho — conceda CREATE nesse esquema (GRANT CREATE ON SCHEMA { $schema } TO { $role }), ou sincronize com um papel que possa
sync-postgres-other-source = { $url } é alimentado por outra cópia de trabalho ({ $id }), cujas execuções têm outra numeração: dê a este sync um banco próprio, ou apague as tabelas daquele banco para alimentá-lo daqui
sync-postgres-published = { $url }: publicado até a execução { $run } ({ $rows } linhas enviadas)
sync-list-absent = { $stream }: esta implantação não tem essa lista; ficou de fora
sync-filter-ignored = { $stream }: a implantação ignorou o filtro de modificação (vieram registros mais antigos que o ponto): todos foram gravados, e as próximas execuções percorrem esta lista inteira
sync-widened = { $table }.{ $column } recebeu um valor que não é { $from }: a coluna agora é { $to }, todos os valores mantidos
sync-overflow = { $table }: { $fields } campos além das { $limit } colunas que uma tabela pode ter ficam, como um objeto JSON, na coluna _overflow (SELECT field FROM _fields WHERE col = '_overflow' diz quais)
# clinic sync: marcadores à frente do relógio do servidor, dinheiro sem valor exato
sync-point-ahead = { $stream }: o marcador { $point } é posterior ao relógio do servidor ({ $server }): foi gravado com um relógio adiantado, por isso é descartado e a lista é percorrida inteira
sync-clock-disagrees = { $stream }: o relógio do servidor pelo cabeçalho Date ({ $server }) está atrás dos horários dos próprios registros ({ $newest }): não é considerado, e o marcador vem dos registros
sync-empty-kept = { $table } (clínica { $clinic }): o serviço respondeu uma lista vazia onde o espelho tem { $rows } linhas: nada foi marcado como apagado nesta execução (clinic sync --allow-empty aceita uma lista vazia)
sync-money-unread = { $count ->
    [one] { $table }.{ $column }: 1 valor em dinheiro não é um valor exato: o texto dele é mantido, e { $column }_centavos fica vazio
   *[other] { $table }.{ $column }: { $count } valores em dinheiro não são valores exatos: o texto deles é mantido, e { $column }_centavos fica vazio
}
sync-money-unread-end = { $count ->
    [one] todas as linhas foram gravadas, mas 1 valor em dinheiro ficou sem centavos (veja o aviso acima): somas das colunas _centavos o deixam de fora
   *[other] todas as linhas foram gravadas, mas { $count } valores em dinheiro ficaram sem centavos (veja os avisos acima): somas das colunas _centavos os deixam de fora
}
# fim desse bloco
sync-stream-done = { $stream } (clínica { $clinic }, { $mode }): { $new } novos, { $changed } alterados, { $vanished } sumidos
sync-summary-stream = { $stream } { $new } novos, { $changed } alterados, { $vanished } sumidos
sync-summary = execução { $run }: { $streams }
sync-expected-streams = nomes de fluxos separados por vírgula: quotes, appointments, contacts, references, crm
sync-no-mirror = ainda não há espelho em { $path }: rode clinic sync antes (ou indique um com --to)
sql-failed = a consulta falhou: { $reason }
sql-query-or-schema = passe uma consulta ou --schema, não os dois
sql-refused-attach = a consulta foi recusada: ela anexa ou desanexa outro arquivo de banco (ATTACH, DETACH); clinic sql lê só o espelho
sql-refused-write = a consulta foi recusada: ela mudaria o banco ({ $action }); clinic sql só lê
sql-refused-transaction = a consulta foi recusada: controle de transação (BEGIN, COMMIT, SAVEPOINT…) não cabe numa consulta que só lê
sql-refused-pragma = a consulta foi recusada: PRAGMA { $pragma } não é dos que só descrevem o banco
sql-refused-function = a consulta foi recusada: a função { $function }() alcança arquivos, o processo ou o interior do SQLite
sql-refused-personal = a consulta foi recusada: ela lê { $table }.{ $column }, uma coluna de dados pessoais, e aqui os dados pessoais são mascarados, seja o que for que a consulta faça com eles (clinic mcp --share-personal os compartilha)
sql-refused-not-read-only = a consulta foi recusada: o SQLite diz que ela faz mais que ler (VACUUM, VACUUM INTO…); clinic sql só lê
sql-timed-out = a consulta foi interrompida após { $limit } (--timeout): restrinja-a, ou dê mais tempo com --timeout
sql-given-up = a consulta foi interrompida: quem a pediu desistiu dela (um assistente cancelou a chamada)
sql-too-big = a consulta falhou: um valor passa de { $limit }, o maior texto ou blob que clinic sql deixa o SQLite fazer ou ler
sql-expected-query = uma consulta SQL (SELECT …), ou --schema para as tabelas e colunas
sql-refused-statements = a consulta foi recusada: { $count ->
    [0] ela não tem nenhum comando
   *[other] ela tem { $count } comandos
  }, e clinic sql roda exatamente uma consulta no PostgreSQL
sql-refused-not-a-query = a consulta foi recusada: { $statement } não é uma consulta que devolve linhas; clinic sql roda só essas no PostgreSQL
sql-refused-unreadable = a consulta foi recusada: não foi possível lê-la como uma consulta do PostgreSQL ({ $reason })
sql-refused-unknown-function = a consulta foi recusada: a função { $function }() não está entre as que clinic sql deixa uma consulta do PostgreSQL chamar (agregações, aritmética, texto, datas e horas, JSON, arrays, formatação)
sql-refused-no-columns = a consulta foi recusada: ela não devolve nenhuma coluna; clinic sql roda só consultas que devolvem linhas
sql-refused-role = a consulta foi recusada: o papel { $role } { $power ->
    [superuser] é superusuário
   *[other] é membro de { $power }
  }, e por isso alcança os arquivos ou programas do servidor, seja o que for que a consulta diga; conecte clinic sql com um papel que só lê o espelho (CREATE ROLE leitor LOGIN PASSWORD …; GRANT USAGE ON SCHEMA public TO leitor; GRANT SELECT ON ALL TABLES IN SCHEMA public TO leitor)
