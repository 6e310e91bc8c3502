import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startTheme } from "./features/theme/theme";
import { startAppStyles } from "./lib/app-styles";
import { startPwa } from "./lib/pwa/start-pwa";
import "./styles.css";

startAppStyles();
startTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startPwa();
