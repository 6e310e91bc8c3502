import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { migrateOnce } from "../features/migration/migrate-local-habits";
import { BeforeHabitsLoadProvider } from "../lib/habits/before-habits-load";
import { AppRoutes } from "./app-routes";
import { createQueryClient } from "./query-client";
import { SessionGate } from "./session-gate";

// Where features meet: the first-visit migration runs before each habit-list load (docs/decisions/0006).
export function App() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BeforeHabitsLoadProvider value={migrateOnce}>
        <BrowserRouter>
          <SessionGate>
            <AppRoutes />
          </SessionGate>
        </BrowserRouter>
      </BeforeHabitsLoadProvider>
    </QueryClientProvider>
  );
}
