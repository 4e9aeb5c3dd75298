# syntax=docker/dockerfile:1
# Slotwise's images: one build, two runtime targets (docs/deploy.md).
#   docker build --target api -t slotwise/api .         the API; the same image runs the delivery
#                                                       worker, the migrations and the demo seed
#   docker build --target gateway -t slotwise/gateway . the front ends and the gateway (/api proxy);
#                                                       also `npm run docker -w @slotwise/gateway`
ARG NODE_IMAGE=node:20-bookworm-slim

# --- Dependencies: the workspace manifests and the lockfile only, so a source change keeps this
# layer. `npm ci` installs the lockfile exactly; where the lockfile lacks this platform's optional
# binaries (it is made on linux-x64), `npm install` resolves them instead. No install scripts:
# every native package here ships prebuilt binaries (docs/deploy.md).
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/api-client/package.json libs/api-client/
COPY libs/ui/package.json libs/ui/
COPY services/api/package.json services/api/
COPY services/gateway/package.json services/gateway/
COPY apps/shell/package.json apps/shell/
COPY apps/booking-mfe/package.json apps/booking-mfe/
COPY apps/dashboard-mfe/package.json apps/dashboard-mfe/
COPY apps/marketing-mfe/package.json apps/marketing-mfe/
COPY tests/package.json tests/
RUN npm ci --ignore-scripts --no-audit --no-fund \
  || npm install --ignore-scripts --no-audit --no-fund

# --- Build: every project (`nx run-many -t build`), then each runtime image's folder: its built
# files and only the packages it loads (services/gateway/src/deploy/runtime-bundle.ts), at the
# lockfile's versions.
FROM deps AS build
ENV NX_DAEMON=false NX_NO_CLOUD=true
# Stamped on each remote's root element (data-build-id): which build a browser runs.
ARG SLOTWISE_BUILD_ID
ENV SLOTWISE_BUILD_ID=${SLOTWISE_BUILD_ID}
COPY . .
RUN npm run build
RUN node services/gateway/dist/deploy/cli.js api /bundle/api \
  && node services/gateway/dist/deploy/cli.js gateway /bundle/gateway

# --- Runtime base: Node only, files owned by root and read-only to the process, which runs as
# the image's `node` user (uid 1000, numeric so Kubernetes' runAsNonRoot can check it).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app

# --- The gateway: the shell at /, each remote under /remotes/<name>/, remotes.json, /api proxied
# to API_UPSTREAM (services/gateway). Hashed files are cached for a year, the rest revalidated.
FROM runtime AS gateway
COPY --from=build /bundle/gateway /app
ENV HOST=0.0.0.0 PORT=8080 API_UPSTREAM=http://api:3000
EXPOSE 8080
USER 1000:1000
# A static file: the gateway's own health, whatever the API's.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/robots.txt').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/gateway/dist/main.js"]

# --- The API (the default target). Other commands of the same image:
#   node services/api/dist/worker.js        the delivery worker (outbox → Redis → Twilio/SMTP)
#   node services/api/dist/cli/migrate.js   pending migrations, then exit
#   node services/api/dist/cli/seed.js      the demo businesses (idempotent)
#   node scripts/wait-for-migrations.mjs    exit 0 once the schema has this build's migrations
FROM runtime AS api
COPY --from=build /bundle/api /app
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER 1000:1000
# 200 while PostgreSQL answers, 503 otherwise (the worker overrides this check: compose.yaml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/api/dist/main.js"]
