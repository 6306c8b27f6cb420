#!/usr/bin/env bash
# Writes Assets/Sample/*.jpg: a multi-page "scanned document" used as bundled
# sample content. Every page has a different size/aspect ratio and a distinct
# big heading + coloured element so pages can be told apart as thumbnails.
#
# Deterministic: all "randomness" comes from a fixed-seed LCG below and from
# ImageMagick's `-seed`, so re-running produces the same pictures (for a given
# ImageMagick version).
#
# Usage: Scripts/make-sample-document.sh   (needs ImageMagick 6 at /usr/bin/convert)
set -euo pipefail

IM=/usr/bin/convert
FONTS=/usr/share/fonts/truetype/dejavu
SANS=$FONTS/DejaVuSans.ttf
SANS_B=$FONTS/DejaVuSans-Bold.ttf
SANS_I=$FONTS/DejaVuSans-Oblique.ttf
SANS_BI=$FONTS/DejaVuSans-BoldOblique.ttf
COND=$FONTS/DejaVuSansCondensed.ttf
SERIF=$FONTS/DejaVuSerif.ttf
SERIF_B=$FONTS/DejaVuSerif-Bold.ttf
SERIF_I=$FONTS/DejaVuSerif-Italic.ttf
MONO=$FONTS/DejaVuSansMono.ttf
MONO_B=$FONTS/DejaVuSansMono-Bold.ttf

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/Assets/Sample
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# Deterministic pseudo-random numbers (seed N; rand N sets R to 0..N-1).
source "$(dirname "$0")/random.sh"

# ---------------------------------------------------------------------------
# Drawing is accumulated as one MVG program in $D (one convert call per page
# is much faster than one per element). Overlays (stamps, photos) are
# composited afterwards from the $OV argument list.
D=""
OV=()
Y=0   # layout cursor: helpers that flow text advance it

d() { D+="$*"$'\n'; }

# txt X Y FONT SIZE COLOR TEXT [anchor]
# Text must not contain single quotes (MVG string delimiter).
txt() {
  d "font '$3' font-size $4 fill '$5' stroke none text-anchor ${7:-start} text $1,$2 '$6'"
}

# hline X1 X2 Y COLOR [WIDTH]
hline() { d "stroke '$4' stroke-width ${5:-2} fill none line $1,$3 $2,$3"; }

# rect X1 Y1 X2 Y2 FILL [STROKE] [STROKE_WIDTH]
rect() { d "stroke '${6:-none}' stroke-width ${7:-1} fill '$5' rectangle $1,$2 $3,$4"; }

# Text pool for paragraphs: plausible contract / report / letter prose, one
# sentence per entry (no single quotes). Paragraphs are built from whole
# sentences so every page reads like real text.
SENTENCES=(
  'The Provider shall perform the services described in this agreement with due care and in accordance with generally accepted industry practice.'   # 0
  'The Client agrees to supply all information, access and materials reasonably required for the timely completion of the work.'                       # 1
  'Any change to the scope of services must be agreed in writing by both parties before work on the change begins.'                                    # 2
  'Invoices are payable within thirty days of the invoice date unless otherwise stated.'                                                               # 3
  'Late payments may incur interest at the statutory rate from the due date until payment is received in full.'                                        # 4
  'Either party may terminate this agreement by giving sixty days written notice to the other party.'                                                  # 5
  'All documents, drawings and data produced under this agreement remain confidential and may not be disclosed to third parties without prior consent.' # 6
  'Nothing in this agreement shall limit liability for death or personal injury caused by negligence.'                                                 # 7
  'This agreement is governed by the laws of the jurisdiction in which the Provider has its registered office.'                                        # 8
  'Field crews reported steady progress across all northern sites during the quarter, with minor delays caused by weather in the second half of August.' # 9
  'Soil samples were collected at fourteen locations and sent for laboratory analysis.'                                                               # 10
  'Equipment utilisation improved compared with the previous period while fuel costs remained within budget.'                                          # 11
  'We are pleased to confirm that the renewal terms discussed at our meeting have been accepted by the landlord.'                                      # 12
  'Please review the enclosed schedule and let us know if any of the dates require adjustment.'                                                       # 13
  'Two new monitoring wells were installed at Harrow Fen and are now reporting daily readings.'                                                       # 14
  'The Blackwater pass rate fell slightly because of contaminated sample containers, which have since been replaced.'                                  # 15
  'Next quarter the team will focus on the southern sites and on reducing laboratory turnaround times.'                                                # 16
  'The new lease will run for five years from the first of June, with a rent review at the end of the third year.'                                     # 17
  'The service charge will remain unchanged for the first twelve months.'                                                                            # 18
  'We would be grateful if you could sign and return both copies of the lease by the end of the month.'                                                # 19
  'Should you have any questions, please do not hesitate to contact me directly.'                                                                    # 20
)

