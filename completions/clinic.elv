
use builtin;
use str;

set edit:completion:arg-completer[clinic] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'clinic'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'clinic'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand -q 'Print nothing but results and errors (as -q: before the command name)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand login 'Log in and keep the token in the OS keyring  [Autenticação]'
            cand logout 'Forget the stored token of this profile'
            cand auth 'Token and key management'
            cand config 'Read and change profile settings'
            cand contact 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]'
            cand campaign 'Campaigns  [Entrada — Apoio / Saída — Apoio]'
            cand appointment 'Appointments  [Entrada — Conversão e entrega]'
            cand report 'Reports: appointments and the Ficha Financeira  [Saída]'
            cand ref 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]'
            cand api 'Call any path of the API with the same auth, formats and paging'
            cand operations 'List every remote operation: group, method, path, command'
            cand completions 'Print a shell completion script'
            cand sandbox 'The local imitation of the whole API'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;login'= {
            cand --base-url 'API address ending in /rest/v1 (saved in the profile)'
            cand --login 'User name [env: CLINIC_LOGIN; asked on a terminal]'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --password-stdin 'Read the password from the first line of standard input'
            cand --insecure-storage 'Allow a plain 0600 file when no secure store works'
            cand --save-password 'Also keep the password, so an expired token is renewed without asking'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;logout'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;auth'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand status 'Show the profile, base URL, login, token store, and whether the token works'
            cand token 'Print the token (only into a pipe or file, unless --show)'
            cand set-io-key 'Store the Integrações IO API key'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;auth;status'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;auth;token'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --show 'Print it even to a terminal'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;auth;set-io-key'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --stdin 'Read the key from the first line of standard input'
            cand --insecure-storage 'Allow a plain 0600 file when no secure store works'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;auth;help'= {
            cand status 'Show the profile, base URL, login, token store, and whether the token works'
            cand token 'Print the token (only into a pipe or file, unless --show)'
            cand set-io-key 'Store the Integrações IO API key'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;auth;help;status'= {
        }
        &'clinic;auth;help;token'= {
        }
        &'clinic;auth;help;set-io-key'= {
        }
        &'clinic;auth;help;help'= {
        }
        &'clinic;config'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand list 'Every key set in this profile'
            cand get 'One key''s value (exit 1 when unset)'
            cand set 'Set a key (validated)'
            cand unset 'Remove a key'
            cand path 'Print the configuration file''s path'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;config;list'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --show 'Show crm_url unmasked'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;config;get'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --show 'Show crm_url unmasked'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;config;set'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;config;unset'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;config;path'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;config;help'= {
            cand list 'Every key set in this profile'
            cand get 'One key''s value (exit 1 when unset)'
            cand set 'Set a key (validated)'
            cand unset 'Remove a key'
            cand path 'Print the configuration file''s path'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;config;help;list'= {
        }
        &'clinic;config;help;get'= {
        }
        &'clinic;config;help;set'= {
        }
        &'clinic;config;help;unset'= {
        }
        &'clinic;config;help;path'= {
        }
        &'clinic;config;help;help'= {
        }
        &'clinic;contact'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand create 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
            cand update 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
            cand list 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
            cand upsert 'Create the contact, or update it when one with the same phone or e-mail exists'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;contact;create'= {
            cand --name 'Full name'
            cand --nome 'Full name'
            cand --phone 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197'
            cand --telefone 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197'
            cand --birth-date 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --data-nascimento 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --channel 'Channel ID (see `clinic ref channels`)'
            cand --canal 'Channel ID (see `clinic ref channels`)'
            cand --campaign 'Campaign ID (see `clinic ref campaigns`)'
            cand --campanha 'Campaign ID (see `clinic ref campaigns`)'
            cand --email 'E-mail'
            cand --note 'Free-text note'
            cand --observacao 'Free-text note'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;contact;update'= {
            cand --name 'Full name'
            cand --nome 'Full name'
            cand --birth-date 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --data-nascimento 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --channel 'Channel ID of this new origin'
            cand --canal 'Channel ID of this new origin'
            cand --campaign 'Campaign ID of this new origin'
            cand --campanha 'Campaign ID of this new origin'
            cand --note 'Free-text note'
            cand --observacao 'Free-text note'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;contact;list'= {
            cand --name 'Closest-match name search'
            cand --nome 'Closest-match name search'
            cand --phone 'Phone, any spelling (sent as digits)'
            cand --telefone 'Phone, any spelling (sent as digits)'
            cand --secondary-phone 'Secondary phone, any spelling (sent as digits)'
            cand --telefone-secundario 'Secondary phone, any spelling (sent as digits)'
            cand --email 'E-mail'
            cand --created-from 'Created from (YYYY-MM-DD or DD/MM/YYYY)'
            cand --criado-em-de 'Created from (YYYY-MM-DD or DD/MM/YYYY)'
            cand --created-to 'Created to'
            cand --criado-em-ate 'Created to'
            cand --birth-from 'Born from'
            cand --data-nascimento-de 'Born from'
            cand --birth-to 'Born to'
            cand --data-nascimento-ate 'Born to'
            cand --referred-by 'Referred by this contact ID'
            cand --indicado-por 'Referred by this contact ID'
            cand --referred 'Referred contacts only (1) or not referred (0)'
            cand --indicado 'Referred contacts only (1) or not referred (0)'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --active 'Active contacts only (inativo=0)'
            cand --inactive 'Inactive contacts only (inativo=1)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;contact;upsert'= {
            cand --name 'Full name'
            cand --nome 'Full name'
            cand --phone 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197'
            cand --telefone 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197'
            cand --birth-date 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --data-nascimento 'Birth date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --channel 'Channel ID (see `clinic ref channels`)'
            cand --canal 'Channel ID (see `clinic ref channels`)'
            cand --campaign 'Campaign ID (see `clinic ref campaigns`)'
            cand --campanha 'Campaign ID (see `clinic ref campaigns`)'
            cand --email 'E-mail'
            cand --note 'Free-text note'
            cand --observacao 'Free-text note'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;contact;help'= {
            cand create 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
            cand update 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
            cand list 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
            cand upsert 'Create the contact, or update it when one with the same phone or e-mail exists'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;contact;help;create'= {
        }
        &'clinic;contact;help;update'= {
        }
        &'clinic;contact;help;list'= {
        }
        &'clinic;contact;help;upsert'= {
        }
        &'clinic;contact;help;help'= {
        }
        &'clinic;campaign'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand create 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
            cand list 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;campaign;create'= {
            cand --name 'Campaign name'
            cand --nome 'Campaign name'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;campaign;list'= {
            cand --name 'Closest-match name search'
            cand --nome 'Closest-match name search'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;campaign;help'= {
            cand create 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
            cand list 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;campaign;help;create'= {
        }
        &'clinic;campaign;help;list'= {
        }
        &'clinic;campaign;help;help'= {
        }
        &'clinic;appointment'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand set-status 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;appointment;set-status'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;appointment;help'= {
            cand set-status 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;appointment;help;set-status'= {
        }
        &'clinic;appointment;help;help'= {
        }
        &'clinic;report'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand appointments 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
            cand ficha-financeira 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;report;appointments'= {
            cand --from 'Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --data-agendamento-de 'Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)'
            cand --to 'Appointments on or before this date'
            cand --data-agendamento-ate 'Appointments on or before this date'
            cand --type 'Appointment type ID (2 = evaluation; requires --has-quote)'
            cand --tipo-agendamento 'Appointment type ID (2 = evaluation; requires --has-quote)'
            cand --status 'Appointment status IDs, comma-separated (see `clinic ref appointment-statuses`)'
            cand --has-quote 'Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)'
            cand --avaliacao-possui 'Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;report;ficha-financeira'= {
            cand --from 'Quote date from (YYYY-MM-DD or DD/MM/YYYY)'
            cand --data-de 'Quote date from (YYYY-MM-DD or DD/MM/YYYY)'
            cand --to 'Quote date to'
            cand --data-ate 'Quote date to'
            cand --status 'Quote status IDs (see `clinic ref quote-statuses`)'
            cand --client 'Client (contact) ID'
            cand --cliente 'Client (contact) ID'
            cand --contract-notes 'Contract notes (closest match)'
            cand --observacoes-contratuais 'Contract notes (closest match)'
            cand --sale-notes 'Sale notes (closest match)'
            cand --observacoes-venda 'Sale notes (closest match)'
            cand --service 'Service ID (see `clinic ref services`)'
            cand --id-servico 'Service ID (see `clinic ref services`)'
            cand --evaluation-from 'Evaluation date from'
            cand --avaliacao-de 'Evaluation date from'
            cand --evaluation-to 'Evaluation date to'
            cand --avaliacao-ate 'Evaluation date to'
            cand --created-from 'Created from'
            cand --criado-em-de 'Created from'
            cand --created-to 'Created to'
            cand --criado-em-ate 'Created to'
            cand --paid-from 'Paid from'
            cand --data-pagamento-de 'Paid from'
            cand --paid-to 'Paid to'
            cand --data-pagamento-ate 'Paid to'
            cand --modified-from 'Modified from'
            cand --modificado-em-de 'Modified from'
            cand --modified-to 'Modified to'
            cand --modificado-em-ate 'Modified to'
            cand --created-by 'Created by (see `clinic ref creators`)'
            cand --criado-por 'Created by (see `clinic ref creators`)'
            cand --modified-by 'Modified by (see `clinic ref creators`)'
            cand --modificado-por 'Modified by (see `clinic ref creators`)'
            cand --seller 'Seller ID (see `clinic ref sellers`)'
            cand --vendedor 'Seller ID (see `clinic ref sellers`)'
            cand --account-plan 'Account plan ID (see `clinic ref account-plans`)'
            cand --plano-de-conta 'Account plan ID (see `clinic ref account-plans`)'
            cand --operation-type 'Product operation type ID (see `clinic ref operation-types`)'
            cand --tipo-operacao-produto 'Product operation type ID (see `clinic ref operation-types`)'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --active 'Active quotes only (inativo=0)'
            cand --inactive 'Inactive quotes only (inativo=1)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;report;help'= {
            cand appointments 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
            cand ficha-financeira 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;report;help;appointments'= {
        }
        &'clinic;report;help;ficha-financeira'= {
        }
        &'clinic;report;help;help'= {
        }
        &'clinic;ref'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand clinics 'Clinics (units) you may see (GET /listaClinicas)'
            cand channels 'Origin channels (GET /listaCanal)'
            cand campaigns 'Campaigns (GET /listaCampanha)'
            cand services 'Services (GET /listaServico)'
            cand sellers 'Sellers (GET /listaVendedor)'
            cand creators 'Users who create and modify sales (GET /listaCriadoPorVenda)'
            cand account-plans 'Account plans (GET /listaPlanoDeConta)'
            cand operation-types 'Product operation types (GET /listaTipoOperacao)'
            cand appointment-statuses 'Appointment statuses (GET /statusAgendamento)'
            cand quote-statuses 'Quote statuses (GET /lista_status_venda)'
            cand has-quote 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;ref;clinics'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;channels'= {
            cand --name 'Closest-match name search'
            cand --nome 'Closest-match name search'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;campaigns'= {
            cand --name 'Closest-match name search'
            cand --nome 'Closest-match name search'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;services'= {
            cand --name 'Closest-match name search'
            cand --nome 'Closest-match name search'
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;sellers'= {
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;creators'= {
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;account-plans'= {
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;operation-types'= {
            cand --clinic 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --clinica 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;appointment-statuses'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;quote-statuses'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;has-quote'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;ref;help'= {
            cand clinics 'Clinics (units) you may see (GET /listaClinicas)'
            cand channels 'Origin channels (GET /listaCanal)'
            cand campaigns 'Campaigns (GET /listaCampanha)'
            cand services 'Services (GET /listaServico)'
            cand sellers 'Sellers (GET /listaVendedor)'
            cand creators 'Users who create and modify sales (GET /listaCriadoPorVenda)'
            cand account-plans 'Account plans (GET /listaPlanoDeConta)'
            cand operation-types 'Product operation types (GET /listaTipoOperacao)'
            cand appointment-statuses 'Appointment statuses (GET /statusAgendamento)'
            cand quote-statuses 'Quote statuses (GET /lista_status_venda)'
            cand has-quote 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;ref;help;clinics'= {
        }
        &'clinic;ref;help;channels'= {
        }
        &'clinic;ref;help;campaigns'= {
        }
        &'clinic;ref;help;services'= {
        }
        &'clinic;ref;help;sellers'= {
        }
        &'clinic;ref;help;creators'= {
        }
        &'clinic;ref;help;account-plans'= {
        }
        &'clinic;ref;help;operation-types'= {
        }
        &'clinic;ref;help;appointment-statuses'= {
        }
        &'clinic;ref;help;quote-statuses'= {
        }
        &'clinic;ref;help;has-quote'= {
        }
        &'clinic;ref;help;help'= {
        }
        &'clinic;api'= {
            cand -q 'Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you'
            cand --query 'Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you'
            cand --data 'JSON body: inline, @FILE, or - for standard input'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;operations'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;completions'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;sandbox'= {
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand serve 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;sandbox;serve'= {
            cand --addr 'Address to listen on; port 0 picks a free port. Only loopback unless --public'
            cand --seed 'Seed of the generated data: equal seeds give equal data'
            cand --scale 'Number of quotes and of appointments (contacts: max(200, N/2))'
            cand --latency-ms 'Fixed delay added to every answer, in milliseconds'
            cand --jitter-ms 'Random extra delay of 0..=J milliseconds added to every answer'
            cand --error-rate 'Share of requests (0.0-1.0) answered with 500 or 503'
            cand --drop-rate 'Share of requests (0.0-1.0) whose connection is closed after part of the body'
            cand --rate-limit 'Requests per second allowed before answering 429 with Retry-After (0 = off)'
            cand --crm-rate-limit 'CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off)'
            cand --envelope 'Shape of list responses'
            cand --token-field 'Name of the token field in the login response'
            cand --token-ttl 'Lifetime of a login token, in seconds'
            cand --auth-scheme 'Which `Authorization` forms are accepted'
            cand --page-cap 'Never return more than N records per page, whatever was asked (0 = off)'
            cand --profile 'Configuration profile'
            cand --format 'Output format [default: table on a terminal, json otherwise]'
            cand --columns 'Select and order columns (dotted names reach nested fields)'
            cand -o 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --output 'Write to FILE (atomically: nothing under that name unless the command succeeds)'
            cand --page 'Page to read (1-based); with --all, the first page of the walk'
            cand --per-page 'Records per page [default: 50]'
            cand --limit 'Stop after N records'
            cand --concurrency 'Requests in flight during walks [default: 4]'
            cand --sandbox-scale 'Size of the built-in sandbox (records per report)'
            cand --ignore-page 'Always return page 1, whatever `pagina_atual` says'
            cand --public 'Allow listening on a non-loopback address (the passwords are well known)'
            cand --excel 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard'
            cand --all 'Walk every page of a list'
            cand -v 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --verbose 'Trace each request on stderr (method, URL, status, time; secrets masked)'
            cand --quiet 'Print nothing but results and errors'
            cand --sandbox 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'clinic;sandbox;help'= {
            cand serve 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;sandbox;help;serve'= {
        }
        &'clinic;sandbox;help;help'= {
        }
        &'clinic;help'= {
            cand login 'Log in and keep the token in the OS keyring  [Autenticação]'
            cand logout 'Forget the stored token of this profile'
            cand auth 'Token and key management'
            cand config 'Read and change profile settings'
            cand contact 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]'
            cand campaign 'Campaigns  [Entrada — Apoio / Saída — Apoio]'
            cand appointment 'Appointments  [Entrada — Conversão e entrega]'
            cand report 'Reports: appointments and the Ficha Financeira  [Saída]'
            cand ref 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]'
            cand api 'Call any path of the API with the same auth, formats and paging'
            cand operations 'List every remote operation: group, method, path, command'
            cand completions 'Print a shell completion script'
            cand sandbox 'The local imitation of the whole API'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'clinic;help;login'= {
        }
        &'clinic;help;logout'= {
        }
        &'clinic;help;auth'= {
            cand status 'Show the profile, base URL, login, token store, and whether the token works'
            cand token 'Print the token (only into a pipe or file, unless --show)'
            cand set-io-key 'Store the Integrações IO API key'
        }
        &'clinic;help;auth;status'= {
        }
        &'clinic;help;auth;token'= {
        }
        &'clinic;help;auth;set-io-key'= {
        }
        &'clinic;help;config'= {
            cand list 'Every key set in this profile'
            cand get 'One key''s value (exit 1 when unset)'
            cand set 'Set a key (validated)'
            cand unset 'Remove a key'
            cand path 'Print the configuration file''s path'
        }
        &'clinic;help;config;list'= {
        }
        &'clinic;help;config;get'= {
        }
        &'clinic;help;config;set'= {
        }
        &'clinic;help;config;unset'= {
        }
        &'clinic;help;config;path'= {
        }
        &'clinic;help;contact'= {
            cand create 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
            cand update 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
            cand list 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
            cand upsert 'Create the contact, or update it when one with the same phone or e-mail exists'
        }
        &'clinic;help;contact;create'= {
        }
        &'clinic;help;contact;update'= {
        }
        &'clinic;help;contact;list'= {
        }
        &'clinic;help;contact;upsert'= {
        }
        &'clinic;help;campaign'= {
            cand create 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
            cand list 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
        }
        &'clinic;help;campaign;create'= {
        }
        &'clinic;help;campaign;list'= {
        }
        &'clinic;help;appointment'= {
            cand set-status 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
        }
        &'clinic;help;appointment;set-status'= {
        }
        &'clinic;help;report'= {
            cand appointments 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
            cand ficha-financeira 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
        }
        &'clinic;help;report;appointments'= {
        }
        &'clinic;help;report;ficha-financeira'= {
        }
        &'clinic;help;ref'= {
            cand clinics 'Clinics (units) you may see (GET /listaClinicas)'
            cand channels 'Origin channels (GET /listaCanal)'
            cand campaigns 'Campaigns (GET /listaCampanha)'
            cand services 'Services (GET /listaServico)'
            cand sellers 'Sellers (GET /listaVendedor)'
            cand creators 'Users who create and modify sales (GET /listaCriadoPorVenda)'
            cand account-plans 'Account plans (GET /listaPlanoDeConta)'
            cand operation-types 'Product operation types (GET /listaTipoOperacao)'
            cand appointment-statuses 'Appointment statuses (GET /statusAgendamento)'
            cand quote-statuses 'Quote statuses (GET /lista_status_venda)'
            cand has-quote 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
        }
        &'clinic;help;ref;clinics'= {
        }
        &'clinic;help;ref;channels'= {
        }
        &'clinic;help;ref;campaigns'= {
        }
        &'clinic;help;ref;services'= {
        }
        &'clinic;help;ref;sellers'= {
        }
        &'clinic;help;ref;creators'= {
        }
        &'clinic;help;ref;account-plans'= {
        }
        &'clinic;help;ref;operation-types'= {
        }
        &'clinic;help;ref;appointment-statuses'= {
        }
        &'clinic;help;ref;quote-statuses'= {
        }
        &'clinic;help;ref;has-quote'= {
        }
        &'clinic;help;api'= {
        }
        &'clinic;help;operations'= {
        }
        &'clinic;help;completions'= {
        }
        &'clinic;help;sandbox'= {
            cand serve 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
        }
        &'clinic;help;sandbox;serve'= {
        }
        &'clinic;help;help'= {
        }
    ]
    $completions[$command]
}
