#!/usr/bin/env bash
# Writes Assets/Pizza/: for every pizza on the menu a 600x600 top-down
# picture drawn with ImageMagick primitives, cut into NAME-left.png and
# NAME-right.png (300x600 RGBA, transparent outside the pizza), plus
# menu.tsv (slug, display name, price in cents) in display order.
#
# Deterministic: topping positions come from a fixed-seed LCG and noise
# from ImageMagick's `-seed`, so re-running gives the same files (for a
# given ImageMagick version).
#
# Usage: Scripts/make-pizzas.sh   (needs ImageMagick 6 at /usr/bin/convert)
set -euo pipefail

IM=/usr/bin/convert
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/Assets/Pizza
mkdir -p "$OUT"

SIZE=600
C=300          # centre of the pizza
TOP_R=232      # toppings are placed inside this radius (inside the crust)

# Menu in display order: slug, name, price in cents. Prices are all
# different and some are odd, so the mean of two halves can have half cents.
MENU=(
  'margherita|Margherita|999'
  'pepperoni|Pepperoni|1199'
  'four-cheese|Four Cheese|1349'
  'hawaiian|Hawaiian|1250'
  'mushroom|Mushroom|1095'
  'veggie|Veggie|1175'
  'bbq-chicken|BBQ Chicken|1425'
  'diavola|Diavola|1299'
  'capricciosa|Capricciosa|1375'
)

# Deterministic pseudo-random numbers (seed N; rand N sets R to 0..N-1).
source "$(dirname "$0")/random.sh"

# The whole pizza is one MVG program accumulated in $D.
D=""
d() { D+="$*"$'\n'; }

# Run MVG lines in a local coordinate system centred on X,Y rotated by A.
at() { d "push graphic-context translate $1,$2 rotate $3"; }
done_at() { d "pop graphic-context"; }

# scatter COUNT RADIUS MIN_DIST FUNC [shared]
# Calls FUNC X Y ANGLE for up to COUNT random points inside RADIUS of the
# centre, at least MIN_DIST apart so they do not pile up. With "shared" the
# points also keep clear of toppings placed by earlier shared calls (the
# base() texture spots do not use it, so toppings may sit on top of them).
TAKEN_X=() TAKEN_Y=()
scatter() {
  local n=$1 rad=$2 md=$3 fn=$4 shared=${5:-} tries=0 placed=0 x y k dx dy ok
  local px=() py=()
  if [[ $shared ]]; then px=("${TAKEN_X[@]}"); py=("${TAKEN_Y[@]}"); fi
  while (( placed < n && tries < n * 80 )); do
    tries=$((tries + 1))
    rand $((2 * rad + 1)); x=$((R - rad))
    rand $((2 * rad + 1)); y=$((R - rad))
    if (( x * x + y * y > rad * rad )); then continue; fi
    ok=1
    for k in "${!px[@]}"; do
      dx=$((x - px[k])); dy=$((y - py[k]))
      if (( dx * dx + dy * dy < md * md )); then ok=0; break; fi
    done
    if ((ok == 0)); then continue; fi
    px+=("$x"); py+=("$y"); placed=$((placed + 1))
    rand 360
    "$fn" $((C + x)) $((C + y)) "$R"
  done
  if [[ $shared ]]; then TAKEN_X=("${px[@]}"); TAKEN_Y=("${py[@]}"); fi
}

# ---------------------------------------------------------------------------
# Base layers

