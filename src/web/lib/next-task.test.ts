import { afterEach, describe, expect, it, vi } from "vitest";
import { inBackground } from "./next-task";

describe("inBackground", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands the work to scheduler.postTask at background priority where there is one", async () => {
    const posted: { callback: () => void; options: unknown }[] = [];
    vi.stubGlobal("scheduler", {
      postTask: (callback: () => void, options: unknown) => {
        posted.push({ callback, options });
        return Promise.resolve();
      },
    });
    const work = vi.fn();
    inBackground(work);
    expect(work).not.toHaveBeenCalled();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.options).toEqual({ priority: "background" });
    posted[0]!.callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("runs the work once, at once, when the scheduler refuses it or is missing", async () => {
    vi.stubGlobal("scheduler", { postTask: () => Promise.reject(new Error("aborted")) });
    const refused = vi.fn();
    inBackground(refused);
    await Promise.resolve();
    await Promise.resolve();
    expect(refused).toHaveBeenCalledTimes(1);

    vi.stubGlobal("scheduler", undefined);
    const plain = vi.fn();
    inBackground(plain);
    expect(plain).toHaveBeenCalledTimes(1);
  });
});
