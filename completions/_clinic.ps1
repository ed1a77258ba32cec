
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'clinic' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'clinic'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'clinic' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing but results and errors (as -q: before the command name)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in and keep the token in the OS keyring  [Autenticação]')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the stored token of this profile')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Token and key management')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and change profile settings')
            [CompletionResult]::new('contact', 'contact', [CompletionResultType]::ParameterValue, 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]')
            [CompletionResult]::new('campaign', 'campaign', [CompletionResultType]::ParameterValue, 'Campaigns  [Entrada — Apoio / Saída — Apoio]')
            [CompletionResult]::new('appointment', 'appointment', [CompletionResultType]::ParameterValue, 'Appointments  [Entrada — Conversão e entrega]')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Reports: appointments and the Ficha Financeira  [Saída]')
            [CompletionResult]::new('ref', 'ref', [CompletionResultType]::ParameterValue, 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Call any path of the API with the same auth, formats and paging')
            [CompletionResult]::new('operations', 'operations', [CompletionResultType]::ParameterValue, 'List every remote operation: group, method, path, command')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'The local imitation of the whole API')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;login' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'API address ending in /rest/v1 (saved in the profile)')
            [CompletionResult]::new('--login', '--login', [CompletionResultType]::ParameterName, 'User name [env: CLINIC_LOGIN; asked on a terminal]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--password-stdin', '--password-stdin', [CompletionResultType]::ParameterName, 'Read the password from the first line of standard input')
            [CompletionResult]::new('--insecure-storage', '--insecure-storage', [CompletionResultType]::ParameterName, 'Allow a plain 0600 file when no secure store works')
            [CompletionResult]::new('--save-password', '--save-password', [CompletionResultType]::ParameterName, 'Also keep the password, so an expired token is renewed without asking')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;logout' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;auth' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, login, token store, and whether the token works')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token (only into a pipe or file, unless --show)')
            [CompletionResult]::new('set-io-key', 'set-io-key', [CompletionResultType]::ParameterValue, 'Store the Integrações IO API key')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;auth;status' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;auth;token' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--show', '--show', [CompletionResultType]::ParameterName, 'Print it even to a terminal')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;auth;set-io-key' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--stdin', '--stdin', [CompletionResultType]::ParameterName, 'Read the key from the first line of standard input')
            [CompletionResult]::new('--insecure-storage', '--insecure-storage', [CompletionResultType]::ParameterName, 'Allow a plain 0600 file when no secure store works')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;auth;help' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, login, token store, and whether the token works')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token (only into a pipe or file, unless --show)')
            [CompletionResult]::new('set-io-key', 'set-io-key', [CompletionResultType]::ParameterValue, 'Store the Integrações IO API key')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;auth;help;status' {
            break
        }
        'clinic;auth;help;token' {
            break
        }
        'clinic;auth;help;set-io-key' {
            break
        }
        'clinic;auth;help;help' {
            break
        }
        'clinic;config' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every key set in this profile')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One key''s value (exit 1 when unset)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a key (validated)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a key')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the configuration file''s path')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;config;list' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--show', '--show', [CompletionResultType]::ParameterName, 'Show crm_url unmasked')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;config;get' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--show', '--show', [CompletionResultType]::ParameterName, 'Show crm_url unmasked')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;config;set' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;config;unset' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;config;path' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;config;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every key set in this profile')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One key''s value (exit 1 when unset)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a key (validated)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a key')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the configuration file''s path')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;config;help;list' {
            break
        }
        'clinic;config;help;get' {
            break
        }
        'clinic;config;help;set' {
            break
        }
        'clinic;config;help;unset' {
            break
        }
        'clinic;config;help;path' {
            break
        }
        'clinic;config;help;help' {
            break
        }
        'clinic;contact' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create the contact, or update it when one with the same phone or e-mail exists')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;contact;create' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--phone', '--phone', [CompletionResultType]::ParameterName, 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197')
            [CompletionResult]::new('--telefone', '--telefone', [CompletionResultType]::ParameterName, 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197')
            [CompletionResult]::new('--birth-date', '--birth-date', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--data-nascimento', '--data-nascimento', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'Channel ID (see `clinic ref channels`)')
            [CompletionResult]::new('--canal', '--canal', [CompletionResultType]::ParameterName, 'Channel ID (see `clinic ref channels`)')
            [CompletionResult]::new('--campaign', '--campaign', [CompletionResultType]::ParameterName, 'Campaign ID (see `clinic ref campaigns`)')
            [CompletionResult]::new('--campanha', '--campanha', [CompletionResultType]::ParameterName, 'Campaign ID (see `clinic ref campaigns`)')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'E-mail')
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--observacao', '--observacao', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;contact;update' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--birth-date', '--birth-date', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--data-nascimento', '--data-nascimento', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'Channel ID of this new origin')
            [CompletionResult]::new('--canal', '--canal', [CompletionResultType]::ParameterName, 'Channel ID of this new origin')
            [CompletionResult]::new('--campaign', '--campaign', [CompletionResultType]::ParameterName, 'Campaign ID of this new origin')
            [CompletionResult]::new('--campanha', '--campanha', [CompletionResultType]::ParameterName, 'Campaign ID of this new origin')
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--observacao', '--observacao', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;contact;list' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--phone', '--phone', [CompletionResultType]::ParameterName, 'Phone, any spelling (sent as digits)')
            [CompletionResult]::new('--telefone', '--telefone', [CompletionResultType]::ParameterName, 'Phone, any spelling (sent as digits)')
            [CompletionResult]::new('--secondary-phone', '--secondary-phone', [CompletionResultType]::ParameterName, 'Secondary phone, any spelling (sent as digits)')
            [CompletionResult]::new('--telefone-secundario', '--telefone-secundario', [CompletionResultType]::ParameterName, 'Secondary phone, any spelling (sent as digits)')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'E-mail')
            [CompletionResult]::new('--created-from', '--created-from', [CompletionResultType]::ParameterName, 'Created from (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--criado-em-de', '--criado-em-de', [CompletionResultType]::ParameterName, 'Created from (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--created-to', '--created-to', [CompletionResultType]::ParameterName, 'Created to')
            [CompletionResult]::new('--criado-em-ate', '--criado-em-ate', [CompletionResultType]::ParameterName, 'Created to')
            [CompletionResult]::new('--birth-from', '--birth-from', [CompletionResultType]::ParameterName, 'Born from')
            [CompletionResult]::new('--data-nascimento-de', '--data-nascimento-de', [CompletionResultType]::ParameterName, 'Born from')
            [CompletionResult]::new('--birth-to', '--birth-to', [CompletionResultType]::ParameterName, 'Born to')
            [CompletionResult]::new('--data-nascimento-ate', '--data-nascimento-ate', [CompletionResultType]::ParameterName, 'Born to')
            [CompletionResult]::new('--referred-by', '--referred-by', [CompletionResultType]::ParameterName, 'Referred by this contact ID')
            [CompletionResult]::new('--indicado-por', '--indicado-por', [CompletionResultType]::ParameterName, 'Referred by this contact ID')
            [CompletionResult]::new('--referred', '--referred', [CompletionResultType]::ParameterName, 'Referred contacts only (1) or not referred (0)')
            [CompletionResult]::new('--indicado', '--indicado', [CompletionResultType]::ParameterName, 'Referred contacts only (1) or not referred (0)')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Active contacts only (inativo=0)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Inactive contacts only (inativo=1)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;contact;upsert' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Full name')
            [CompletionResult]::new('--phone', '--phone', [CompletionResultType]::ParameterName, 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197')
            [CompletionResult]::new('--telefone', '--telefone', [CompletionResultType]::ParameterName, 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197')
            [CompletionResult]::new('--birth-date', '--birth-date', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--data-nascimento', '--data-nascimento', [CompletionResultType]::ParameterName, 'Birth date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--channel', '--channel', [CompletionResultType]::ParameterName, 'Channel ID (see `clinic ref channels`)')
            [CompletionResult]::new('--canal', '--canal', [CompletionResultType]::ParameterName, 'Channel ID (see `clinic ref channels`)')
            [CompletionResult]::new('--campaign', '--campaign', [CompletionResultType]::ParameterName, 'Campaign ID (see `clinic ref campaigns`)')
            [CompletionResult]::new('--campanha', '--campanha', [CompletionResultType]::ParameterName, 'Campaign ID (see `clinic ref campaigns`)')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'E-mail')
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--observacao', '--observacao', [CompletionResultType]::ParameterName, 'Free-text note')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;contact;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create the contact, or update it when one with the same phone or e-mail exists')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;contact;help;create' {
            break
        }
        'clinic;contact;help;update' {
            break
        }
        'clinic;contact;help;list' {
            break
        }
        'clinic;contact;help;upsert' {
            break
        }
        'clinic;contact;help;help' {
            break
        }
        'clinic;campaign' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List campaigns (GET /listaCampanha)  [Saída — Apoio]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;campaign;create' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Campaign name')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Campaign name')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;campaign;list' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;campaign;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List campaigns (GET /listaCampanha)  [Saída — Apoio]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;campaign;help;create' {
            break
        }
        'clinic;campaign;help;list' {
            break
        }
        'clinic;campaign;help;help' {
            break
        }
        'clinic;appointment' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('set-status', 'set-status', [CompletionResultType]::ParameterValue, 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;appointment;set-status' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;appointment;help' {
            [CompletionResult]::new('set-status', 'set-status', [CompletionResultType]::ParameterValue, 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;appointment;help;set-status' {
            break
        }
        'clinic;appointment;help;help' {
            break
        }
        'clinic;report' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('appointments', 'appointments', [CompletionResultType]::ParameterValue, 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]')
            [CompletionResult]::new('ficha-financeira', 'ficha-financeira', [CompletionResultType]::ParameterValue, 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;report;appointments' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--data-agendamento-de', '--data-agendamento-de', [CompletionResultType]::ParameterName, 'Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Appointments on or before this date')
            [CompletionResult]::new('--data-agendamento-ate', '--data-agendamento-ate', [CompletionResultType]::ParameterName, 'Appointments on or before this date')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Appointment type ID (2 = evaluation; requires --has-quote)')
            [CompletionResult]::new('--tipo-agendamento', '--tipo-agendamento', [CompletionResultType]::ParameterName, 'Appointment type ID (2 = evaluation; requires --has-quote)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Appointment status IDs, comma-separated (see `clinic ref appointment-statuses`)')
            [CompletionResult]::new('--has-quote', '--has-quote', [CompletionResultType]::ParameterName, 'Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)')
            [CompletionResult]::new('--avaliacao-possui', '--avaliacao-possui', [CompletionResultType]::ParameterName, 'Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;report;ficha-financeira' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Quote date from (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--data-de', '--data-de', [CompletionResultType]::ParameterName, 'Quote date from (YYYY-MM-DD or DD/MM/YYYY)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Quote date to')
            [CompletionResult]::new('--data-ate', '--data-ate', [CompletionResultType]::ParameterName, 'Quote date to')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Quote status IDs (see `clinic ref quote-statuses`)')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Client (contact) ID')
            [CompletionResult]::new('--cliente', '--cliente', [CompletionResultType]::ParameterName, 'Client (contact) ID')
            [CompletionResult]::new('--contract-notes', '--contract-notes', [CompletionResultType]::ParameterName, 'Contract notes (closest match)')
            [CompletionResult]::new('--observacoes-contratuais', '--observacoes-contratuais', [CompletionResultType]::ParameterName, 'Contract notes (closest match)')
            [CompletionResult]::new('--sale-notes', '--sale-notes', [CompletionResultType]::ParameterName, 'Sale notes (closest match)')
            [CompletionResult]::new('--observacoes-venda', '--observacoes-venda', [CompletionResultType]::ParameterName, 'Sale notes (closest match)')
            [CompletionResult]::new('--service', '--service', [CompletionResultType]::ParameterName, 'Service ID (see `clinic ref services`)')
            [CompletionResult]::new('--id-servico', '--id-servico', [CompletionResultType]::ParameterName, 'Service ID (see `clinic ref services`)')
            [CompletionResult]::new('--evaluation-from', '--evaluation-from', [CompletionResultType]::ParameterName, 'Evaluation date from')
            [CompletionResult]::new('--avaliacao-de', '--avaliacao-de', [CompletionResultType]::ParameterName, 'Evaluation date from')
            [CompletionResult]::new('--evaluation-to', '--evaluation-to', [CompletionResultType]::ParameterName, 'Evaluation date to')
            [CompletionResult]::new('--avaliacao-ate', '--avaliacao-ate', [CompletionResultType]::ParameterName, 'Evaluation date to')
            [CompletionResult]::new('--created-from', '--created-from', [CompletionResultType]::ParameterName, 'Created from')
            [CompletionResult]::new('--criado-em-de', '--criado-em-de', [CompletionResultType]::ParameterName, 'Created from')
            [CompletionResult]::new('--created-to', '--created-to', [CompletionResultType]::ParameterName, 'Created to')
            [CompletionResult]::new('--criado-em-ate', '--criado-em-ate', [CompletionResultType]::ParameterName, 'Created to')
            [CompletionResult]::new('--paid-from', '--paid-from', [CompletionResultType]::ParameterName, 'Paid from')
            [CompletionResult]::new('--data-pagamento-de', '--data-pagamento-de', [CompletionResultType]::ParameterName, 'Paid from')
            [CompletionResult]::new('--paid-to', '--paid-to', [CompletionResultType]::ParameterName, 'Paid to')
            [CompletionResult]::new('--data-pagamento-ate', '--data-pagamento-ate', [CompletionResultType]::ParameterName, 'Paid to')
            [CompletionResult]::new('--modified-from', '--modified-from', [CompletionResultType]::ParameterName, 'Modified from')
            [CompletionResult]::new('--modificado-em-de', '--modificado-em-de', [CompletionResultType]::ParameterName, 'Modified from')
            [CompletionResult]::new('--modified-to', '--modified-to', [CompletionResultType]::ParameterName, 'Modified to')
            [CompletionResult]::new('--modificado-em-ate', '--modificado-em-ate', [CompletionResultType]::ParameterName, 'Modified to')
            [CompletionResult]::new('--created-by', '--created-by', [CompletionResultType]::ParameterName, 'Created by (see `clinic ref creators`)')
            [CompletionResult]::new('--criado-por', '--criado-por', [CompletionResultType]::ParameterName, 'Created by (see `clinic ref creators`)')
            [CompletionResult]::new('--modified-by', '--modified-by', [CompletionResultType]::ParameterName, 'Modified by (see `clinic ref creators`)')
            [CompletionResult]::new('--modificado-por', '--modificado-por', [CompletionResultType]::ParameterName, 'Modified by (see `clinic ref creators`)')
            [CompletionResult]::new('--seller', '--seller', [CompletionResultType]::ParameterName, 'Seller ID (see `clinic ref sellers`)')
            [CompletionResult]::new('--vendedor', '--vendedor', [CompletionResultType]::ParameterName, 'Seller ID (see `clinic ref sellers`)')
            [CompletionResult]::new('--account-plan', '--account-plan', [CompletionResultType]::ParameterName, 'Account plan ID (see `clinic ref account-plans`)')
            [CompletionResult]::new('--plano-de-conta', '--plano-de-conta', [CompletionResultType]::ParameterName, 'Account plan ID (see `clinic ref account-plans`)')
            [CompletionResult]::new('--operation-type', '--operation-type', [CompletionResultType]::ParameterName, 'Product operation type ID (see `clinic ref operation-types`)')
            [CompletionResult]::new('--tipo-operacao-produto', '--tipo-operacao-produto', [CompletionResultType]::ParameterName, 'Product operation type ID (see `clinic ref operation-types`)')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--active', '--active', [CompletionResultType]::ParameterName, 'Active quotes only (inativo=0)')
            [CompletionResult]::new('--inactive', '--inactive', [CompletionResultType]::ParameterName, 'Inactive quotes only (inativo=1)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;report;help' {
            [CompletionResult]::new('appointments', 'appointments', [CompletionResultType]::ParameterValue, 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]')
            [CompletionResult]::new('ficha-financeira', 'ficha-financeira', [CompletionResultType]::ParameterValue, 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;report;help;appointments' {
            break
        }
        'clinic;report;help;ficha-financeira' {
            break
        }
        'clinic;report;help;help' {
            break
        }
        'clinic;ref' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('clinics', 'clinics', [CompletionResultType]::ParameterValue, 'Clinics (units) you may see (GET /listaClinicas)')
            [CompletionResult]::new('channels', 'channels', [CompletionResultType]::ParameterValue, 'Origin channels (GET /listaCanal)')
            [CompletionResult]::new('campaigns', 'campaigns', [CompletionResultType]::ParameterValue, 'Campaigns (GET /listaCampanha)')
            [CompletionResult]::new('services', 'services', [CompletionResultType]::ParameterValue, 'Services (GET /listaServico)')
            [CompletionResult]::new('sellers', 'sellers', [CompletionResultType]::ParameterValue, 'Sellers (GET /listaVendedor)')
            [CompletionResult]::new('creators', 'creators', [CompletionResultType]::ParameterValue, 'Users who create and modify sales (GET /listaCriadoPorVenda)')
            [CompletionResult]::new('account-plans', 'account-plans', [CompletionResultType]::ParameterValue, 'Account plans (GET /listaPlanoDeConta)')
            [CompletionResult]::new('operation-types', 'operation-types', [CompletionResultType]::ParameterValue, 'Product operation types (GET /listaTipoOperacao)')
            [CompletionResult]::new('appointment-statuses', 'appointment-statuses', [CompletionResultType]::ParameterValue, 'Appointment statuses (GET /statusAgendamento)')
            [CompletionResult]::new('quote-statuses', 'quote-statuses', [CompletionResultType]::ParameterValue, 'Quote statuses (GET /lista_status_venda)')
            [CompletionResult]::new('has-quote', 'has-quote', [CompletionResultType]::ParameterValue, 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;ref;clinics' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;channels' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;campaigns' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;services' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--nome', '--nome', [CompletionResultType]::ParameterName, 'Closest-match name search')
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;sellers' {
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;creators' {
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;account-plans' {
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;operation-types' {
            [CompletionResult]::new('--clinic', '--clinic', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--clinica', '--clinica', [CompletionResultType]::ParameterName, 'Clinic ID [default: the profile''s `clinica`]; required for admin_master on lists')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;appointment-statuses' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;quote-statuses' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;has-quote' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;ref;help' {
            [CompletionResult]::new('clinics', 'clinics', [CompletionResultType]::ParameterValue, 'Clinics (units) you may see (GET /listaClinicas)')
            [CompletionResult]::new('channels', 'channels', [CompletionResultType]::ParameterValue, 'Origin channels (GET /listaCanal)')
            [CompletionResult]::new('campaigns', 'campaigns', [CompletionResultType]::ParameterValue, 'Campaigns (GET /listaCampanha)')
            [CompletionResult]::new('services', 'services', [CompletionResultType]::ParameterValue, 'Services (GET /listaServico)')
            [CompletionResult]::new('sellers', 'sellers', [CompletionResultType]::ParameterValue, 'Sellers (GET /listaVendedor)')
            [CompletionResult]::new('creators', 'creators', [CompletionResultType]::ParameterValue, 'Users who create and modify sales (GET /listaCriadoPorVenda)')
            [CompletionResult]::new('account-plans', 'account-plans', [CompletionResultType]::ParameterValue, 'Account plans (GET /listaPlanoDeConta)')
            [CompletionResult]::new('operation-types', 'operation-types', [CompletionResultType]::ParameterValue, 'Product operation types (GET /listaTipoOperacao)')
            [CompletionResult]::new('appointment-statuses', 'appointment-statuses', [CompletionResultType]::ParameterValue, 'Appointment statuses (GET /statusAgendamento)')
            [CompletionResult]::new('quote-statuses', 'quote-statuses', [CompletionResultType]::ParameterValue, 'Quote statuses (GET /lista_status_venda)')
            [CompletionResult]::new('has-quote', 'has-quote', [CompletionResultType]::ParameterValue, 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;ref;help;clinics' {
            break
        }
        'clinic;ref;help;channels' {
            break
        }
        'clinic;ref;help;campaigns' {
            break
        }
        'clinic;ref;help;services' {
            break
        }
        'clinic;ref;help;sellers' {
            break
        }
        'clinic;ref;help;creators' {
            break
        }
        'clinic;ref;help;account-plans' {
            break
        }
        'clinic;ref;help;operation-types' {
            break
        }
        'clinic;ref;help;appointment-statuses' {
            break
        }
        'clinic;ref;help;quote-statuses' {
            break
        }
        'clinic;ref;help;has-quote' {
            break
        }
        'clinic;ref;help;help' {
            break
        }
        'clinic;api' {
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you')
            [CompletionResult]::new('--query', '--query', [CompletionResultType]::ParameterName, 'Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'JSON body: inline, @FILE, or - for standard input')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;operations' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;completions' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;sandbox' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;sandbox;serve' {
            [CompletionResult]::new('--addr', '--addr', [CompletionResultType]::ParameterName, 'Address to listen on; port 0 picks a free port. Only loopback unless --public')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the generated data: equal seeds give equal data')
            [CompletionResult]::new('--scale', '--scale', [CompletionResultType]::ParameterName, 'Number of quotes and of appointments (contacts: max(200, N/2))')
            [CompletionResult]::new('--latency-ms', '--latency-ms', [CompletionResultType]::ParameterName, 'Fixed delay added to every answer, in milliseconds')
            [CompletionResult]::new('--jitter-ms', '--jitter-ms', [CompletionResultType]::ParameterName, 'Random extra delay of 0..=J milliseconds added to every answer')
            [CompletionResult]::new('--error-rate', '--error-rate', [CompletionResultType]::ParameterName, 'Share of requests (0.0-1.0) answered with 500 or 503')
            [CompletionResult]::new('--drop-rate', '--drop-rate', [CompletionResultType]::ParameterName, 'Share of requests (0.0-1.0) whose connection is closed after part of the body')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Requests per second allowed before answering 429 with Retry-After (0 = off)')
            [CompletionResult]::new('--crm-rate-limit', '--crm-rate-limit', [CompletionResultType]::ParameterName, 'CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off)')
            [CompletionResult]::new('--envelope', '--envelope', [CompletionResultType]::ParameterName, 'Shape of list responses')
            [CompletionResult]::new('--token-field', '--token-field', [CompletionResultType]::ParameterName, 'Name of the token field in the login response')
            [CompletionResult]::new('--token-ttl', '--token-ttl', [CompletionResultType]::ParameterName, 'Lifetime of a login token, in seconds')
            [CompletionResult]::new('--auth-scheme', '--auth-scheme', [CompletionResultType]::ParameterName, 'Which `Authorization` forms are accepted')
            [CompletionResult]::new('--page-cap', '--page-cap', [CompletionResultType]::ParameterName, 'Never return more than N records per page, whatever was asked (0 = off)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Configuration profile')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--columns', '--columns', [CompletionResultType]::ParameterName, 'Select and order columns (dotted names reach nested fields)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: nothing under that name unless the command succeeds)')
            [CompletionResult]::new('--page', '--page', [CompletionResultType]::ParameterName, 'Page to read (1-based); with --all, the first page of the walk')
            [CompletionResult]::new('--per-page', '--per-page', [CompletionResultType]::ParameterName, 'Records per page [default: 50]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N records')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Requests in flight during walks [default: 4]')
            [CompletionResult]::new('--sandbox-scale', '--sandbox-scale', [CompletionResultType]::ParameterName, 'Size of the built-in sandbox (records per report)')
            [CompletionResult]::new('--ignore-page', '--ignore-page', [CompletionResultType]::ParameterName, 'Always return page 1, whatever `pagina_atual` says')
            [CompletionResult]::new('--public', '--public', [CompletionResultType]::ParameterName, 'Allow listening on a non-loopback address (the passwords are well known)')
            [CompletionResult]::new('--excel', '--excel', [CompletionResultType]::ParameterName, 'CSV for Excel pt-BR: '';'' separator, UTF-8 BOM, formula-injection guard')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Walk every page of a list')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace each request on stderr (method, URL, status, time; secrets masked)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing but results and errors')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'Run against a built-in sandbox with synthetic data, logged in as its clinic user')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'clinic;sandbox;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;sandbox;help;serve' {
            break
        }
        'clinic;sandbox;help;help' {
            break
        }
        'clinic;help' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in and keep the token in the OS keyring  [Autenticação]')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the stored token of this profile')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Token and key management')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Read and change profile settings')
            [CompletionResult]::new('contact', 'contact', [CompletionResultType]::ParameterValue, 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]')
            [CompletionResult]::new('campaign', 'campaign', [CompletionResultType]::ParameterValue, 'Campaigns  [Entrada — Apoio / Saída — Apoio]')
            [CompletionResult]::new('appointment', 'appointment', [CompletionResultType]::ParameterValue, 'Appointments  [Entrada — Conversão e entrega]')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Reports: appointments and the Ficha Financeira  [Saída]')
            [CompletionResult]::new('ref', 'ref', [CompletionResultType]::ParameterValue, 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Call any path of the API with the same auth, formats and paging')
            [CompletionResult]::new('operations', 'operations', [CompletionResultType]::ParameterValue, 'List every remote operation: group, method, path, command')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'The local imitation of the whole API')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'clinic;help;login' {
            break
        }
        'clinic;help;logout' {
            break
        }
        'clinic;help;auth' {
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show the profile, base URL, login, token store, and whether the token works')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token (only into a pipe or file, unless --show)')
            [CompletionResult]::new('set-io-key', 'set-io-key', [CompletionResultType]::ParameterValue, 'Store the Integrações IO API key')
            break
        }
        'clinic;help;auth;status' {
            break
        }
        'clinic;help;auth;token' {
            break
        }
        'clinic;help;auth;set-io-key' {
            break
        }
        'clinic;help;config' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every key set in this profile')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'One key''s value (exit 1 when unset)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a key (validated)')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a key')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the configuration file''s path')
            break
        }
        'clinic;help;config;list' {
            break
        }
        'clinic;help;config;get' {
            break
        }
        'clinic;help;config;set' {
            break
        }
        'clinic;help;config;unset' {
            break
        }
        'clinic;help;config;path' {
            break
        }
        'clinic;help;contact' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]')
            [CompletionResult]::new('upsert', 'upsert', [CompletionResultType]::ParameterValue, 'Create the contact, or update it when one with the same phone or e-mail exists')
            break
        }
        'clinic;help;contact;create' {
            break
        }
        'clinic;help;contact;update' {
            break
        }
        'clinic;help;contact;list' {
            break
        }
        'clinic;help;contact;upsert' {
            break
        }
        'clinic;help;campaign' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List campaigns (GET /listaCampanha)  [Saída — Apoio]')
            break
        }
        'clinic;help;campaign;create' {
            break
        }
        'clinic;help;campaign;list' {
            break
        }
        'clinic;help;appointment' {
            [CompletionResult]::new('set-status', 'set-status', [CompletionResultType]::ParameterValue, 'Change an appointment''s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]')
            break
        }
        'clinic;help;appointment;set-status' {
            break
        }
        'clinic;help;report' {
            [CompletionResult]::new('appointments', 'appointments', [CompletionResultType]::ParameterValue, 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]')
            [CompletionResult]::new('ficha-financeira', 'ficha-financeira', [CompletionResultType]::ParameterValue, 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]')
            break
        }
        'clinic;help;report;appointments' {
            break
        }
        'clinic;help;report;ficha-financeira' {
            break
        }
        'clinic;help;ref' {
            [CompletionResult]::new('clinics', 'clinics', [CompletionResultType]::ParameterValue, 'Clinics (units) you may see (GET /listaClinicas)')
            [CompletionResult]::new('channels', 'channels', [CompletionResultType]::ParameterValue, 'Origin channels (GET /listaCanal)')
            [CompletionResult]::new('campaigns', 'campaigns', [CompletionResultType]::ParameterValue, 'Campaigns (GET /listaCampanha)')
            [CompletionResult]::new('services', 'services', [CompletionResultType]::ParameterValue, 'Services (GET /listaServico)')
            [CompletionResult]::new('sellers', 'sellers', [CompletionResultType]::ParameterValue, 'Sellers (GET /listaVendedor)')
            [CompletionResult]::new('creators', 'creators', [CompletionResultType]::ParameterValue, 'Users who create and modify sales (GET /listaCriadoPorVenda)')
            [CompletionResult]::new('account-plans', 'account-plans', [CompletionResultType]::ParameterValue, 'Account plans (GET /listaPlanoDeConta)')
            [CompletionResult]::new('operation-types', 'operation-types', [CompletionResultType]::ParameterValue, 'Product operation types (GET /listaTipoOperacao)')
            [CompletionResult]::new('appointment-statuses', 'appointment-statuses', [CompletionResultType]::ParameterValue, 'Appointment statuses (GET /statusAgendamento)')
            [CompletionResult]::new('quote-statuses', 'quote-statuses', [CompletionResultType]::ParameterValue, 'Quote statuses (GET /lista_status_venda)')
            [CompletionResult]::new('has-quote', 'has-quote', [CompletionResultType]::ParameterValue, 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)')
            break
        }
        'clinic;help;ref;clinics' {
            break
        }
        'clinic;help;ref;channels' {
            break
        }
        'clinic;help;ref;campaigns' {
            break
        }
        'clinic;help;ref;services' {
            break
        }
        'clinic;help;ref;sellers' {
            break
        }
        'clinic;help;ref;creators' {
            break
        }
        'clinic;help;ref;account-plans' {
            break
        }
        'clinic;help;ref;operation-types' {
            break
        }
        'clinic;help;ref;appointment-statuses' {
            break
        }
        'clinic;help;ref;quote-statuses' {
            break
        }
        'clinic;help;ref;has-quote' {
            break
        }
        'clinic;help;api' {
            break
        }
        'clinic;help;operations' {
            break
        }
        'clinic;help;completions' {
            break
        }
        'clinic;help;sandbox' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)')
            break
        }
        'clinic;help;sandbox;serve' {
            break
        }
        'clinic;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
