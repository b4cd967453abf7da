# syntax=docker/dockerfile:1
#
# Balcão as one container: Next.js standalone server, SQLite in a volume (/app/data).
#   docker build -t balcao .
#   docker run --env-file .env -p 3000:3000 -v balcao-data:/app/data balcao
# or `docker compose up --build` (docker-compose.yml). See docs/deploy.md.

ARG NODE_VERSION=20

# ---- base: the same Debian and Node for every stage (native modules must match) ----
FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /app

# ---- deps: all dependencies; build tools in case better-sqlite3 has no prebuilt binary ----
FROM base AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# The workspace packages (packages/*) are part of the install: npm ci links them into
# node_modules/@balcao/ and checks them against the lockfile.
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm ci --no-audit --no-fund

# ---- build: standalone output, completed by the same script that is tested outside Docker ----
FROM base AS build
COPY --from=deps /app/node_modules ./node_modules
# Everything, packages/ included (node_modules/@balcao/* are links into it; Next compiles it, transpilePackages).
COPY . .
ENV BUILD_STANDALONE=1 \
    NEXT_DIST_DIR=.next \
    NODE_ENV=production
RUN npx next build \
 && node scripts/check-bundle-secrets.mjs \
 && node scripts/prepare-standalone.mjs /app/out

# ---- runtime: only the standalone folder, as a user without privileges ----
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATABASE_URL=file:/app/data/balcao.db \
    SANDBOX_DATABASE_URL=file:/app/data/sandbox.db
RUN groupadd --system --gid 1001 balcao \
 && useradd --system --uid 1001 --gid balcao --no-create-home --shell /usr/sbin/nologin balcao
# The code belongs to root (read-only for the app); only the data volume and Next's cache are writable.
COPY --from=build /app/out ./
RUN mkdir -p /app/data /app/.next/cache \
 && chown balcao:balcao /app/data /app/.next/cache
USER balcao
VOLUME ["/app/data"]
EXPOSE 3000
# No curl in slim images: Node asks /api/health (200 ok / 503 degraded: DB or payment API down).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# `docker stop` sends SIGTERM: Next stops accepting connections, lets requests in flight
# finish, our shutdown hooks stop the background timers, then the process exits (143).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
