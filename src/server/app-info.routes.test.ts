import { describe, expect, it } from "vitest";
import { APP_VERSION } from "../core/constants";
import { appInfoRoutes } from "./app-info.routes";

describe("GET /api/app-info", () => {
  it("answers the version and the configured feedback address", async () => {
    const res = await appInfoRoutes({ feedbackEmail: "ideas@habits.test" }).request("/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: APP_VERSION, feedbackEmail: "ideas@habits.test" });
  });
});
