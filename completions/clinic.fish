# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_clinic_global_optspecs
    string join \n profile= format= columns= excel o/output= all page= per-page= limit= concurrency= v/verbose q quiet sandbox sandbox-scale= h/help V/version
end

function __fish_clinic_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_clinic_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_clinic_using_subcommand
    set -l cmd (__fish_clinic_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c clinic -n "__fish_clinic_needs_command" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_needs_command" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_needs_command" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_needs_command" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_needs_command" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_needs_command" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_needs_command" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_needs_command" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_needs_command" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_needs_command" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_needs_command" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_needs_command" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_needs_command" -s q -d 'Print nothing but results and errors (as -q: before the command name)'
complete -c clinic -n "__fish_clinic_needs_command" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_needs_command" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_needs_command" -s V -l version -d 'Print version'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "login" -d 'Log in and keep the token in the OS keyring  [Autenticação]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "logout" -d 'Forget the stored token of this profile'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "auth" -d 'Token and key management'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "config" -d 'Read and change profile settings'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "contact" -d 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "campaign" -d 'Campaigns  [Entrada — Apoio / Saída — Apoio]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "appointment" -d 'Appointments  [Entrada — Conversão e entrega]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "report" -d 'Reports: appointments and the Ficha Financeira  [Saída]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "ref" -d 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "api" -d 'Call any path of the API with the same auth, formats and paging'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "operations" -d 'List every remote operation: group, method, path, command'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "sandbox" -d 'The local imitation of the whole API'
complete -c clinic -n "__fish_clinic_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l base-url -d 'API address ending in /rest/v1 (saved in the profile)' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l login -d 'User name [env: CLINIC_LOGIN; asked on a terminal]' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand login" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand login" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand login" -l password-stdin -d 'Read the password from the first line of standard input'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l insecure-storage -d 'Allow a plain 0600 file when no secure store works'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l save-password -d 'Also keep the password, so an expired token is renewed without asking'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand login" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand login" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -f -a "status" -d 'Show the profile, base URL, login, token store, and whether the token works'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -f -a "token" -d 'Print the token (only into a pipe or file, unless --show)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -f -a "set-io-key" -d 'Store the Integrações IO API key'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and not __fish_seen_subcommand_from status token set-io-key help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l show -d 'Print it even to a terminal'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from token" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l stdin -d 'Read the key from the first line of standard input'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l insecure-storage -d 'Allow a plain 0600 file when no secure store works'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from set-io-key" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show the profile, base URL, login, token store, and whether the token works'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "token" -d 'Print the token (only into a pipe or file, unless --show)'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "set-io-key" -d 'Store the Integrações IO API key'
complete -c clinic -n "__fish_clinic_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "list" -d 'Every key set in this profile'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "get" -d 'One key\'s value (exit 1 when unset)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "set" -d 'Set a key (validated)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "unset" -d 'Remove a key'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "path" -d 'Print the configuration file\'s path'
complete -c clinic -n "__fish_clinic_using_subcommand config; and not __fish_seen_subcommand_from list get set unset path help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l show -d 'Show crm_url unmasked'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l show -d 'Show crm_url unmasked'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from unset" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from path" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "list" -d 'Every key set in this profile'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "get" -d 'One key\'s value (exit 1 when unset)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "set" -d 'Set a key (validated)'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "unset" -d 'Remove a key'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "path" -d 'Print the configuration file\'s path'
complete -c clinic -n "__fish_clinic_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -f -a "create" -d 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -f -a "update" -d 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -f -a "list" -d 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -f -a "upsert" -d 'Create the contact, or update it when one with the same phone or e-mail exists'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and not __fish_seen_subcommand_from create update list upsert help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l name -l nome -d 'Full name' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l phone -l telefone -d 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l birth-date -l data-nascimento -d 'Birth date (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l channel -l canal -d 'Channel ID (see `clinic ref channels`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l campaign -l campanha -d 'Campaign ID (see `clinic ref campaigns`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l email -d 'E-mail' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l note -l observacao -d 'Free-text note' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l name -l nome -d 'Full name' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l birth-date -l data-nascimento -d 'Birth date (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l channel -l canal -d 'Channel ID of this new origin' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l campaign -l campanha -d 'Campaign ID of this new origin' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l note -l observacao -d 'Free-text note' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l name -l nome -d 'Closest-match name search' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l phone -l telefone -d 'Phone, any spelling (sent as digits)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l secondary-phone -l telefone-secundario -d 'Secondary phone, any spelling (sent as digits)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l email -d 'E-mail' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l created-from -l criado-em-de -d 'Created from (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l created-to -l criado-em-ate -d 'Created to' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l birth-from -l data-nascimento-de -d 'Born from' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l birth-to -l data-nascimento-ate -d 'Born to' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l referred-by -l indicado-por -d 'Referred by this contact ID' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l referred -l indicado -d 'Referred contacts only (1) or not referred (0)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l active -d 'Active contacts only (inativo=0)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l inactive -d 'Inactive contacts only (inativo=1)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l name -l nome -d 'Full name' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l phone -l telefone -d 'Mobile phone with area code, any spelling: 16992640197, (16) 99264-0197, +55 16 99264-0197' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l birth-date -l data-nascimento -d 'Birth date (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l channel -l canal -d 'Channel ID (see `clinic ref channels`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l campaign -l campanha -d 'Campaign ID (see `clinic ref campaigns`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l email -d 'E-mail' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l note -l observacao -d 'Free-text note' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from upsert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from help" -f -a "create" -d 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from help" -f -a "update" -d 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from help" -f -a "list" -d 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from help" -f -a "upsert" -d 'Create the contact, or update it when one with the same phone or e-mail exists'
complete -c clinic -n "__fish_clinic_using_subcommand contact; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -f -a "create" -d 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -f -a "list" -d 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and not __fish_seen_subcommand_from create list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l name -l nome -d 'Campaign name' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l name -l nome -d 'Closest-match name search' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from help" -f -a "list" -d 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand campaign; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -f -a "set-status" -d 'Change an appointment\'s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and not __fish_seen_subcommand_from set-status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from set-status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from help" -f -a "set-status" -d 'Change an appointment\'s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
complete -c clinic -n "__fish_clinic_using_subcommand appointment; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -f -a "appointments" -d 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -f -a "ficha-financeira" -d 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
complete -c clinic -n "__fish_clinic_using_subcommand report; and not __fish_seen_subcommand_from appointments ficha-financeira help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l from -l data-agendamento-de -d 'Appointments on or after this date (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l to -l data-agendamento-ate -d 'Appointments on or before this date' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l type -l tipo-agendamento -d 'Appointment type ID (2 = evaluation; requires --has-quote)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l status -d 'Appointment status IDs, comma-separated (see `clinic ref appointment-statuses`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l has-quote -l avaliacao-possui -d 'Evaluation has a quote: 0 or 1 (see `clinic ref has-quote`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from appointments" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l from -l data-de -d 'Quote date from (YYYY-MM-DD or DD/MM/YYYY)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l to -l data-ate -d 'Quote date to' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l status -d 'Quote status IDs (see `clinic ref quote-statuses`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l client -l cliente -d 'Client (contact) ID' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l contract-notes -l observacoes-contratuais -d 'Contract notes (closest match)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l sale-notes -l observacoes-venda -d 'Sale notes (closest match)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l service -l id-servico -d 'Service ID (see `clinic ref services`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l evaluation-from -l avaliacao-de -d 'Evaluation date from' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l evaluation-to -l avaliacao-ate -d 'Evaluation date to' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l created-from -l criado-em-de -d 'Created from' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l created-to -l criado-em-ate -d 'Created to' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l paid-from -l data-pagamento-de -d 'Paid from' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l paid-to -l data-pagamento-ate -d 'Paid to' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l modified-from -l modificado-em-de -d 'Modified from' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l modified-to -l modificado-em-ate -d 'Modified to' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l created-by -l criado-por -d 'Created by (see `clinic ref creators`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l modified-by -l modificado-por -d 'Modified by (see `clinic ref creators`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l seller -l vendedor -d 'Seller ID (see `clinic ref sellers`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l account-plan -l plano-de-conta -d 'Account plan ID (see `clinic ref account-plans`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l operation-type -l tipo-operacao-produto -d 'Product operation type ID (see `clinic ref operation-types`)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l active -d 'Active quotes only (inativo=0)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l inactive -d 'Inactive quotes only (inativo=1)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from ficha-financeira" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from help" -f -a "appointments" -d 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from help" -f -a "ficha-financeira" -d 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
complete -c clinic -n "__fish_clinic_using_subcommand report; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "clinics" -d 'Clinics (units) you may see (GET /listaClinicas)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "channels" -d 'Origin channels (GET /listaCanal)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "campaigns" -d 'Campaigns (GET /listaCampanha)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "services" -d 'Services (GET /listaServico)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "sellers" -d 'Sellers (GET /listaVendedor)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "creators" -d 'Users who create and modify sales (GET /listaCriadoPorVenda)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "account-plans" -d 'Account plans (GET /listaPlanoDeConta)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "operation-types" -d 'Product operation types (GET /listaTipoOperacao)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "appointment-statuses" -d 'Appointment statuses (GET /statusAgendamento)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "quote-statuses" -d 'Quote statuses (GET /lista_status_venda)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "has-quote" -d 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and not __fish_seen_subcommand_from clinics channels campaigns services sellers creators account-plans operation-types appointment-statuses quote-statuses has-quote help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from clinics" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l name -l nome -d 'Closest-match name search' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from channels" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l name -l nome -d 'Closest-match name search' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from campaigns" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l name -l nome -d 'Closest-match name search' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from services" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from sellers" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from creators" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from account-plans" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l clinic -l clinica -d 'Clinic ID [default: the profile\'s `clinica`]; required for admin_master on lists' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from operation-types" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from appointment-statuses" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from quote-statuses" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from has-quote" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "clinics" -d 'Clinics (units) you may see (GET /listaClinicas)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "channels" -d 'Origin channels (GET /listaCanal)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "campaigns" -d 'Campaigns (GET /listaCampanha)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "services" -d 'Services (GET /listaServico)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "sellers" -d 'Sellers (GET /listaVendedor)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "creators" -d 'Users who create and modify sales (GET /listaCriadoPorVenda)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "account-plans" -d 'Account plans (GET /listaPlanoDeConta)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "operation-types" -d 'Product operation types (GET /listaTipoOperacao)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "appointment-statuses" -d 'Appointment statuses (GET /statusAgendamento)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "quote-statuses" -d 'Quote statuses (GET /lista_status_venda)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "has-quote" -d 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
complete -c clinic -n "__fish_clinic_using_subcommand ref; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand api" -s q -l query -d 'Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l data -d 'JSON body: inline, @FILE, or - for standard input' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand api" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand api" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand api" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand api" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand api" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand api" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand api" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand api" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand operations" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -f -a "serve" -d 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and not __fish_seen_subcommand_from serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l addr -d 'Address to listen on; port 0 picks a free port. Only loopback unless --public' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l seed -d 'Seed of the generated data: equal seeds give equal data' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l scale -d 'Number of quotes and of appointments (contacts: max(200, N/2))' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l latency-ms -d 'Fixed delay added to every answer, in milliseconds' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l jitter-ms -d 'Random extra delay of 0..=J milliseconds added to every answer' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l error-rate -d 'Share of requests (0.0-1.0) answered with 500 or 503' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l drop-rate -d 'Share of requests (0.0-1.0) whose connection is closed after part of the body' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l rate-limit -d 'Requests per second allowed before answering 429 with Retry-After (0 = off)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l crm-rate-limit -d 'CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l envelope -d 'Shape of list responses' -r -f -a "dados\t'`{"dados": [...], "pagina_atual": P, "por_pagina": M, "total": T}`'
data\t'`{"data": [...]}`'
bare\t'`[...]`'"
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l token-field -d 'Name of the token field in the login response' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l token-ttl -d 'Lifetime of a login token, in seconds' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l auth-scheme -d 'Which `Authorization` forms are accepted' -r -f -a "both\t'`Bearer <token>` and the bare `<token>`'
bearer\t'Only `Bearer <token>`'
raw\t'Only the bare `<token>`'"
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l page-cap -d 'Never return more than N records per page, whatever was asked (0 = off)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l profile -d 'Configuration profile' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l format -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''
ndjson\t''
csv\t''
tsv\t''"
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l columns -d 'Select and order columns (dotted names reach nested fields)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -s o -l output -d 'Write to FILE (atomically: nothing under that name unless the command succeeds)' -r -F
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l page -d 'Page to read (1-based); with --all, the first page of the walk' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l per-page -d 'Records per page [default: 50]' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l limit -d 'Stop after N records' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l concurrency -d 'Requests in flight during walks [default: 4]' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l sandbox-scale -d 'Size of the built-in sandbox (records per report)' -r
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l ignore-page -d 'Always return page 1, whatever `pagina_atual` says'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l public -d 'Allow listening on a non-loopback address (the passwords are well known)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l excel -d 'CSV for Excel pt-BR: \';\' separator, UTF-8 BOM, formula-injection guard'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l all -d 'Walk every page of a list'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -s v -l verbose -d 'Trace each request on stderr (method, URL, status, time; secrets masked)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l quiet -d 'Print nothing but results and errors'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -l sandbox -d 'Run against a built-in sandbox with synthetic data, logged in as its clinic user'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
complete -c clinic -n "__fish_clinic_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "login" -d 'Log in and keep the token in the OS keyring  [Autenticação]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "logout" -d 'Forget the stored token of this profile'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "auth" -d 'Token and key management'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "config" -d 'Read and change profile settings'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "contact" -d 'Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "campaign" -d 'Campaigns  [Entrada — Apoio / Saída — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "appointment" -d 'Appointments  [Entrada — Conversão e entrega]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "report" -d 'Reports: appointments and the Ficha Financeira  [Saída]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "ref" -d 'Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "api" -d 'Call any path of the API with the same auth, formats and paging'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "operations" -d 'List every remote operation: group, method, path, command'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "completions" -d 'Print a shell completion script'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "sandbox" -d 'The local imitation of the whole API'
complete -c clinic -n "__fish_clinic_using_subcommand help; and not __fish_seen_subcommand_from login logout auth config contact campaign appointment report ref api operations completions sandbox help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "status" -d 'Show the profile, base URL, login, token store, and whether the token works'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "token" -d 'Print the token (only into a pipe or file, unless --show)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "set-io-key" -d 'Store the Integrações IO API key'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "list" -d 'Every key set in this profile'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "get" -d 'One key\'s value (exit 1 when unset)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "set" -d 'Set a key (validated)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "unset" -d 'Remove a key'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "path" -d 'Print the configuration file\'s path'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from contact" -f -a "create" -d 'Register a contact (POST /cadastraCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from contact" -f -a "update" -d 'Update a contact and record a new origin for it (POST /atualizaCadastroCliente)  [Entrada — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from contact" -f -a "list" -d 'List prospects and customers (GET /lista_cliente)  [Saída — Atração]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from contact" -f -a "upsert" -d 'Create the contact, or update it when one with the same phone or e-mail exists'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from campaign" -f -a "create" -d 'Create a campaign (POST /criaCampanha) and print its new ID  [Entrada — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from campaign" -f -a "list" -d 'List campaigns (GET /listaCampanha)  [Saída — Apoio]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from appointment" -f -a "set-status" -d 'Change an appointment\'s status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from report" -f -a "appointments" -d 'Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from report" -f -a "ficha-financeira" -d 'The Ficha Financeira: quotes with the detailed sale (GET /lista_venda_orcamento)  [Saída — Conversão]'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "clinics" -d 'Clinics (units) you may see (GET /listaClinicas)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "channels" -d 'Origin channels (GET /listaCanal)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "campaigns" -d 'Campaigns (GET /listaCampanha)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "services" -d 'Services (GET /listaServico)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "sellers" -d 'Sellers (GET /listaVendedor)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "creators" -d 'Users who create and modify sales (GET /listaCriadoPorVenda)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "account-plans" -d 'Account plans (GET /listaPlanoDeConta)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "operation-types" -d 'Product operation types (GET /listaTipoOperacao)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "appointment-statuses" -d 'Appointment statuses (GET /statusAgendamento)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "quote-statuses" -d 'Quote statuses (GET /lista_status_venda)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from ref" -f -a "has-quote" -d 'Values of the "evaluation has a quote" filter, 0 and 1 (GET /avaliacaoPossuiVendaOrcamento)'
complete -c clinic -n "__fish_clinic_using_subcommand help; and __fish_seen_subcommand_from sandbox" -f -a "serve" -d 'Serve the sandbox until interrupted (prints base_url=…, io_url=…, automation_url=…, crm_url=… first)'
