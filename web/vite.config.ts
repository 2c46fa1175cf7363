// Builds the web app into web/dist, which `arbiter serve` serves at `/`.
// The API's TypeScript types come from the server crate (ts-rs writes them
// to crates/server/bindings/), and the shipped Ephemeral figure sets, the
// ability catalogue and the built-in E'thia Worlds quest are read from the
// game crates, so nothing is copied.
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@bindings": here("../crates/server/bindings"),
      "@sets": here("../crates/ephemeral/sets"),
      "@ephemeral-data": here("../crates/ephemeral/data"),
      "@ethia-quests": here("../crates/ethia/quests"),
    },
  },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  server: {
    fs: { allow: [here("..")] },
    // `npm run dev` talks to a server started with `arbiter serve --port 8080`.
    proxy: { "/api": { target: "http://127.0.0.1:8080", ws: true } },
  },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 600 },
});
