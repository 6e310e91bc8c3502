import { BrowserRouter } from "react-router";
import { BeforeHabitsLoadProvider } from "../lib/habits/before-habits-load";
import { useLocale } from "../lib/locale-store";
import { isFirstVisitDone } from "../lib/storage";
import { AppRoutes } from "./app-routes";
import { SessionGate } from "./session-gate";

// Where features meet: the first-visit migration runs before each habit-list load (docs/decisions/0006).
// No react-query provider: its cache loads with the pages that use it (lib/query-client.ts, docs/decisions/0060).
// The migration's code loads only in a browser whose first visit is not done yet: most loads skip it.
const beforeHabitsLoad = (userId: string) =>
  isFirstVisitDone()
    ? Promise.resolve()
    : import("../features/migration/migrate-local-habits").then((migration) => migration.migrateOnce(userId));

export function App() {
  // A change of language re-renders the whole app: every text is read from the catalogue at render.
  useLocale();
  return (
    <BeforeHabitsLoadProvider value={beforeHabitsLoad}>
      <BrowserRouter>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
    </BeforeHabitsLoadProvider>
  );
}
