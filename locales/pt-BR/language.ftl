# O idioma da interface: como é escolhido, e o que diz uma configuração que não nomeia nenhum.

lang-expected = um idioma: en (inglês) ou pt-BR (português do Brasil)
