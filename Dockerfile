# syntax=docker/dockerfile:1
#
# The production image: the compiled build, production dependencies and the
# plain-JavaScript launcher, run by `node` as an unprivileged user. No sources,
# no TypeScript tooling. See docs/production.md.
#
#   docker build -t tuesday-web .
#   docker run -p 3000:3000 -e APP_URL=… -e AUTH_SECRET=… -e DATABASE_URL=postgres://… tuesday-web

# The base image by digest, so that a rebuild starts from the same bytes and a changed upstream tag
# cannot slip in. Bump it on purpose: `docker buildx imagetools inspect node:20-bookworm-slim` prints
# the current digest. (Taken from three public repositories that pin the same one; this machine has no
# registry to ask.)
ARG NODE_IMAGE=node:20-bookworm-slim@sha256:2cf067cfed83d5ea958367df9f966191a942351a2df77d6f0193e162b5febfc0

# Every dependency, with the tools that native modules (better-sqlite3) build with when no prebuilt binary fits.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# The build: client assets (precompressed), prerendered pages, and the server bundle.
FROM deps AS build
COPY . .
RUN node server/build.mjs

# Production dependencies only, compiled on the same base as the runtime. Not the optional ones either:
# vitest, jsdom and typescript are optional peers of better-auth and @react-router/node and would come
# along (2026-11-27: 192 top-level packages and 207 MB with --omit=dev alone; 125 and 96 MB with both,
# none of the three; the server starts, signs up and mails without them).
FROM deps AS prod-deps
RUN npm prune --omit=dev --omit=optional --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Two malloc arenas instead of glibc's eight per core: the threads that compress and hash no longer each
# keep freed memory of their own (measured on PostgreSQL + Redis: 121–124 MB resident idle → 115–117 MB,
# docs/decisions/0018-many-visitors.md). `npm start` cannot set it portably; set it in a unit file too.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server/start.mjs server/build.mjs ./server/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness: the database (and Redis, when configured) answer, and the instance is not shutting down.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "server/start.mjs"]
