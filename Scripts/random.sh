# Shared by the art scripts: deterministic pseudo-random numbers, xorshift32 (bash's $RANDOM is
# not reproducible across versions, and a plain LCG puts consecutive (x, y) pairs on visible
# diagonal lines). Result in global R; called without subshells so the generator state is kept.
RNG=1
# Spread small seeds over 32 bits and skip a few outputs: xorshift starts out poorly mixed from
# tiny states.
seed() { RNG=$(( ($1 * 2654435761 + 1) & 0xffffffff )); rand 2; rand 2; rand 2; }
rand() {
  RNG=$(( (RNG ^ (RNG << 13)) & 0xffffffff ))
  RNG=$(( RNG ^ (RNG >> 17) ))
  RNG=$(( (RNG ^ (RNG << 5)) & 0xffffffff ))
  R=$(( RNG % $1 ))
}
