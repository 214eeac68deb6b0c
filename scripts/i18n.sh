#!/usr/bin/env bash
# The translation catalogs (Babel): companion/translations/{es,pl}/LC_MESSAGES/messages.po.
#   scripts/i18n.sh extract   write companion/translations/messages.pot from the code and templates
#   scripts/i18n.sh update    extract, then merge new and changed msgids into each .po (translators fill them)
#   scripts/i18n.sh compile   build the .mo files the app reads (git ignores them; scripts/setup.sh runs this)
#   scripts/i18n.sh init LANG start a new language's catalog from the template
# The keywords: gettext/ngettext/lazy_gettext/_ (Babel's defaults) in the web layer and templates, and the
# pure core's T(msgid, **params), Tn(singular, plural, n, **params) and N_(term) (companion/core/i18n.py).
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=${PYBABEL:-.venv/bin/pybabel}
dir=companion/translations
pot=$dir/messages.pot

extract() {
  "$pybabel" -q extract -F babel.cfg -k T -k Tn:1,2 -k N_ -k _l -k lazy_gettext \
    --no-location --sort-output --project=companion -o "$pot" companion
}

case "${1:-}" in
  extract) extract ;;
  update)
    extract
    "$pybabel" -q update -i "$pot" -d "$dir" --no-fuzzy-matching --ignore-obsolete
    ;;
  compile)  # a fuzzy entry is left out (English until a translator checks it)
    "$pybabel" -q compile -d "$dir"
    ;;
  init)
    extract
    "$pybabel" -q init -i "$pot" -d "$dir" -l "${2:?which language (es, pl)}"
    ;;
  *) echo "usage: scripts/i18n.sh extract|update|compile|init LANG" >&2; exit 2 ;;
esac
