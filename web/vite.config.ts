// The build goes into the Python package (src/loveletter/web_dist), so that a pip install ships the site.
// Deterministic output (content hashes in the file names, no timestamps): tests/test_web.py compares a
// fresh build with the committed one.
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("../src/loveletter/web_dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1000,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } } },
  // The frame-by-frame tests walk whole recorded games: a few seconds on an idle machine, more than
  // vitest's default 5 s on a loaded one. They check behaviour, not speed.
  test: { environment: "jsdom", include: ["test/**/*.test.ts", "test/**/*.test.tsx"], testTimeout: 60_000 },
});