# base SAUCE CHEESE
# Crust ring with toasted spots, sauce disc, then (unless CHEESE is "none")
# a melted cheese layer with sauce peeking through and browned bubbles.
base() {
  local sauce=$1 cheese=$2
  TAKEN_X=() TAKEN_Y=()
  d "stroke '#9c5f24' stroke-width 4 fill '#c98a3f' circle $C,$C $C,$((C - 294))"
  d "stroke none fill '#e2ae63' circle $C,$C $C,$((C - 280))"
  toasted() { d "stroke none fill '#b8732f99' ellipse $1,$2 $((6 + $3 % 9)),$((4 + $3 % 5)) 0,360"; }
  scatter 70 272 12 toasted
  d "stroke '#8e2a18' stroke-width 3 fill '$sauce' circle $C,$C $C,$((C - 252))"
  if [[ $cheese != none ]]; then
    d "stroke none fill '$cheese' circle $C,$C $C,$((C - 240))"
    peek() { d "stroke none fill '${sauce}88' ellipse $1,$2 $((5 + $3 % 12)),$((4 + $3 % 7)) 0,360"; }
    bubble() { d "stroke none fill '#d99a3a77' circle $1,$2 $(($1 + 3 + $3 % 8)),$2"; }
    fleck() { d "stroke none fill '#fff6d888' ellipse $1,$2 $((3 + $3 % 6)),$((2 + $3 % 4)) 0,360"; }
    scatter 45 236 20 peek
    scatter 35 225 26 bubble
    scatter 90 232 10 fleck
  fi
}

# Cut lines for 8 slices; the vertical one is where the halves separate.
cuts() {
  local a
  for a in 0 45 90 135; do
    at $C $C $a
    d "stroke '#6b3a1844' stroke-width 2 line -292,0 292,0"
    done_at
  done
}

# ---------------------------------------------------------------------------
# Toppings: each takes X Y ANGLE.

pepperoni() {
  d "stroke '#86190f' stroke-width 3 fill '#b7281c' circle $1,$2 $(($1 + 27)),$2"
  d "stroke none fill '#8f1c14' circle $(($1 - 8)),$(($2 - 6)) $(($1 - 4)),$(($2 - 6)) circle $(($1 + 9)),$(($2 + 3)) $(($1 + 12)),$(($2 + 3)) circle $(($1 - 2)),$(($2 + 12)) $(($1 + 1)),$(($2 + 12))"
  d "stroke none fill '#e0604a88' ellipse $(($1 - 9)),$(($2 - 11)) 8,4 0,360"
}

salami() {   # darker, spicier, with fat specks
  d "stroke '#5c0d0d' stroke-width 3 fill '#8e1b1b' circle $1,$2 $(($1 + 30)),$2"
  local k
  for k in -14,-6 6,-14 12,8 -6,14 -2,0; do
    d "stroke none fill '#f0c8c0' circle $(($1 + ${k%,*})),$(($2 + ${k#*,})) $(($1 + ${k%,*} + 3)),$(($2 + ${k#*,}))"
  done
}

mozzarella() {
  at "$1" "$2" "$3"
  d "stroke '#e6d9b8' stroke-width 3 fill '#faf5e6' ellipse 0,0 $((30 + $3 % 14)),$((22 + $3 % 9)) 0,360"
  d "stroke none fill '#ffffff' ellipse -6,-5 12,7 0,360"
  done_at
}

basil() {
  at "$1" "$2" "$3"
  d "stroke '#1d5c22' stroke-width 2 fill '#2f8035' path 'M -26,0 Q 0,-18 26,0 Q 0,18 -26,0 Z'"
  d "stroke '#5fb065' stroke-width 2 fill none line -20,0 22,0"
  done_at
}

oregano() { d "stroke none fill '#4a6b2a' circle $1,$2 $(($1 + 2)),$2"; }

olive() { d "stroke '#151515' stroke-width 8 fill none circle $1,$2 $(($1 + 10)),$2"; }

mushroom() {
  at "$1" "$2" "$3"
  d "stroke '#6b4526' stroke-width 5 fill '#e6d3ad' path 'M -28,4 C -28,-28 28,-28 28,4 L 10,4 L 10,26 L -10,26 L -10,4 Z'"
  d "stroke '#b08e62' stroke-width 2 fill none path 'M -20,2 Q 0,-16 20,2' line 0,4 0,22"
  done_at
}

