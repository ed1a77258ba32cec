# Mensagens que a CLI escreve para pessoas: erros, avisos, notas, perguntas, progresso.
# As chaves seguem o módulo que as usa. Argumentos têm nome: { $name }.

error-line = erro: { $message }

## Erros (src/error.rs): o que interrompe um comando. $message, $reason: o texto que veio com o erro.

err-invalid = { $field } inválido: recebido { $given }, esperado { $expected }
err-not-logged-in = sem login ou token expirado — execute `clinic login`
err-not-logged-in-because = sem login ou token expirado — execute `clinic login` ({ $reason })
err-rejected = a API recusou a requisição (HTTP { $status }): { $message }
err-server = o servidor falhou (HTTP { $status }): { $message }
err-network = falha de rede: { $message }
err-config = configuração: { $message }
err-interrupted = interrompido
err-in-clinic = clínica { $clinic }: { $message }
err-partial = { $failed } de { $total ->
    [one] { $total } clínica
   *[other] { $total } clínicas
} { $failed ->
    [one] falhou e ficou de fora
   *[other] falharam e ficaram de fora
} (veja acima); a saída traz as demais

## O que o relator escreve no stderr (src/ui.rs, src/counts.rs)

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
} de { $pages ->
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
input-key-value = CHAVE=VALOR

