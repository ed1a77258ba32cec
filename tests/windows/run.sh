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
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
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