green_pepper() {
  at "$1" "$2" "$3"
  d "stroke '#1f6e25' stroke-width 9 stroke-linecap round fill none path 'M -30,10 Q 0,-24 30,10'"
  d "stroke '#49a84f' stroke-width 3 stroke-linecap round fill none path 'M -26,8 Q 0,-19 26,8'"
  done_at
}

red_onion() {
  at "$1" "$2" "$3"
  d "stroke '#8e3f8a' stroke-width 5 fill none ellipse 0,0 26,19 190,350"
  d "stroke '#c58cc1' stroke-width 3 fill none ellipse 0,0 18,12 190,350"
  done_at
}

ham() {
  at "$1" "$2" "$3"
  d "stroke '#cf7287' stroke-width 3 fill '#f2a5b4' roundrectangle -21,-19 21,19 5,5"
  d "stroke '#fbd3db' stroke-width 3 fill none path 'M -14,-6 Q 0,4 14,-8'"
  done_at
}

pineapple() {
  at "$1" "$2" "$3"
  d "stroke '#c99a12' stroke-width 3 fill '#f7d648' polygon -22,-12 22,-16 18,14 -18,16"
  d "stroke '#e2b52a' stroke-width 2 fill none line -12,-10 -10,12 line 2,-12 4,12"
  done_at
}

corn() { d "stroke '#c99a12' stroke-width 2 fill '#f9d94a' ellipse $1,$2 7,6 0,360"; }

tomato() {
  d "stroke '#a81f16' stroke-width 3 fill '#dd3a2c' circle $1,$2 $(($1 + 22)),$2"
  d "stroke none fill '#f3a27f' ellipse $(($1 - 8)),$2 5,9 0,360 ellipse $(($1 + 8)),$2 5,9 0,360"
}

chicken() {
  at "$1" "$2" "$3"
  d "stroke '#8a5a2b' stroke-width 3 fill '#d1a26a' polygon -24,-14 6,-20 24,-6 18,16 -10,20 -22,6"
  d "stroke '#6d3f17' stroke-width 4 fill none line -14,-10 10,10 line -2,-14 20,4"
  done_at
}

chili() {
  d "stroke '#c81f14' stroke-width 6 fill none circle $1,$2 $(($1 + 11)),$2"
  d "stroke none fill '#f5e3a0' circle $(($1 - 3)),$(($2 - 2)) $(($1 - 1)),$(($2 - 2)) circle $(($1 + 3)),$(($2 + 3)) $(($1 + 5)),$(($2 + 3))"
}

artichoke() {
  at "$1" "$2" "$3"
  d "stroke '#5f6b2a' stroke-width 2 fill '#a9b06a' path 'M 0,18 L -22,-6 Q -12,-22 0,-22 Q 12,-22 22,-6 Z'"
  d "stroke '#6f7a35' stroke-width 2 fill none line 0,16 0,-20 line 0,16 -12,-14 line 0,16 12,-14"
  done_at
}

# Cheese patches for the four-cheese pizza.
cheddar()    { at "$1" "$2" "$3"; d "stroke '#d9831b' stroke-width 2 fill '#f4a93a' ellipse 0,0 30,20 0,360"; done_at; }
gorgonzola() {
  at "$1" "$2" "$3"
  d "stroke '#d8d3c2' stroke-width 2 fill '#f3f0e4' ellipse 0,0 28,22 0,360"
  d "stroke '#5d7596' stroke-width 3 stroke-linecap round fill none path 'M -18,-6 L -8,-2 L -2,-10 L 8,-6'"
  d "stroke '#5d7596' stroke-width 3 stroke-linecap round fill none path 'M -10,10 L 0,6 L 12,10'"
  done_at
}
parmesan()   { at "$1" "$2" "$3"; d "stroke '#d8c07a' stroke-width 1 fill '#f7e7b0' polygon -20,-3 18,-6 20,3 -18,5"; done_at; }

bbq_drizzle() {
  d "stroke '#4a1d0c' stroke-width 6 stroke-linecap round fill none path 'M 150,170 C 230,120 260,240 330,190 S 420,150 450,230'"
  d "stroke '#4a1d0c' stroke-width 6 stroke-linecap round fill none path 'M 140,350 C 220,300 280,430 360,360 S 440,330 470,390'"
}

