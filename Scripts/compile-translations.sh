#!/usr/bin/env bash
# Compiles po/LANG.po into DEST/LANG/LC_MESSAGES/strips.mo (msgfmt, with its format and plural
# checks), where Strips binds gettext: .build/locale for a development build (Scripts/run.sh),
# PREFIX/share/locale when installed (Scripts/install.sh), any folder named by STRIPS_LOCALEDIR.
# With a second argument, also writes the desktop entry there, its Name, GenericName, Comment and
# Keywords translated from the same .po files.
#
# Usage: Scripts/compile-translations.sh DEST [DESKTOP_ENTRY_OUT]
set -euo pipefail
shopt -s nullglob
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="${1:?usage: compile-translations.sh DEST [DESKTOP_ENTRY_OUT]}"
command -v msgfmt >/dev/null || { echo "compile-translations.sh: msgfmt is missing (Debian package gettext; Scripts/install-deps.sh)" >&2; exit 1; }

for po in "$root"/po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$dest/$lang/LC_MESSAGES"
  # Written beside, then renamed: a running strips never reads half a catalog.
  msgfmt --check -o "$dest/$lang/LC_MESSAGES/.strips.mo.$$" "$po"
  mv -f "$dest/$lang/LC_MESSAGES/.strips.mo.$$" "$dest/$lang/LC_MESSAGES/strips.mo"
done

if [ -n "${2:-}" ]; then
  msgfmt --desktop --template="$root/Assets/Desktop/io.github.strips.strips.desktop" -d "$root/po" -o "$2"
fi
