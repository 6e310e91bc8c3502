import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startTheme } from "./features/theme/theme";
import { startAppStyles } from "./lib/app-styles";
import { keepCssEventsFromReact } from "./lib/css-events";
import { startLocale } from "./lib/locale";
import { startPwa } from "./lib/pwa/start-pwa";
import { warmIntl } from "./lib/warm-intl";
import "./styles.css";

startAppStyles();
startTheme();
keepCssEventsFromReact();

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");
// A transition: React draws the first tree (the gate behind index.html's splash) in slices of a few milliseconds,
// yielding to the browser between them, instead of one task (TBT); nothing shows until the gate opens.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// English is built in; another language's first texts load behind the splash (or not at all: English then).
const starting = startLocale();
if (starting) void starting.finally(render);
else render();
warmIntl();
startPwa();
