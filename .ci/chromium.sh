# Debian's chromium for the web board's browser tests; sourced by .ci/run (bash, as root).
#
# The tests drive /usr/bin/chromium through Playwright for Python (no browser of Playwright's own
# is downloaded). With CI=true they fail rather than skip when it is missing.

if [ ! -x /usr/bin/chromium ]; then
    echo "Installing Chromium (Debian's chromium package) …"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends chromium >/dev/null
fi
