#!/usr/bin/env bash
# Fuzzes the recovery folder the way a hostile or unlucky user could leave it, and checks that
# Strips never touches a path outside it and never hangs (issue 28). Each round makes a fresh
# recovery root holding real sessions (scanned by strips-scan-probe from SANE's test backend,
# left behind as a crash leaves them) and then mutates it at random: symbolic links to a decoy
# folder outside (as session folders, as pages, as lists, as marks, as locks), FIFOs under any of
# those names, stray files and folders, lists naming `../decoy/...` or thousands of pages, marks
# from other folders, other owners and modes. Then the probe lists the leftovers and `strips`
# starts headless with `--recover discard`, each under a time limit, while an inotify watch on
# the decoy folder (python3's ctypes, no extra package) records any open, read, change or removal.
#
#   Scripts/fuzz-recovery.sh [ROUNDS] [SEED]      # default 40 rounds, seed 1
#
# Prints one line per round and a summary; exits 1 on the first round that touched the decoy,
# hung, or crashed. Builds the debug binaries it needs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=${1:-40}
seed=${2:-1}
cd "$root"
swift build --product strips >/dev/null
swift build --product strips-scan-probe >/dev/null
work=$(mktemp -d /tmp/strips-fuzz-recovery-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sane"
printf 'test\n' > "$work/sane/dll.conf"
printf 'number_of_devices 1\nmode Gray\ndepth 8\nresolution 30.0\ntest-picture "Grid"\ngeometry_max 400.0\nbr_x 210.0\nbr_y 297.0\n' > "$work/sane/test.conf"

exec python3 - "$root/.build/debug" "$work" "$rounds" "$seed" <<'PY'
import ctypes, ctypes.util, json, os, random, shutil, signal, stat, struct, subprocess, sys, threading, time

bins, work, rounds, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
IN_ALL = 0x00000FFF & ~0x00000010 & ~0x00000020 | 0x20  # every event but close-nowrite; opens included
IN_ACCESS, IN_MODIFY, IN_ATTRIB, IN_OPEN, IN_DELETE, IN_DELETE_SELF, IN_MOVED_FROM = 0x1, 0x2, 0x4, 0x20, 0x200, 0x400, 0x40

class Watch:
    """inotify on every folder of the decoy: any event is a touch."""
    def __init__(self, top):
        self.fd = libc.inotify_init1(os.O_NONBLOCK)
        self.names = {}
        # Listed first, watched after: the listing's own opens are not the run's.
        for folder in [f for f, _, _ in os.walk(top)]:
            wd = libc.inotify_add_watch(self.fd, folder.encode(), IN_ACCESS | IN_MODIFY | IN_ATTRIB | IN_OPEN | IN_DELETE | IN_DELETE_SELF | IN_MOVED_FROM)
            self.names[wd] = folder
        self.events()
    def events(self):
        out = []
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return out
            i = 0
            while i < len(data):
                wd, mask, _, length = struct.unpack_from("iIII", data, i)
                name = data[i + 16:i + 16 + length].rstrip(b"\0").decode(errors="replace")
                out.append(f"{self.names.get(wd, '?')}/{name} mask {mask:#x}")
                i += 16 + length
    def close(self):
        os.close(self.fd)

def run(args, env, limit=30):
    start = time.monotonic()
    try:
        p = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=limit)
        return p.returncode, p.stderr.decode(errors="replace"), time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "hang", "", time.monotonic() - start

def png(w, h):
    import zlib
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\0" + bytes([128]) * w for _ in range(h))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

