#!/usr/bin/env bash
# Install the Debian packages the browser, PostgreSQL and deployment tests need (chromium,
# chromium-driver, postgresql, nginx) and the JavaScript checks need (nodejs, npm) when they are
# missing. Runs apt-get only as root; otherwise it says what is missing and leaves the decision
# to the tests (which fail under CI=true).
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || [ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)

if [ ${#need[@]} -eq 0 ]; then
    echo "system packages: chromium, chromium-driver, postgresql, nginx, node and npm are installed"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "system packages missing: ${need[*]} (not root: not installing them)" >&2
    exit 0
fi
echo "installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another apt or dpkg run (an unattended upgrade, a second install) may hold the locks: wait
# for it, up to 10 minutes, instead of failing at once.
lock_wait=(-o DPkg::Lock::Timeout=600)
apt-get "${lock_wait[@]}" update -qq
# Packages' services (nginx, postgresql) are not started: the tests run their own instances.
# policy-rc.d says so to the packages' install scripts, and is removed again if we made it.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
fi
apt-get "${lock_wait[@]}" install -y -qq "${need[@]}" >/dev/null
echo "installed: ${need[*]}"
