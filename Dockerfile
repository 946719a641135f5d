# syntax=docker/dockerfile:1
# The shop as a container image (docs/deploy.md). Two stages on one base, so that better-sqlite3's
# native addon, compiled in the first, runs in the second: the build stage installs everything,
# builds the web app and the server and drops the development packages; the final stage gets only
# node_modules, dist/ and package.json, no compiler, and runs as a user without rights.
#
#   docker build -t joinery .
#   docker run --env-file joinery.env -p 3000:3000 -v joinery-data:/var/lib/joinery joinery

# Node 20 on Debian 12 (bookworm), slim; both stages must be on the same one.
ARG NODE_IMAGE=node:20-bookworm-slim
# pg_dump and pg_restore of this major version come with the image for `npm run backup` on
# PostgreSQL: it must be at least the server's (deploy/compose.yaml runs postgres:17).
ARG PG_MAJOR=17

FROM ${NODE_IMAGE} AS build
# What node-gyp needs when better-sqlite3 has no prebuilt addon for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ARG PG_MAJOR
# PostgreSQL's own Debian repository (set up by the script Debian's postgresql-common ships, with its
# signing key) for the client of PG_MAJOR; Debian 12 itself has only version 15.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
  && rm -rf /var/lib/apt/lists/*
# /backups: where deploy/compose.yaml mounts the backups volume; Docker gives a new volume the owner and
# mode of the folder it is mounted on, so the backup, running as joinery, may write there and no one else.
RUN groupadd --system joinery \
  && useradd --system --gid joinery --home-dir /var/lib/joinery --shell /usr/sbin/nologin joinery \
  && install -d -o joinery -g joinery -m 0700 /var/lib/joinery /backups
WORKDIR /app
# Owned by root: the shop cannot change its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# HOST: the container's port is reached from outside it. DATA_DIR: the SQLite file (when DATABASE_URL
# is unset), the generated auth secret (when BETTER_AUTH_SECRET is unset) and backups/.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/joinery
VOLUME /var/lib/joinery
USER joinery
EXPOSE 3000
# Ready: the database answers with every migration of this build, and the process is not stopping.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm run serve` starts it (the telemetry preload first, ADR 052), without npm in between, so that
# SIGTERM reaches the server itself (ADR 051). The backup: `node dist/server/backup.js` (npm run
# backup would compile first, and the image has no compiler).
CMD ["node", "--import", "./dist/server/telemetry.js", "dist/server/server.js"]
