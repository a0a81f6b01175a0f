#!/usr/bin/env bash
# The browsers the tests drive, from Debian's packages (never a browser download such as
# `playwright install`, which cannot work here): Chromium (Playwright), Firefox ESR
# (puppeteer-core over WebDriver BiDi, no geckodriver) and WebKitGTK's MiniBrowser with
# WebKitWebDriver (Selenium) under Xvfb. About 400 MB installed; apt keeps the downloaded
# packages in /var/cache/apt/archives, so a machine that keeps its disk installs them again
# without downloading.
#   bash tools/browsers.sh                  # all three
#   bash tools/browsers.sh chromium firefox # some
set -euo pipefail
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(chromium firefox webkit)
packages=()
for engine in "${engines[@]}"; do
  case "$engine" in
    chromium) [ -x /usr/bin/chromium ] || packages+=(chromium) ;;
    firefox) [ -x /usr/bin/firefox-esr ] || packages+=(firefox-esr) ;;
    webkit) { [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/Xvfb ]; } ||
              packages+=(webkit2gtk-driver xvfb) ;;
    *) echo "browsers.sh: unknown engine $engine (chromium, firefox, webkit)" >&2; exit 2 ;;
  esac
done
[ ${#packages[@]} -gt 0 ] || exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "== installing ${packages[*]} (apt-get)"
install() {  # Chromium with its recommended fonts, as always; the others without extras
  local plain=() lean=()
  for p in "${packages[@]}"; do
    if [ "$p" = chromium ]; then plain+=("$p"); else lean+=("$p"); fi
  done
  [ ${#plain[@]} -eq 0 ] || $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y "${plain[@]}"
  [ ${#lean[@]} -eq 0 ] ||
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${lean[@]}"
}
# A fresh machine may have no package lists yet: update only when the first try fails.
if ! install; then
  $SUDO apt-get update
  install
fi
