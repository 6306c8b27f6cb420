#!/usr/bin/env bash
# Extracts every user-visible string into po/strips.pot and merges it into each po/LANG.po, whose
# translators then fill the new entries (msgmerge marks changed ones "fuzzy": check them, then
# remove the mark). Strings are found where the sources pass a literal to tr(...), trn(...), trc(...),
# trLater(...) or trnLater(...) (a host's wording marked where it is made and translated where the
# window shows it: HostMessage),
# read by xgettext as C (it has no Swift parser; a literal in those calls must be a plain "..."),
# in the desktop entry (Name, GenericName, Comment, Keywords), and in Scripts/translated-manpage.py (_(...)).
#
# Usage: Scripts/update-po.sh [--check]
#   --check   change nothing; exit 1 if po/strips.pot is not what the sources give, or a .po
#             lacks a translation (an untranslated or fuzzy entry)
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."

check=0
[ "${1:-}" = "--check" ] && check=1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Only the files that call tr: xgettext's C lexer stumbles on Swift's multi-line strings elsewhere.
grep -rlE '\btr([nc]|Later|nLater)?\(' Sources --include='*.swift' | LC_ALL=C sort > "$tmp/files"
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=trLater --keyword=trnLater:1,2 \
  --add-comments=TRANSLATORS: --no-location --no-wrap --sort-output --package-name=strips \
  --msgid-bugs-address="the Strips issue tracker" --files-from="$tmp/files" -o "$tmp/code.pot"
xgettext --language=Desktop --from-code=UTF-8 --no-location --no-wrap -o "$tmp/desktop.pot" Assets/Desktop/io.github.strips.strips.desktop
# The translated man pages' own words (section names), read by Python's gettext.
xgettext --language=Python --from-code=UTF-8 --keyword= --keyword=_ --no-location --no-wrap -o "$tmp/manual.pot" Scripts/translated-manpage.py
msgcat --no-wrap --sort-output --use-first "$tmp/code.pot" "$tmp/desktop.pot" "$tmp/manual.pot" | sed '/^"POT-Creation-Date:/d' > "$tmp/strips.pot"

# A literal xgettext could not read as C (a Swift interpolation, a multi-line string) is lost:
# every tr("..."), trn("...") and trc("context", "...") the sources hold must be in the template.
grep -rhoE '\b(trn?\(|trn?Later\(|trc\("[a-z]+", )"([^"\\]|\\.)*"' Sources --include='*.swift' | sed -E 's/^(trn?\(|trn?Later\(|trc\("[a-z]+", )"//; s/"$//' | LC_ALL=C sort -u > "$tmp/literals"
missing=0
while IFS= read -r literal; do
  if ! grep -qF -- "msgid \"$literal\"" "$tmp/strips.pot" && ! grep -qF -- "msgid_plural \"$literal\"" "$tmp/strips.pot"; then
    echo "update-po.sh: tr(\"$literal\") is not in the template (is it a plain literal?)" >&2
    missing=1
  fi
done < "$tmp/literals"
[ "$missing" = 0 ] || exit 1

if [ "$check" = 1 ]; then
  status=0
  if ! diff -q <(grep -v '^"POT-Creation-Date' po/strips.pot) "$tmp/strips.pot" >/dev/null; then
    echo "update-po.sh: po/strips.pot is out of date (run Scripts/update-po.sh)" >&2
    status=1
  fi
  for po in po/*.po; do
    msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$po" "$tmp/strips.pot"
    stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/merged.po" 2>&1)
    case "$stats" in
      *untranslated*|*fuzzy*) echo "update-po.sh: $po: $stats" >&2; status=1 ;;
    esac
  done
  exit $status
fi

cp "$tmp/strips.pot" po/strips.pot
for po in po/*.po; do
  msgmerge --quiet --update --backup=none --no-location --no-wrap --sort-output "$po" po/strips.pot
  echo "$po: $(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1)"
done
