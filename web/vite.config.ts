// Vite build of the settings page: web/ -> dist/web/, everything bundled, relative asset URLs.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webDirectory = fileURLToPath(new URL(".", import.meta.url));

/** Served by `skillbox serve` from any path, offline: no CDN, relative `base`. */
export default defineConfig({
  root: webDirectory,
  base: "./",
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // One small page: a single JS chunk and one CSS file keep serving trivial.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
