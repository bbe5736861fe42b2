# syntax=docker/dockerfile:1
# The product as a deployment runs it: the web built by Vite and the API compiled to plain
# JavaScript (apps/api/dist/server.js), run by `node` on a supported Node.js LTS. No
# TypeScript loader, no dev dependencies, no embedded PostgreSQL (DATABASE_URL is required).
# Not buildable on our development machines (no Docker engine there); kept correct by review.

ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Install everything and build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml turbo.json tsconfig.base.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# The optional embedded PostgreSQL is left out: a deployment always has DATABASE_URL.
RUN pnpm install --frozen-lockfile --no-optional
COPY . .
RUN pnpm exec turbo run build --filter=@minimarket/web --filter=@minimarket/api

# 2. The API's runtime dependencies only (its npm packages; our own code is in dist/).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# --ignore-scripts: the root postinstall generates the Prisma client, already bundled in dist/;
# bcrypt loads its prebuilt binary without building.
RUN pnpm install --frozen-lockfile --prod --no-optional --ignore-scripts --filter @minimarket/api...

# 3. What runs.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/prisma/funciones ./prisma/funciones
USER node
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/api/salud').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
