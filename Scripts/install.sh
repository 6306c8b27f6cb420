#!/usr/bin/env bash
# Installs Strips for one user (or under any prefix): the binary, its scanner worker, the assets it
# needs (sample document, pizzas, window icon), its translations, the desktop entry, the hicolor
# icons, the AppStream metainfo, the man page (English, and one per language of po/LINGUAS:
# share/man/LANG/man1) and the hot folder's systemd user unit (strips-watch@.service). The entry, the icons and the metainfo are named by the app's id.
# Every file written is listed in PREFIX/share/strips/install-manifest, and --uninstall removes
# exactly those (and the folders the install made, when empty).
#
# Usage: Scripts/install.sh [--prefix DIR] [--uninstall] [--binary PATH] [--manpage PATH] [--destdir DIR]
#   --prefix DIR    where to install; default ~/.local (the binary goes to DIR/bin)
#   --uninstall     remove what the last install under DIR wrote
#   --destdir DIR   stage the files under DIR (DIR/PREFIX/bin/strips ...) for a package to take, as
#                   make install DESTDIR= does: paths inside the files still say PREFIX, and no
#                   manifest is written or caches refreshed (the package manager owns them)
#   --binary PATH   install this strips binary instead of building one (swift build, release); its
#                   scanner worker, strips-scan-probe, is taken from beside it
#   --manpage PATH  install this man page instead of generating one with swift-argument-parser's
#                   generate-manual plugin (which builds the release binary as it goes)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
uninstall=0
binary=""
manpage=""
destdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) uninstall=1; shift ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    --manpage) manpage="${2:?--manpage needs a path}"; shift 2 ;;
    --destdir) destdir="${2:?--destdir needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix="${prefix%/}"