# ---------------------------------------------------------------------------
# One function per pizza: base + toppings. Each reseeds the generator so a
# pizza does not change when another one is edited.

pizza_margherita()  { seed 11; base '#c0301f' none;    scatter 11 205 70 mozzarella shared; scatter 9 215 55 basil shared; scatter 40 225 12 oregano; }
pizza_pepperoni()   { seed 22; base '#bf3320' '#f3d27c'; scatter 22 212 54 pepperoni shared; }
pizza_four_cheese() {
  seed 33; base '#f0dfae' '#f5e2a4'
  scatter 7 210 60 cheddar shared; scatter 7 210 60 gorgonzola shared; scatter 12 220 30 parmesan shared; scatter 30 225 12 oregano
}
pizza_hawaiian()    { seed 44; base '#bf3320' '#f3d27c'; scatter 13 212 48 ham shared; scatter 14 215 42 pineapple shared; }
pizza_mushroom()    { seed 55; base '#bf3320' '#f1d488'; scatter 22 212 46 mushroom shared; scatter 40 225 12 oregano; }
pizza_veggie() {
  seed 66; base '#c0301f' '#f2d27e'
  scatter 8 205 60 green_pepper shared; scatter 7 210 55 red_onion shared; scatter 7 215 50 tomato shared
  scatter 12 220 30 olive shared; scatter 22 225 16 corn
}
pizza_bbq_chicken() {
  seed 77; base '#6e2a14' '#f0cf7c'
  scatter 14 210 50 chicken shared; scatter 8 215 50 red_onion shared; bbq_drizzle; scatter 45 225 12 oregano
}
pizza_diavola()     { seed 88; base '#b52a1a' '#f0c96e'; scatter 15 210 56 salami shared; scatter 14 220 32 chili shared; scatter 8 220 40 olive shared; }
pizza_capricciosa() {
  seed 99; base '#bf3320' '#f3d27c'
  scatter 8 210 55 ham shared; scatter 8 210 55 mushroom shared; scatter 7 215 50 artichoke shared; scatter 10 220 30 olive shared
}

# render SLUG: draws $D, adds soft radial shading for a bit of depth, cuts
# into halves. (Per-pixel noise was tried for texture but tripled the PNG
# sizes, so the texture comes from drawn spots instead.)
render() {
  local slug=$1 full=$TMPDIR_PIZZA/$1.png
  cuts
  # [0] pizza  [1] its alpha  [2] pizza multiplied by a radial gradient;
  # then [2] gets [1] back as alpha (multiply would make it opaque).
  "$IM" -size ${SIZE}x${SIZE} xc:none -draw "$D" -blur 0x0.4 \
    \( +clone -alpha extract \) \
    \( -clone 0 -alpha off \( -size ${SIZE}x${SIZE} radial-gradient:'#ffffff'-'#cfcfcf' \) \
       -compose multiply -composite \) \
    -delete 0 +swap -alpha off -compose CopyOpacity -composite \
    -background none -alpha background "PNG32:$full"
  "$IM" "$full" -crop 300x600+0+0 +repage -strip "PNG32:$OUT/$slug-left.png"
  "$IM" "$full" -crop 300x600+300+0 +repage -strip "PNG32:$OUT/$slug-right.png"
  D=""
}

TMPDIR_PIZZA=$(mktemp -d)
trap 'rm -rf "$TMPDIR_PIZZA"' EXIT
rm -f "$OUT"/*.png

printf 'slug\tname\tprice_cents\n' >"$OUT/menu.tsv"
for entry in "${MENU[@]}"; do
  IFS='|' read -r slug name price <<<"$entry"
  "pizza_${slug//-/_}"
  render "$slug"
  printf '%s\t%s\t%s\n' "$slug" "$name" "$price" >>"$OUT/menu.tsv"
done
ls -l "$OUT"
