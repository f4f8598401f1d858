# syntax=docker/dockerfile:1
# Rarita's production image (docs/operations.md): the web build made in a stage with every
# dependency, then a runtime with the production dependencies only, run as the unprivileged
# `node` user. Node 24 runs the server's TypeScript as it is (type stripping): the image holds
# the sources the server imports (server/, core/, app/) beside the web build.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The web build (./build): client assets and the server bundle React Router renders with.
FROM deps AS build
COPY . .
RUN npx react-router build

# The production dependencies alone (sharp and argon2 bring their Linux binaries as optional packages).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# jemalloc instead of glibc's allocator (ADR 0146): what is allocated outside V8's heap and freed
# is given back, not kept by glibc's arenas. The link names it for any architecture.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* \
  && ln -s "$(dpkg -L libjemalloc2 | grep '/libjemalloc\.so\.2$')" /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root core ./core
COPY --chown=root:root server ./server
COPY --chown=root:root app ./app
COPY --chown=root:root deploy/draw-keys.ts ./deploy/draw-keys.ts
COPY --from=build --chown=root:root /app/build ./build
# The code is root's and read-only to the server; only DATA_DIR is writable (media, keys drawn at
# the first start when they are not given).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready: the database answers, every migration of this build is applied, and the process is not
# stopping (ADR 0093). node itself asks: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server itself, not `npm start` (which would build and, without NODE_ENV, run the demo):
# signals reach node directly, so SIGTERM drains and closes gracefully. Its V8 flags
# (server/runtime-flags.ts, ADR 0115 and 0118) are on the command line: Node refuses
# --heap-growing-percent in NODE_OPTIONS.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=100", "server/main.ts"]
