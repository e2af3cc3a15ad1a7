# MonCafe in an image: exactly the production path of decision 172, on a Node 24 base
# (decision 173). No container engine runs on the machines this was written on, so it has never
# been built here: tests/architecture/dockerfile.unit.test.ts checks that its steps are the ones
# tests/http/production-start.int.test.ts runs in a fresh copy (tests/support/production.ts).
#
#   docker build -t moncafe .
#   docker compose up        # compose.yaml: two web processes, the worker, PostgreSQL, NATS

ARG NODE_IMAGE=node:24-bookworm-slim

# The build stage: every package, then the web build and the processes compiled to JavaScript.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY projections/package.json projections/
COPY demo/package.json demo/
COPY infra/package.json infra/
COPY apps/web/package.json apps/web/
COPY apps/worker/package.json apps/worker/
COPY tests/package.json tests/
RUN npm ci
COPY . .
RUN npm run build

# The runtime stage: the production packages only, and what the build made. No sources, no tsx.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/domain/package.json domain/
COPY --from=build /app/projections/package.json projections/
COPY --from=build /app/demo/package.json demo/
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/worker/package.json apps/worker/
COPY --from=build /app/tests/package.json tests/
RUN npm ci --omit=dev
COPY --from=build /app/apps/web/build apps/web/build
COPY --from=build /app/apps/worker/build apps/worker/build
# The Japanese font the receipt PDF is set in (Debian's Noto Sans CJK): without it /receipts/…/pdf
# answers 503. RECEIPT_FONT names the file (README's table); the same path the tests run with.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
ENV RECEIPT_FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Alive means /healthz answers (the worker, which serves no HTTP, turns this off in compose.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { redirect: 'manual' }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# Every maintenance command is built too (`node apps/worker/build/<command>.js --help`): migrate,
# rebuild, reset-admin-password, reseal-secrets, seal-events, events-file.
# `npm run start:prod`, without npm in between: node receives SIGTERM itself.
CMD ["node", "apps/web/build/process/server.js"]
