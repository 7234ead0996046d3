# Pledgeway: one image serving the API and the built web app (README, "Docker").
# Stage 1 builds with every dependency; the final stage holds production dependencies and the
# build output only, and runs as the unprivileged `node` user.

# Node 26 is the Active LTS (since October 2026); package.json's engines allow ^22.13.0 || >=24.
FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# Type checks, the web app (apps/web/dist) and its server renderer (apps/web/dist-ssr), the API
# bundle and its migrations (apps/api/dist).
RUN npm run build

FROM node:26-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# Uploads and, without DATABASE_URL, the embedded database live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Plain Node on the bundle: no npm in between, so SIGTERM reaches the server and it shuts down cleanly.
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
