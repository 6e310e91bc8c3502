# Habit Streaks as a container image: docs/deploy.md; the choices: docs/decisions/0073-container-image.md.
#   docker build -t habit-streaks .        (podman build --format docker -t habit-streaks . : keeps the HEALTHCHECK)
# BASE is the official Node 24 image; a machine that reaches no image registry builds on a local image of the same
# kind (scripts/container-check.sh --make-base).
ARG BASE=node:24-bookworm-slim

FROM ${BASE} AS build
# better-sqlite3 is compiled here: its prebuilt binaries come from GitHub, which a build machine may not reach.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# A build machine behind a TLS-inspecting proxy mounts its extra CA certificates here
# (podman build -v /usr/local/share/ca-certificates:/usr/local/share/ca-certificates:ro); without any, Node's own
# store is used. Install scripts run only where the build needs them: better-sqlite3 is compiled by npm's own
# node-gyp, with Node's headers from beside node (/usr/local/include/node) instead of downloaded ones.
RUN set -e; \
  if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then \
    cat /usr/local/share/ca-certificates/*.crt >/tmp/extra-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; \
  fi; \
  npm ci --ignore-scripts --no-audit --no-fund --no-update-notifier; \
  npm rebuild esbuild --no-update-notifier; \
  cd node_modules/better-sqlite3; \
  node "$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js" rebuild --release --nodedir=/usr/local; \
  rm -f /tmp/extra-ca.pem
COPY . .
# The web app and the server as `npm start` builds them, and the operator commands (backup, restore, user) beside
# the server. The bundle leaves only better-sqlite3 outside (scripts/build-server.mjs): the runtime's node_modules
# is that package's loaded files and its dependencies, not every production dependency (docs/decisions/0073).
RUN npm run build \
  && node scripts/build-server.mjs --commands \
  && find dist -name '*.map' -delete \
  && mkdir -p /out/node_modules/better-sqlite3/build/Release \
  && cp -r node_modules/better-sqlite3/package.json node_modules/better-sqlite3/lib /out/node_modules/better-sqlite3/ \
  && cp node_modules/better-sqlite3/build/Release/better_sqlite3.node /out/node_modules/better-sqlite3/build/Release/ \
  && cp -r node_modules/bindings node_modules/file-uri-to-path /out/node_modules/ \
  && cp package.json /out/

# The runtime's file system: the base without what only builds need (npm, yarn, corepack, Node's C headers),
# copied whole into an empty image below, since files removed in a later layer would still count (0073). A user
# of its own (the official image's "node" user is absent from other bases), with a fixed id so that a bind mount
# can be given to it: chown 10001:10001.
FROM ${BASE} AS runtime-root
RUN rm -rf /usr/local/include /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx \
    /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* /usr/local/share/doc /root/.npm \
  && groupadd --system --gid 10001 habits \
  && useradd --system --uid 10001 --gid habits --home-dir /app --no-create-home --shell /usr/sbin/nologin habits \
  && mkdir -p /data && chown habits:habits /data && chmod 0700 /data

FROM scratch
COPY --from=runtime-root / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
WORKDIR /app
COPY --from=build /out/ ./
COPY --from=build /app/dist ./dist
ENV PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
USER habits
VOLUME /data
EXPOSE 3000
# /api/health answers 200 once the database answers; node's fetch, as the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and receives SIGTERM, on which the server drains and closes the database. The option and
# MALLOC_ARENA_MAX above are `npm start`'s (package.json).
CMD ["node", "--max-semi-space-size=8", "dist/server/main.js"]
