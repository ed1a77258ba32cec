#!/usr/bin/env bash
# Runs the Windows build of clinic under Wine and checks it against the Linux build:
#   tests/windows/run.sh WINDOWS_EXE LINUX_BINARY
# It needs wine (64-bit), mingw-w64 (to build the test-only stand-in DLL) and nothing else; .ci/run
# installs them. Every run uses a fresh, temporary Wine prefix that is removed afterwards.
set -euo pipefail

exe=$(realpath "${1:?usage: run.sh WINDOWS_EXE LINUX_BINARY}")
linux=$(realpath "${2:?usage: run.sh WINDOWS_EXE LINUX_BINARY}")
here=$(cd "$(dirname "$0")" && pwd)

work=$(mktemp -d)
server_pid=""
proxy_pid=""
cleanup() {
    # A process stopped by SIGTERM is waited for with status 143: under `set -e` that status would
    # become the script's own, after every check had passed.
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && { wait "$server_pid" 2>/dev/null || true; }
    [ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null && { wait "$proxy_pid" 2>/dev/null || true; }
    WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Headless and quiet: no display to wait for, no debug chatter, and no offer to install Mono or
# Gecko (those are dialogs). bcryptprimitives is taken from beside the .exe (the stand-in below).
unset DISPLAY WAYLAND_DISPLAY
# Wine names the profile folder (C:\users\NAME) after the user.
export USER=${USER:-$(id -un)}
export WINEPREFIX="$work/prefix" WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"
wine=$(command -v wine64 || command -v wine)

# Wine 8's bcryptprimitives.dll lacks ProcessPrng, which Rust's standard library calls at start-up.
# The stand-in is built next to a copy of the .exe, never next to the release build itself.
mkdir -p "$work/bin"
cp "$exe" "$work/bin/clinic.exe"
x86_64-w64-mingw32-gcc -O2 -shared -o "$work/bin/bcryptprimitives.dll" \
    "$here/support/processprng.c" -ladvapi32

start=$(date +%s)
"$wine" wineboot -i >/dev/null 2>&1
wineserver -w
echo "wine prefix ready in $(($(date +%s) - start)) s"

# The tool's own environment is cleared, so the host's settings cannot leak into the checks.
for var in $(env | sed -n 's/^\(CLINIC_[A-Z_]*\)=.*/\1/p'); do unset "$var"; done
export NO_COLOR=1

failures=0
pass() { echo "ok   $1"; }
fail() {
    echo "FAIL $1" >&2
    failures=$((failures + 1))
}
# Runs the Windows build; Wine passes standard input, output and exit codes through.
win() { "$wine" "$work/bin/clinic.exe" "$@"; }

# 1. It starts and names its version like the Linux build.
if [ "$(win --version)" = "$("$linux" --version)" ]; then
    pass "--version"
else
    fail "--version: '$(win --version 2>&1)'"
fi

# 2. A whole export is byte-identical to the Linux build's (line endings included).
win --sandbox report ficha-financeira --all --format csv >"$work/win.csv" 2>"$work/win.err" || true
"$linux" --sandbox report ficha-financeira --all --format csv >"$work/linux.csv" 2>/dev/null
if [ -s "$work/linux.csv" ] && cmp -s "$work/win.csv" "$work/linux.csv"; then
    pass "sandbox export is byte-identical ($(wc -l <"$work/linux.csv") lines)"
else
    fail "sandbox export differs: $(cmp "$work/win.csv" "$work/linux.csv" 2>&1 | head -1); $(head -c 300 "$work/win.err")"
fi

# 3. Accents survive the command line and the output: "Conceição" set, then read back as UTF-8.
export CLINIC_CONFIG_DIR='C:\clinic-accents'
win config set units 'Conceição;São Paulo' >/dev/null 2>&1 || true
if [ "$(win config get units 2>/dev/null)" = 'Conceição;São Paulo' ]; then
    pass "accented output is UTF-8"
else
    fail "accented output: '$(win config get units 2>&1 | od -c | head -3)'"
fi
unset CLINIC_CONFIG_DIR

# 4. Login, status and logout through Credential Manager, against a sandbox the Linux build serves;
#    with no CLINIC_CONFIG_DIR the profile lives under %APPDATA%. Its tokens are 4,096 bytes, a JWT
#    carrying claims: more than one Credential Manager entry holds (2,560 bytes).
"$linux" sandbox serve --addr 127.0.0.1:0 --token-bytes 4096 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
for _ in $(seq 100); do
    grep -q '^base_url=' "$work/serve.out" 2>/dev/null && break
    sleep 0.1
done
base_url=$(sed -n 's/^base_url=//p' "$work/serve.out")
[ -n "$base_url" ] || { cat "$work/serve.err" >&2; fail "the Linux sandbox did not start"; }

if printf 'unidade1\n' | win login --base-url "$base_url" --login unidade1 --password-stdin \
    2>"$work/login.err" && grep -q 'Windows Credential Manager' "$work/login.err"; then
    pass "login stores the token in Credential Manager"
else
    fail "login: $(cat "$work/login.err")"
fi

status=$(win auth status --format json 2>"$work/status.err" || true)
if echo "$status" | grep -q '"token_works": true' &&
    echo "$status" | grep -q '"token_store": "credential-manager"'; then
    pass "auth status reads the token back from Credential Manager"
else
    fail "auth status: $status $(cat "$work/status.err")"
fi

token=$(win auth token 2>/dev/null | tr -d '\r\n')
if [ "${#token}" = 4096 ] && win report appointments --page 1 --format json >"$work/report.json" 2>"$work/report.err" &&
    grep -q '"id"' "$work/report.json"; then
    pass "a 4,096-byte token reads back whole from Credential Manager and a report runs with it"
else
    fail "long token: ${#token} bytes read back; $(head -c 300 "$work/report.err")"
fi

config_path=$(win config path 2>/dev/null | tr -d '\r')
appdata_config="$WINEPREFIX/drive_c/users/$USER/AppData/Roaming/clinic/config/config.toml"
if [ "$config_path" = "C:\\users\\$USER\\AppData\\Roaming\\clinic\\config\\config.toml" ] &&
    grep -q "base_url = \"$base_url\"" "$appdata_config"; then
    pass "the profile is under %APPDATA% ($config_path)"
else
    fail "config location: '$config_path'; $(ls -R "$WINEPREFIX/drive_c/users/$USER/AppData" 2>&1 | head -20)"
fi

# 5. Excel's plain CSV (Windows-1252, ';', CRLF, no BOM) in a folder with accents: read as
#    Windows-1252, said so with the path as typed (single backslashes), and the name reaches the
#    sandbox whole (read back through contact list).
desktop="$WINEPREFIX/drive_c/users/$USER/Área de Trabalho"
mkdir -p "$desktop"
printf 'nome;telefone;data_nascimento;canal;campanha\r\nJos\xe9 Ant\xf4nio Ara\xfajo;(16) 99264-0197;23/04/1990;1;1\r\n' \
    >"$desktop/novos contatos.csv"
csv_path="C:\\users\\$USER\\Área de Trabalho\\novos contatos.csv"
if win contact import "$csv_path" --clinic 1 --format ndjson >"$work/import.out" 2>"$work/import.err" &&
    grep -q '"created"' "$work/import.out" &&
    grep -qF "$csv_path is not UTF-8 (line 2, byte 4): read as Windows-1252" "$work/import.err" &&
    win contact list --phone 16992640197 --format json 2>/dev/null | grep -q '"José Antônio Araújo"'; then
    pass "Excel's plain CSV (Windows-1252) is imported with its accents"
else
    fail "Windows-1252 import: $(head -c 300 "$work/import.err") $(head -c 300 "$work/import.out")"
fi

# 6. A proxy that refuses the credentials (407 with an HTML page, as Squid answers) is named as
#    the proxy, exit 5, by the command and by doctor; its password and its page's markup never show.
python3 - "$work/proxy.port" <<'PY' &
import os, socket, sys
page = (b"<html><head><title>ERROR: Cache Access Denied</title></head>"
        b"<body><p>Sorry, you are not currently allowed to request this page.</p></body></html>")
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen()
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    client, _ = listener.accept()
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = client.recv(4096)
        if not chunk:
            break
        head += chunk
    client.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                   b"Proxy-Authenticate: Basic realm=\"Squid\"\r\nContent-Type: text/html\r\n"
                   b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(page) + page)
    client.close()
PY
proxy_pid=$!
for _ in $(seq 100); do
    [ -s "$work/proxy.port" ] && break
    sleep 0.1
done
proxy_address="127.0.0.1:$(cat "$work/proxy.port" 2>/dev/null)"
proxy_password='s3nha-errada-do-proxy'
win config set proxy "http://clinica:$proxy_password@$proxy_address" >/dev/null 2>&1 || true
code=0
win ref channels >"$work/proxy.out" 2>"$work/proxy.err" || code=$?
win doctor >"$work/doctor.out" 2>&1 || true
if [ "$code" = 5 ] &&
    grep -qF "the proxy $proxy_address refused the credentials (HTTP 407)" "$work/proxy.err" &&
    grep -q "^FAIL  proxy .*the proxy $proxy_address refused the credentials" "$work/doctor.out" &&
    ! grep -q '^ok    base_url' "$work/doctor.out" &&
    ! cat "$work/proxy.out" "$work/proxy.err" "$work/doctor.out" | grep -q -e "$proxy_password" -e 'Sorry'; then
    pass "a proxy's 407 is named as the proxy (exit 5), its password never shown"
else
    fail "proxy 407: exit $code; $(head -c 300 "$work/proxy.err"); $(grep -i proxy "$work/doctor.out" | head -3)"
fi
win config unset proxy >/dev/null 2>&1 || true

if win logout 2>"$work/logout.err" && grep -q 'removed the token' "$work/logout.err"; then
    pass "logout removes the token from Credential Manager"
else
    fail "logout: $(cat "$work/logout.err")"
fi
code=0
win auth token >/dev/null 2>&1 || code=$?
if [ "$code" = 3 ]; then
    pass "after logout there is no token (exit 3)"
else
    fail "auth token after logout exited $code"
fi

if [ "$failures" -gt 0 ]; then
    echo "$failures Windows check(s) failed" >&2
    exit 1
fi
echo "all Windows checks passed"
