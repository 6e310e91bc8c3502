import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { pwaPlugins } from "./scripts/vite-pwa.ts";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), ...pwaPlugins("src/web/public/favicon.svg")],
  build: { outDir: "../../dist/web", emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