# para X WIDTH SIZE LINE_H FONT COLOR "INDICES"
# Word-wraps the given sentences into lines that fit WIDTH pixels, draws
# them from the cursor Y and advances Y.
para() {
  local x=$1 w=$2 size=$3 lh=$4 font=$5 color=$6 i text="" line
  local chars=$(( w * 100 / (size * 56) ))   # DejaVu averages ~0.55em per char
  for i in $7; do text+="${SENTENCES[i]} "; done
  while IFS= read -r line; do
    txt "$x" "$Y" "$font" "$size" "$color" "${line% }"
    Y=$((Y + lh))
  done < <(fold -s -w "$chars" <<<"${text% }")
}

# table X Y ROW_H HEADER_FILL HEADER_TEXT_COLOR "w1 w2 ..." "h1|h2|..." "r1c1|r1c2|..." ...
# Ruled table; numeric-looking cells (digits, currency) are right aligned.
# Advances Y to just below the table.
table() {
  local x=$1 y=$2 rh=$3 hfill=$4 hcolor=$5 widths=($6) header=$7
  shift 7
  local rows=("$@") total=0 w cx r c cell cells
  for w in "${widths[@]}"; do total=$((total + w)); done
  local nrows=$(( ${#rows[@]} + 1 ))
  local bottom=$(( y + nrows * rh ))
  rect "$x" "$y" $((x + total)) $((y + rh)) "$hfill"
  for ((r = 0; r < nrows; r++)); do
    if ((r == 0)); then IFS='|' read -r -a cells <<<"$header"; else IFS='|' read -r -a cells <<<"${rows[r - 1]}"; fi
    cx=$x
    for ((c = 0; c < ${#widths[@]}; c++)); do
      cell=${cells[c]:-}
      local ty=$(( y + r * rh + rh * 2 / 3 ))
      local font=$SANS color='#222222'
      ((r == 0)) && font=$SANS_B color=$hcolor
      if ((r > 0)) && [[ $cell =~ ^[-\$€£0-9.,%\ ]+$ ]]; then
        txt $((cx + widths[c] - 10)) "$ty" "$font" $((rh / 2)) "$color" "$cell" end
      else
        txt $((cx + 10)) "$ty" "$font" $((rh / 2)) "$color" "$cell"
      fi
      cx=$((cx + widths[c]))
    done
  done
  # rules drawn last so they sit on top of the header tint
  for ((r = 0; r <= nrows; r++)); do hline "$x" $((x + total)) $((y + r * rh)) '#333333' 2; done
  cx=$x
  d "stroke '#333333' stroke-width 2 line $cx,$y $cx,$bottom"
  for w in "${widths[@]}"; do
    cx=$((cx + w))
    d "stroke '#333333' stroke-width 1 line $cx,$y $cx,$bottom"
  done
  Y=$((bottom + rh))
}

# stamp FILE COLOR ANGLE SIZE WORD SMALLTEXT SEED
# A rubber stamp: double ring + word with uneven ink. The shape is drawn
# white-on-black as a mask, mottled with seeded noise, then used as the
# alpha channel of a solid ink colour (so the background stays clear).
stamp() {
  local file=$1 color=$2 angle=$3 s=$4 word=$5 small=$6 sd=$7
  local c=$((s / 2))
  # shrink long words so they stay inside the outer ring
  local ps=$(( s * 11 / (10 * ${#word}) )); ((ps > s / 6)) && ps=$((s / 6))
  "$IM" -size "${s}x${s}" xc:black \
    -fill none -stroke white -strokewidth $((s / 40)) -draw "circle $c,$c $c,$((s / 30))" \
    -strokewidth $((s / 120 + 1)) -draw "circle $c,$c $c,$((s / 9))" \
    -stroke none -fill white -font "$SANS_B" -gravity center \
    -pointsize "$ps" -annotate +0+0 "$word" \
    -font "$SANS" -pointsize $((s / 16)) -annotate +0+$((s / 5)) "$small" \
    -annotate +0-$((s / 5)) "* * *" \
    \( -size "${s}x${s}" xc:gray50 -seed "$sd" +noise Random -colorspace gray -blur 0x1.5 \
       -auto-level -level 0%,60% \) -compose multiply -composite \
    -blur 0x0.5 -evaluate multiply 0.85 \
    \( -size "${s}x${s}" xc:"$color" \) +swap -alpha off -compose CopyOpacity -composite \
    -compose over -background none -rotate "$angle" +repage "$file"
}

# photo FILE W H SKY_TOP SKY_BOTTOM HILL1 HILL2
# A printed-photo-like landscape: gradient sky, sun, two hill layers, water.
photo() {
  local file=$1 w=$2 h=$3
  "$IM" -size "${w}x${h}" gradient:"$4"-"$5" \
    -fill '#fff3c4' -draw "circle $((w * 3 / 4)),$((h / 4)) $((w * 3 / 4 + h / 12)),$((h / 4))" \
    -fill "$6" -draw "polygon 0,$((h * 55 / 100)) $((w / 5)),$((h * 35 / 100)) $((w * 2 / 5)),$((h / 2)) $((w * 3 / 5)),$((h * 30 / 100)) $w,$((h * 52 / 100)) $w,$h 0,$h" \
    -fill "$7" -draw "polygon 0,$((h * 70 / 100)) $((w / 3)),$((h * 58 / 100)) $((w * 2 / 3)),$((h * 72 / 100)) $w,$((h * 62 / 100)) $w,$h 0,$h" \
    -fill '#4f7fa8' -draw "rectangle 0,$((h * 85 / 100)) $w,$h" \
    -blur 0x1.2 -modulate 100,80 \
    -bordercolor '#333333' -border 2 "$file"
}

# scan OUT W H PAPER SEED [ANGLE]
# Renders $D on a paper-coloured canvas, composites overlays, then fakes a
# scan: tiny skew, paper grain, warm vignette, soft focus. Noise is kept weak
# and slightly blurred so JPEG files stay small.
scan() {
  local out=$1 w=$2 h=$3 paper=$4 sd=$5 angle=${6:-0.35}
  "$IM" -size "${w}x${h}" xc:"$paper" -draw "$D" "${OV[@]}" \
    -background "$paper" -rotate "$angle" -gravity center -extent "${w}x${h}" \
    \( -size "${w}x${h}" -define gradient:extent=diagonal radial-gradient:'#ffffff'-'#e3dbca' \) \
    -compose multiply -composite -compose over \
    -seed "$sd" -attenuate 0.2 +noise Gaussian -blur 0x0.6 \
    -strip -interlace none -sampling-factor 2x2 -quality 85 "$out"
  D="" OV=()
}

# ---------------------------------------------------------------------------
page_contract() {
  local W=1240 H=1754 L=120 R=1120
  txt 620 200 "$SERIF_B" 58 '#111111' 'SERVICE AGREEMENT' middle
  txt 620 250 "$SERIF_I" 23 '#333333' 'Contract No. SA-2024-0117  -  Effective 1 March 2024' middle
  hline $L $R 285 '#222222' 3
  hline $L $R 292 '#222222' 1
  Y=360
  local clauses=('1. Parties|0 1' '2. Scope of Services|2 6' '3. Fees and Payment|3 4') c
  for c in "${clauses[@]}"; do
    txt $L $Y "$SERIF_B" 26 '#111111' "${c%|*}"; Y=$((Y + 42))
    para $L 1000 21 33 "$SERIF" '#222222' "${c#*|}"
    Y=$((Y + 26))
  done
  table $L $Y 46 '#c9dcf0' '#10325a' "460 140 200 200" \
    'Item|Quantity|Rate|Amount' \
    'Site survey and report|1|2,400.00|2,400.00' \
    'Design consultation (hours)|18|95.00|1,710.00' \
    'Structural drawings|6|310.00|1,860.00' \
    'Project management|1|1,150.00|1,150.00'
  txt $L $Y "$SERIF_B" 26 '#111111' '4. Term and Termination'; Y=$((Y + 42))
  para $L 1000 21 33 "$SERIF" '#222222' '5 7 8'
  # signature lines
  hline $L 520 1600 '#222222' 2; hline 720 $R 1600 '#222222' 2
  txt $L 1630 "$SANS" 18 '#444444' 'Client: Meridian Holdings Ltd.'
  txt 720 1630 "$SANS" 18 '#444444' 'Provider: Ashgrove Engineering'
  d "stroke '#1b2f7a' stroke-width 3 fill none path 'M 150,1590 c 20,-40 40,-50 50,-10 s -30,30 10,-20 c 15,-20 25,10 35,-5 c 20,-25 40,5 60,-15 l 80,-5'"
  txt 620 1700 "$SANS" 16 '#666666' 'Page 1 of 8' middle
  stamp "$TMP/stamp1.png" '#1f4fb3' -14 300 APPROVED '03 / 2024' 11
  OV=("$TMP/stamp1.png" -gravity northwest -geometry +820+1230 -composite)
  scan "$OUT/01-contract.jpg" $W $H '#f4eee1' 101 0.3
}

page_invoice() {
  local W=1240 H=1754 L=110 R=1130
  # logo block + company
  rect $L 110 230 230 '#2e8b6e'
  txt 170 190 "$SANS_B" 52 '#ffffff' 'NB' middle
  txt 255 150 "$SANS_B" 30 '#1e2a26' 'Northbridge Supply Co.'
  txt 255 185 "$SANS" 18 '#555555' '22 Harbour Road, Leith, EH6 7LB'
  txt 255 212 "$SANS" 18 '#555555' 'accounts@northbridge.example  -  0131 555 0192'
  txt $R 330 "$SANS_B" 84 '#1f6f5c' 'INVOICE' end
  txt $R 375 "$SANS" 20 '#333333' 'Invoice no. INV-30871' end
  txt $R 405 "$SANS" 20 '#333333' 'Date: 14 May 2024' end
  txt $R 435 "$SANS" 20 '#333333' 'Due: 13 June 2024' end
  txt $L 330 "$SANS_B" 20 '#333333' 'BILL TO'
  txt $L 365 "$SANS" 20 '#222222' 'Fenwick Bakery'
  txt $L 393 "$SANS" 20 '#222222' '5 Mill Street'
  txt $L 421 "$SANS" 20 '#222222' 'Dunfermline KY12 7AB'
  hline $L $R 480 '#1f6f5c' 4
  local rows=(
    'Flour, strong white 16 kg|12|18.40|220.80'
    'Rye flour 10 kg|4|14.25|57.00'
    'Dried yeast 500 g|10|4.10|41.00'
    'Sea salt 5 kg|3|6.75|20.25'
    'Unsalted butter 10 kg|2|71.90|143.80'
    'Free range eggs (tray of 30)|8|7.60|60.80'
    'Cane sugar 25 kg|1|29.99|29.99'
    'Baking parchment rolls|6|3.35|20.10'
    'Delivery charge|1|15.00|15.00'
  )
  Y=540
  # zebra stripes behind the body rows
  local r
  for ((r = 1; r <= ${#rows[@]}; r += 2)); do rect $L $((Y + r * 52)) $R $((Y + r * 52 + 52)) '#e6f2ee'; done
  table $L $Y 52 '#2e8b6e' '#ffffff' "500 120 200 200" 'Description|Qty|Unit price|Amount' "${rows[@]}"
  txt 930 $Y "$SANS" 22 '#333333' 'Subtotal' end; txt $R $Y "$SANS" 22 '#222222' '608.74' end; Y=$((Y + 38))
  txt 930 $Y "$SANS" 22 '#333333' 'VAT 20%' end;  txt $R $Y "$SANS" 22 '#222222' '121.75' end; Y=$((Y + 20))
  hline 700 $R $Y '#222222' 2; Y=$((Y + 45))
  txt 930 $Y "$SANS_B" 28 '#111111' 'TOTAL GBP' end; txt $R $Y "$SANS_B" 28 '#111111' '730.49' end
  Y=1490
  txt $L $Y "$SANS_B" 20 '#333333' 'Payment terms'; Y=$((Y + 34))
  para $L 1000 18 28 "$SANS" '#444444' '3 4'
  hline $L $R 1640 '#1f6f5c' 2
  txt 620 1675 "$SANS" 16 '#666666' 'Bank: Lothian Mutual  -  Sort code 80-22-61  -  Account 40917733' middle
  stamp "$TMP/stamp2.png" '#c8231e' 12 330 PAID '21 MAY 2024' 22
  OV=("$TMP/stamp2.png" -gravity northwest -geometry +150+1050 -composite)
  scan "$OUT/02-invoice.jpg" $W $H '#f6f1e6' 202 -0.25
}

page_report() {
  local W=1754 H=1240 L=100 R=1654
  txt $L 150 "$SERIF_B" 60 '#2b2b2b' 'Quarterly Field Report - Q3'
  txt $R 150 "$SANS" 22 '#777777' 'Northern Sites Division' end
  rect $L 180 $R 190 '#e07b24'
  # left column: photo + caption + text
  photo "$TMP/photo3.png" 760 430 '#6fa3d8' '#dfeaf3' '#6f8f4e' '#3f6b35'
  OV=("$TMP/photo3.png" -gravity northwest -geometry +$L+230 -composite)
  txt $L 700 "$SERIF_I" 19 '#444444' 'Fig. 1  Survey area near Kettle Ridge, looking east (August).'
  Y=760
  para $L 760 20 31 "$SERIF" '#222222' '9 10 11 14 15 16'
  # right column: bar chart
  local cx=950 base=640 i h x
  txt $cx 260 "$SANS_B" 24 '#333333' 'Samples processed per month'
  d "stroke '#444444' stroke-width 2 line $cx,300 $cx,$base line $cx,$base $R,$base"
  local vals=(120 180 150 260 230 300) months=(Apr May Jun Jul Aug Sep)
  for i in 0 1 2 3 4 5; do
    x=$((cx + 40 + i * 112)); h=${vals[i]}
    rect $x $((base - h)) $((x + 70)) $base "$( ((i >= 3)) && echo '#e07b24' || echo '#2f8f9d')"
    txt $((x + 35)) $((base + 30)) "$SANS" 18 '#444444' "${months[i]}" middle
    txt $((x + 35)) $((base - h - 10)) "$SANS" 16 '#444444' "$h" middle
  done
  table $cx 720 44 '#f6c79b' '#5a2d06' "300 200 204" \
    'Site|Samples|Pass rate' \
    'Kettle Ridge|412|97.3%' \
    'Harrow Fen|288|94.1%' \
    'Oakmere|359|98.6%' \
    'Blackwater|211|91.8%' \
    'Total|1,270|95.9%'
  txt 877 1195 "$SANS" 16 '#777777' 'Page 3' middle
  scan "$OUT/03-report-landscape.jpg" $W $H '#f3eee3' 303 0.4
}

page_receipt() {
  local W=540 H=1800 C=270 L=40 R=500
  txt $C 110 "$MONO_B" 40 '#1a1a1a' 'CORNER MARKET' middle
  txt $C 150 "$MONO" 19 '#333333' '118 Linden Avenue' middle
  txt $C 176 "$MONO" 19 '#333333' 'Tel 555 0148' middle
  txt $C 222 "$MONO" 19 '#333333' '2024-05-18  17:42  #0419' middle
  txt $L 270 "$MONO" 20 '#333333' '--------------------------------'
  local items=(
    'Sourdough loaf|4.20' 'Oat milk 1L|2.15' 'Free range eggs x6|3.49'
    'Tomatoes vine 500g|2.80' 'Basil pot|1.95' 'Mozzarella 125g|1.60'
    'Olive oil 500ml|6.75' 'Spaghetti 1kg|2.10' 'Parmesan 200g|4.90'
    'Red onions 1kg|1.25' 'Dark chocolate|2.35' 'Coffee beans 250g|5.80'
    'Bananas|1.12' 'Apples Gala x4|2.40' 'Greek yogurt|2.65'
    'Paper towels|3.10' 'Dish soap|1.99'
  )
  local y=315 it name price
  for it in "${items[@]}"; do
    name=${it%|*}; price=${it#*|}
    txt $L $y "$MONO" 20 '#262626' "$name"
    txt $R $y "$MONO" 20 '#262626' "$price" end
    y=$((y + 34))
  done
  txt $L $((y + 4)) "$MONO" 20 '#333333' '--------------------------------'; y=$((y + 48))
  txt $L $y "$MONO" 20 '#262626' 'SUBTOTAL'; txt $R $y "$MONO" 20 '#262626' '50.80' end; y=$((y + 34))
  txt $L $y "$MONO" 20 '#262626' 'TAX 5%';   txt $R $y "$MONO" 20 '#262626' '2.54' end;  y=$((y + 56))
  txt $L $y "$MONO_B" 34 '#111111' 'TOTAL';  txt $R $y "$MONO_B" 34 '#111111' '53.34' end; y=$((y + 60))
  txt $L $y "$MONO" 20 '#262626' 'VISA ****4821';  txt $R $y "$MONO" 20 '#262626' '53.34' end; y=$((y + 34))
  txt $L $y "$MONO" 20 '#262626' 'AUTH 093311'; y=$((y + 70))
  txt $C $y "$MONO_B" 26 '#1a1a1a' 'THANK YOU!' middle; y=$((y + 36))
  txt $C $y "$MONO" 18 '#333333' 'Keep receipt for returns' middle; y=$((y + 70))
  # barcode: deterministic bar widths
  seed 4821
  local x=70 bw
  while ((x < 470)); do
    rand 4; bw=$((R + 1))
    rect $x $y $((x + bw)) $((y + 110)) '#111111'
    rand 5; x=$((x + bw + R + 2))
  done
  txt $C $((y + 140)) "$MONO" 18 '#333333' '4 006381 333931' middle
  # torn bottom edge showing the dark scanner lid
  local pts="0,$H" zx zy=1745
  for ((zx = 0; zx <= W; zx += 18)); do rand 22; pts+=" $zx,$((zy + R))"; done
  d "fill '#3b3b3b' stroke none polygon $pts $W,$H"
  # faded thermal print: a light vertical streak
  rect 300 0 318 1740 '#ffffff80'
  scan "$OUT/04-receipt.jpg" $W $H '#f5f4ef' 404 0.6
}

page_panorama() {
  local W=2400 H=800
  # aluminium whiteboard frame
  rect 0 0 $W $H '#b8bcc0'
  rect 22 22 $((W - 22)) $((H - 22)) '#f1f3f2'
  # ghost of erased marker
  d "stroke '#d9dddd' stroke-width 14 fill none path 'M 300,650 c 200,-80 400,60 700,-20 s 300,-90 500,10'"
  txt 90 130 "$SANS_BI" 72 '#1b4aa0' 'PROJECT TIMELINE 2024'
  txt 1500 120 "$SANS_I" 34 '#333333' 'release plan v3 - do not erase!'
  # the timeline arrow
  d "stroke '#202020' stroke-width 9 fill none line 120,430 2230,430"
  d "fill '#202020' stroke none polygon 2230,405 2290,430 2230,455"
  local labels=('JAN|Kickoff' 'MAR|Prototype' 'MAY|Beta' 'JUL|Field test' 'SEP|Launch' 'NOV|Review')
  local colors=('#d62f2f' '#2c9a46' '#1b4aa0' '#e98a13' '#8e2fb8' '#d62f2f')
  local i x lab up
  for i in 0 1 2 3 4 5; do
    x=$((220 + i * 360)); lab=${labels[i]}
    d "fill '${colors[i]}' stroke '#202020' stroke-width 4 circle $x,430 $((x + 26)),430"
    up=$(( i % 2 == 0 ? 330 : 560 ))
    txt $x $up "$SANS_B" 40 "${colors[i]}" "${lab%|*}" middle
    txt $x $((up + 48)) "$SANS_I" 32 '#222222' "${lab#*|}" middle
  done
  # sticky notes stuck on the board (rendered separately so they can be tilted)
  "$IM" -size 260x220 xc:'#fbe77b' -fill '#333333' -font "$SANS_I" -pointsize 30 \
    -annotate +20+70 'Budget OK' -annotate +20+120 'by Feb 15' -background none -rotate -6 "$TMP/note5a.png"
  "$IM" -size 260x220 xc:'#f7a8c8' -fill '#333333' -font "$SANS_I" -pointsize 30 \
    -annotate +20+70 'Hire 2 QA' -annotate +20+120 'testers' -background none -rotate 5 "$TMP/note5b.png"
  "$IM" -size 260x220 xc:'#a8e6a1' -fill '#333333' -font "$SANS_I" -pointsize 30 \
    -annotate +20+70 'Press kit' -annotate +20+120 'draft' -background none -rotate -3 "$TMP/note5c.png"
  # placed in the gaps between milestone labels so nothing is hidden
  OV=("$TMP/note5a.png" -gravity northwest -geometry +770+500 -composite
      "$TMP/note5b.png" -geometry +1170+150 -composite
      "$TMP/note5c.png" -geometry +1500+500 -composite)
  scan "$OUT/05-panorama.jpg" $W $H '#e9ebea' 505 -0.2
}

page_square_note() {
  local S=1200
  # the note is drawn on its own canvas, then dropped (tilted, with shadow)
  # onto the grey scanner bed
  local N=980
  D=""
  rect 0 0 $N 90 '#f3da62'
  local y
  for ((y = 210; y < N - 40; y += 64)); do hline 40 $((N - 40)) $y '#c9c6a0' 2; done
  txt 60 170 "$SANS_BI" 84 '#b0241b' 'MEMO'
  txt $((N - 60)) 160 "$SANS_I" 30 '#333333' 'Tue 12 Mar' end
  txt 60 260 "$SANS_I" 36 '#1f2f66' 'To: design team'
  local todo=('Order new scanner toner' 'Call printer re: proofs' 'Book room for Friday' 'Send logo files to Priya' 'Water the office plants')
  local i ty
  for i in 0 1 2 3 4; do
    ty=$((390 + i * 100))
    d "fill none stroke '#1f2f66' stroke-width 4 rectangle 70,$((ty - 38)) 110,$((ty + 2))"
    txt 140 $ty "$SANS_I" 40 '#1f2f66' "${todo[i]}"
    if ((i % 2 == 0)); then
      d "fill none stroke '#c0271d' stroke-width 7 polyline 74,$((ty - 22)) 90,$((ty - 2)) 122,$((ty - 56))"
    fi
  done
  d "fill none stroke '#c0271d' stroke-width 5 ellipse 760,890 150,58 0,360"
  txt 760 905 "$SANS_BI" 44 '#c0271d' 'Fri 3pm!' middle
  "$IM" -size "${N}x${N}" xc:'#fcec8c' -draw "$D" \
    \( +clone -background '#000000' -shadow 60x12+10+14 \) +swap \
    -background none -layers merge +repage -rotate 3 "$TMP/note6.png"
  D=""
  OV=("$TMP/note6.png" -gravity center -geometry +0+0 -composite)
  scan "$OUT/06-square-note.jpg" $S $S '#d6d4cf' 606 0
}

page_business_card() {
  local W=1050 H=600
  rect 0 0 320 $H '#1d2b4f'
  d "fill none stroke '#d4a84b' stroke-width 8 circle 160,250 160,150"
  txt 160 285 "$SERIF_B" 92 '#d4a84b' 'AL' middle
  txt 160 440 "$SANS_B" 24 '#e8e4d8' 'LINDQVIST' middle
  txt 160 472 "$SANS" 18 '#c9c4b5' 'STRUCTURES' middle
  txt 380 170 "$SERIF_B" 52 '#1d2b4f' 'Amelia Lindqvist'
  txt 380 215 "$SANS" 26 '#666666' 'Senior Structural Engineer'
  rect 380 245 560 251 '#d4a84b'
  local lines=('+46 8 555 014 27' 'amelia@lindqvist.example' 'www.lindqvist.example' 'Sveavagen 41, Stockholm')
  local i
  for i in 0 1 2 3; do
    d "fill '#d4a84b' stroke none circle 392,$((322 + i * 56)) 400,$((322 + i * 56))"
    txt 420 $((330 + i * 56)) "$SANS" 24 '#2a2a2a' "${lines[i]}"
  done
  scan "$OUT/07-business-card.jpg" $W $H '#fbf9f3' 707 0.5
}

page_letter() {
  local W=1275 H=1650 L=130 R=1145
  txt 637 150 "$SERIF_B" 56 '#5b2a86' 'HARTWELL & PRICE' middle
  txt 637 195 "$SANS" 19 '#5b2a86' 'SOLICITORS  -  14 OLD MILL LANE  -  BRISTOL BS1 4QT' middle
  hline $L $R 225 '#5b2a86' 4; hline $L $R 233 '#5b2a86' 1
  txt $R 310 "$SERIF" 22 '#222222' '3 April 2024' end
  local y=310 a
  for a in 'Ms. Grace Okafor' 'Okafor Design Studio' 'Unit 7, Canal Wharf' 'Bath BA2 3DF'; do
    txt $L $y "$SERIF" 22 '#222222' "$a"; y=$((y + 32))
  done
  txt $L 510 "$SERIF_B" 24 '#111111' 'Re: Lease renewal for Unit 7, Canal Wharf'
  txt $L 580 "$SERIF" 22 '#222222' 'Dear Ms. Okafor,'
  Y=640
  para $L 1010 22 34 "$SERIF" '#222222' '12 17 18'; Y=$((Y + 22))
  para $L 1010 22 34 "$SERIF" '#222222' '13 19';   Y=$((Y + 22))
  para $L 1010 22 34 "$SERIF" '#222222' '20';  Y=$((Y + 34))
  txt $L $Y "$SERIF" 22 '#222222' 'Yours sincerely,'
  # signature scribble in blue ink
  local sy=$((Y + 90))
  d "stroke '#1b2f7a' stroke-width 4 fill none stroke-linecap round stroke-linejoin round path 'M $((L + 10)),$sy c 10,-70 50,-90 40,-20 s -40,60 -10,30 c 25,-25 35,-60 55,-35 c 12,15 -5,40 15,30 c 20,-10 30,-45 50,-30 s 5,35 25,20 c 25,-20 45,-40 70,-25 c 15,10 10,25 30,15 l 90,-20'"
  d "stroke '#1b2f7a' stroke-width 3 fill none path 'M $((L + 20)),$((sy + 18)) c 80,-12 190,-20 330,-26'"
  txt $L $((sy + 70)) "$SERIF_B" 22 '#222222' 'Daniel Hartwell'
  txt $L $((sy + 102)) "$SERIF_I" 20 '#444444' 'Partner'
  txt $L 1440 "$SERIF" 20 '#333333' 'Enc.  Lease (2 copies), schedule of dates'
  txt $L 1472 "$SERIF" 20 '#333333' 'cc:   Canal Wharf Estates Ltd.'
  hline $L $R 1560 '#bbbbbb' 1
  txt 637 1590 "$SANS" 15 '#777777' 'Hartwell & Price LLP is regulated by the Solicitors Regulation Authority (SRA no. 604211)' middle
  scan "$OUT/08-letter.jpg" $W $H '#f5f0e6' 808 -0.45
}

rm -f "$OUT"/*.jpg
page_contract
page_invoice
page_report
page_receipt
page_panorama
page_square_note
page_business_card
page_letter
ls -l "$OUT"