rng = random.Random(seed)
touched = hangs = crashes = 0
times = []
for n in range(rounds):
    base = f"{work}/r{n}"
    state, decoy, recovery = f"{base}/state", f"{base}/decoy", f"{base}/state/strips/recovery"
    os.makedirs(f"{decoy}/2023/inner")
    for name, data in [("2023/scan-0001.png", png(8, 6)), ("2023/a.txt", b"mine"), ("2023/manifest.json", b"{}"),
                       ("2023/inner/scan-0002.png", png(4, 4)), ("secret.png", png(5, 5))]:
        with open(f"{decoy}/{name}", "wb") as f: f.write(data)
    env = dict(os.environ, XDG_STATE_HOME=state, SANE_CONFIG_DIR=f"{work}/sane", TMPDIR=f"{base}/tmp", XDG_CACHE_HOME=f"{base}/cache")
    os.makedirs(f"{base}/tmp")
    # Real sessions left as a crash leaves them.
    for _ in range(rng.randint(1, 3)):
        run([f"{bins}/strips-scan-probe", "--config-dir", f"{work}/sane", "--device", "test:0", "--dpi", "30",
             "--page", "a5", "--recovery", recovery], env, limit=60)
    sessions = sorted(d for d in os.listdir(recovery) if os.path.isdir(f"{recovery}/{d}")) if os.path.isdir(recovery) else []
    targets = [f"{decoy}/2023", f"{decoy}/secret.png", f"{decoy}/2023/a.txt", decoy, "../../../decoy/2023", f"{decoy}/nothing"]
    mutations = []
    for _ in range(rng.randint(3, 12)):
        kind = rng.choice(["link-session", "link-page", "link-file", "fifo", "stray", "stray-folder", "manifest", "mark", "mode", "swap-root"])
        folder = f"{recovery}/{rng.choice(sessions)}" if sessions and rng.random() < 0.8 else recovery
        name = rng.choice(["manifest.json", "scan-0001.png", "scan-0009.png", "lock", "strips-session", "x", "a.txt", "20240101T000000Z-1", ".hidden"])
        path = f"{folder}/{name}"
        try:
            if kind == "link-session":
                os.symlink(rng.choice(targets), f"{recovery}/{rng.choice(['2023', 'link', '20250101T000000Z-9'])}")
            elif kind in ("link-page", "link-file"):
                if os.path.lexists(path): os.unlink(path) if not os.path.isdir(path) or os.path.islink(path) else shutil.rmtree(path)
                os.symlink(rng.choice(targets), path)
            elif kind == "fifo":
                if os.path.lexists(path) and not os.path.isdir(path): os.unlink(path)
                os.mkfifo(path)
            elif kind == "stray":
                with open(path + rng.choice(["", ".txt", ".png"]), "wb") as f: f.write(os.urandom(rng.randint(0, 64)))
            elif kind == "stray-folder":
                os.makedirs(path + "-dir", exist_ok=True)
            elif kind == "manifest":
                files = [rng.choice(["../../../../decoy/secret.png", "/etc/passwd", "../x", "scan-0001.png", "a.txt", ".lock", "scan-0009.png"])
                         for _ in range(rng.randint(1, 5))]
                pages = [dict(name=f"Scan {i}", file=f, bytes=10, width=8, height=6, format="grey", dpi=30, mode="gray", scanned=0)
                         for i, f in enumerate(files)]
                if rng.random() < 0.2:
                    pages += [dict(name=f"Scan {i}", file=f"scan-{i:05}.png", bytes=10, width=8, height=6, format="grey", dpi=30, mode="gray", scanned=0) for i in range(20000)]
                if os.path.lexists(f"{folder}/manifest.json") and not os.path.isdir(f"{folder}/manifest.json"): os.unlink(f"{folder}/manifest.json")
                with open(f"{folder}/manifest.json", "w") as f:
                    json.dump(dict(version=2, created=0, pid=1, pages=pages, settled=[dict(file=rng.choice(files))]), f)
            elif kind == "mark":
                other = f"{recovery}/{rng.choice(sessions)}/strips-session" if sessions else None
                if other and os.path.isfile(other) and os.path.isdir(folder) and folder != recovery:
                    if os.path.lexists(f"{folder}/strips-session"): os.unlink(f"{folder}/strips-session")
                    shutil.copy(other, f"{folder}/strips-session")
            elif kind == "mode":
                if folder != recovery: os.chmod(folder, rng.choice([0o700, 0o755, 0o777]))
                if os.geteuid() == 0 and rng.random() < 0.3: os.chown(folder, 65534, 65534)
            elif kind == "swap-root" and rng.random() < 0.2:
                shutil.rmtree(recovery)
                os.symlink(rng.choice([decoy, f"{decoy}/2023"]), recovery)
                sessions = []
        except OSError:
            continue
        mutations.append(kind)
    watch = Watch(decoy)
    results = []
    results.append(run([f"{bins}/strips-scan-probe", "--leftovers", recovery], env))
    script = f"{base}/s.strips"
    with open(script, "w") as f: f.write("at 0 dump\n")
    results.append(run([f"{bins}/strips", "photos", "--script", script, "--recover", rng.choice(["discard", "take", "keep"]),
                        "--output", f"{base}/out.pdf"], env))
    events = watch.events()
    watch.close()
    for code, err, took in results:
        times.append(took)
        if code == "hang": hangs += 1
        elif isinstance(code, int) and code < 0: crashes += 1
    if events: touched += 1
    intact = os.path.isfile(f"{decoy}/2023/a.txt") and open(f"{decoy}/2023/a.txt", "rb").read() == b"mine"
    bad = events or not intact or any(c == "hang" or (isinstance(c, int) and c < 0) for c, _, _ in results)
    print(f"round {n}: {len(sessions)} sessions, mutations {','.join(mutations)}; exits {[c for c, _, _ in results]}; "
          f"{max(t for _, _, t in results):.2f} s; decoy {'TOUCHED ' + '; '.join(events[:3]) if events else 'untouched'}", flush=True)
    if bad:
        print("FAILED: " + (results[-1][1][:2000]))
        sys.exit(1)
    # Leave nothing for the next round's watch (and make the tree removable).
    subprocess.run(["chmod", "-R", "u+rwx", base], stderr=subprocess.DEVNULL)
    shutil.rmtree(base, ignore_errors=True)
times.sort()
print(f"{rounds} rounds (seed {seed}): decoy touched {touched}, hangs {hangs}, crashes {crashes}; "
      f"runs {len(times)}, median {times[len(times)//2]:.2f} s, slowest {times[-1]:.2f} s")
PY
