# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and bundles in a build stage, a slim non-root runtime.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: glibc's allocator keeps up to eight arenas per core, one per thread that
# allocates, and memory freed by libuv's threads (the pages' brotli copies) stays in theirs; two
# arenas keep about 20 MB less resident under load at no measurable CPU cost (decision 076).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Only what the server needs at run time: the bundles, server code, content and production modules.
COPY --from=build --chown=node:node /app/package.json /app/server.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/content ./content
# For operators: `npm run leads -- export …` runs the TypeScript export script with tsx.
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# One process, plain Node (SIGTERM reaches it directly; it drains and exits 0). The heap cap keeps
# the process near 200 MB RSS under load, and 8 MB young-generation spaces (V8's default is 16) keep
# garbage from piling up between collections while scavenging half as often as 4 MB ones
# (docs/performance.md, decisions 009, 075, 076); raise them with the container's memory.
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=8", "dist/server/server.js"]
