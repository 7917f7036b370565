#!/usr/bin/env bash
# The system programs the tests start themselves: redis-server (scale-out tests), chromium
# (browser tests) and nginx (the proxy in front of several instances). Installed with apt-get
# when missing and running as root; otherwise this says what to install and fails.
set -euo pipefail

need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} with apt-get (the tests start them themselves)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    exit 0
fi

echo "The tests need these system programs: ${need[*]}" >&2
echo "Install them, e.g.: sudo apt-get install -y ${need[*]}" >&2
exit 1