# The desktop entry's Exec= would need escapes for these; no real prefix has them.
case "$prefix" in *[\"\`\$%\\]*) echo "install.sh: the prefix may not contain \" \` \$ % or a backslash" >&2; exit 2 ;; esac
if [ -n "$destdir" ]; then
  case "$destdir" in /*) ;; *) destdir="$PWD/$destdir" ;; esac
  destdir="${destdir%/}"
  [ "$uninstall" = 0 ] || { echo "install.sh: --uninstall takes no --destdir (a staged tree is the package's to remove)" >&2; exit 2; }
fi
# Where files are written; the same as the prefix unless staged.
dest="$destdir$prefix"
manifest="$dest/share/strips/install-manifest"
# The desktop entry's, the icons' and the metainfo's name; the window's class (AppID.swift).
app_id=io.github.strips.strips

# Desktops read the MIME cache of share/applications; refresh it when the tool is there.
refresh_caches() {
  if command -v update-desktop-database >/dev/null && [ -d "$dest/share/applications" ]; then
    update-desktop-database -q "$dest/share/applications" || true
  fi
  # Only a cache that is already there is refreshed: without one, GTK reads the folders.
  if command -v gtk-update-icon-cache >/dev/null && [ -f "$dest/share/icons/hicolor/icon-theme.cache" ]; then
    gtk-update-icon-cache -q -t -f "$dest/share/icons/hicolor" || true
  fi
}

# Removes what the manifest lists: files ('f'), caches the install created ('g', kept while
# other desktop entries still need them), then the folders it made ('d'), deepest first, if empty.
remove_installed() {
  [ -f "$manifest" ] || return 0
  while IFS=' ' read -r kind path; do
    [ "$kind" = f ] && rm -f -- "$path"
  done < "$manifest"
  refresh_caches
  while IFS=' ' read -r kind path; do
    if [ "$kind" = g ] && ! ls "$(dirname "$path")"/*.desktop >/dev/null 2>&1; then rm -f -- "$path"; fi
  done < "$manifest"
  local dirs
  dirs=$(grep '^d ' "$manifest" | cut -c3- | sort -r)
  rm -f -- "$manifest"
  while IFS= read -r dir; do
    [ -n "$dir" ] && rmdir -- "$dir" 2>/dev/null || true
  done <<< "$dirs"
}

if [ "$uninstall" = 1 ]; then
  if [ ! -f "$manifest" ]; then echo "install.sh: nothing installed under $prefix (no $manifest)" >&2; exit 1; fi
  remove_installed
  echo "removed Strips from $prefix"
  exit 0
fi

if [ -z "$binary" ] || [ -z "$manpage" ]; then
  Scripts/install-deps.sh
  if [ -z "$manpage" ]; then
    # The plugin builds every product in release mode, the binary included, then writes the page.
    # In the C locale: the binary would otherwise describe itself in the builder's language.
    LC_ALL=C LANGUAGE= swift package plugin generate-manual
    generated=$(find .build/plugins/GenerateManual -name strips.1 | head -1)
    [ -n "$generated" ] || { echo "install.sh: generate-manual wrote no strips.1" >&2; exit 1; }
    # Blank lines (paragraphs of the discussions) become mdoc paragraph macros: man warns otherwise.
    manpage=.build/strips.1
    sed 's/^$/.Pp/' "$generated" > "$manpage"
  fi
  if [ -z "$binary" ]; then
    swift build -c release --product strips
    swift build -c release --product strips-scan-probe
    binary=.build/release/strips
  fi
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
# SANE runs in this helper process, never in the window's (docs/SCANNING.md).
worker="$(dirname "$binary")/strips-scan-probe"
[ -x "$worker" ] || { echo "install.sh: $worker (the scanner worker) is missing; build it with swift build --product strips-scan-probe" >&2; exit 1; }
[ -f "$manpage" ] || { echo "install.sh: $manpage is missing" >&2; exit 1; }

[ -n "$destdir" ] || remove_installed  # a previous install's leftovers go first
entries=()
make_dir() {  # records each folder it creates, so uninstall can remove it
  local dir="$1" missing=()
  while [ ! -d "$dir" ]; do missing+=("$dir"); dir=$(dirname "$dir"); done
  for ((i = ${#missing[@]} - 1; i >= 0; i--)); do
    mkdir -- "${missing[$i]}"
    entries+=("d ${missing[$i]}")
  done
}
put() {  # source target mode
  make_dir "$(dirname "$2")"
  install -m "$3" -- "$1" "$2"
  entries+=("f $2")
}

put "$binary" "$dest/bin/strips" 755
put "$worker" "$dest/libexec/strips/strips-scan-probe" 755
for folder in Sample Pizza; do
  while IFS= read -r file; do
    put "$file" "$dest/share/strips/$file" 644
  done < <(find "Assets/$folder" -type f | sort)
done
# The toolbar's icons, at 1x, 2x and 3x (their SVG sources are not needed to run).
while IFS= read -r file; do
  put "$file" "$dest/share/strips/$file" 644
done < <(find Assets/Toolbar -maxdepth 1 -type f -name '*.png' | sort)
put "Assets/Icons/hicolor/128x128/apps/$app_id.png" "$dest/share/strips/Assets/Icons/hicolor/128x128/apps/$app_id.png" 644
while IFS= read -r icon; do
  put "$icon" "$dest/share/icons/${icon#Assets/Icons/}" 644
done < <(find Assets/Icons/hicolor -type f \( -name "$app_id.png" -o -name "$app_id.svg" \) | sort)
put "$manpage" "$dest/share/man/man1/strips.1" 644
# What software centres list (GNOME Software, KDE Discover read PREFIX/share/metainfo).
put "Assets/Desktop/$app_id.metainfo.xml" "$dest/share/metainfo/$app_id.metainfo.xml" 644
# The window's languages: po/LANG.po compiled to share/locale/LANG/LC_MESSAGES/strips.mo, where
# the binary (PREFIX/bin) binds gettext; the desktop entry's name and comment from the same files.
translations=$(mktemp -d)
trap 'rm -rf "$translations"' EXIT
Scripts/compile-translations.sh "$translations/locale" "$translations/$app_id.desktop"
while IFS= read -r mo; do
  put "$mo" "$dest/share/${mo#"$translations"/}" 644
done < <(find "$translations/locale" -name strips.mo | sort)
# The man page in each language (man -L ru strips): the binary describes itself in that language
# (every abstract and option's help through the catalogs just compiled), Scripts/translated-manpage.py
# writes it as UTF-8 man(7); swift-argument-parser's generator, which wrote the English page, keeps
# only ASCII. Dated by SOURCE_DATE_EPOCH when set, so a package build is reproducible.
version=$("$binary" --version)
day=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)
for lang in $(grep -v '^#' po/LINGUAS); do
  mkdir -p "$translations/man/$lang"
  LANGUAGE="$lang" LC_ALL=C.UTF-8 STRIPS_LOCALEDIR="$translations/locale" "$binary" --experimental-dump-help \
    | python3 Scripts/translated-manpage.py "$lang" "$translations/locale" "$version" "$day" > "$translations/man/$lang/strips.1"
  put "$translations/man/$lang/strips.1" "$dest/share/man/$lang/man1/strips.1" 644
done

# The entry runs the installed binary by its full path: ~/.local/bin is not on every session's PATH.
make_dir "$dest/share/applications"
entry="$dest/share/applications/$app_id.desktop"
tmp=$(mktemp "$dest/share/applications/.strips-XXXXXX")
while IFS= read -r line; do
  case "$line" in
    "Exec=strips "*) printf 'Exec="%s" %s\n' "$prefix/bin/strips" "${line#Exec=strips }" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$translations/$app_id.desktop" > "$tmp"
chmod 644 "$tmp"
mv -f -- "$tmp" "$entry"
entries+=("f $entry")

# File managers (GNOME, Xfce, Caja, Nemo) run thumbnailers from share/thumbnailers: Strips
# thumbnails the formats desktops often have no thumbnailer for (TGA, PNM, PCX, LBM, QOI).
make_dir "$dest/share/thumbnailers"
thumbnailer="$dest/share/thumbnailers/strips.thumbnailer"
sed -e "s|^TryExec=strips$|TryExec=$prefix/bin/strips|" -e "s|^Exec=strips |Exec=\"$prefix/bin/strips\" |" \
  Assets/Desktop/strips.thumbnailer > "$thumbnailer"
chmod 644 "$thumbnailer"
entries+=("f $thumbnailer")

# The hot folder as a systemd user service (strips-watch@FOLDER, docs/ARCHIVES.md): systemd looks for
# user units in share/systemd/user under ~/.local and the XDG data folders.
make_dir "$dest/share/systemd/user"
unit="$dest/share/systemd/user/strips-watch@.service"
sed -e "s|^ExecStart=strips |ExecStart=\"$prefix/bin/strips\" |" Assets/Services/strips-watch@.service > "$unit"
chmod 644 "$unit"
entries+=("f $unit")

if [ -n "$destdir" ]; then
  echo "staged Strips $("$dest/bin/strips" --version 2>/dev/null || echo) for $prefix under $destdir ($(printf '%s\n' "${entries[@]}" | grep -c '^f ') files)"
  exit 0
fi

mime_cache="$dest/share/applications/mimeinfo.cache"
[ -f "$mime_cache" ] || entries+=("g $mime_cache")
refresh_caches

make_dir "$(dirname "$manifest")"
printf '%s\n' "${entries[@]}" > "$manifest"
echo "installed Strips $("$prefix/bin/strips" --version 2>/dev/null || echo) under $prefix ($(grep -c '^f ' "$manifest") files; Scripts/install.sh --prefix $prefix --uninstall removes them)"
echo "a hot folder: systemctl --user daemon-reload; systemctl --user enable --now \"strips-watch@\$(systemd-escape --path ~/Scans).service\" (watches ~/Scans/Inbox; docs/ARCHIVES.md)"
