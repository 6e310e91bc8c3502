// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RETRY_DELAYS_MS } from "./pwa/retry-import";
import { lazyPart } from "./lazy-part";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>boundary</p> : this.props.children;
  }
}

const Part = () => <p>part</p>;

function Host({
  use,
  needed = true,
}: {
  use: (needed: boolean) => (() => ReactNode) | null;
  needed?: boolean;
}) {
  const Loaded = use(needed);
  return Loaded ? <Loaded /> : <p>waiting</p>;
}

/** Lets the retries' waits pass (the one clock is faked) and the promises settle. */
async function afterRetries() {
  for (const delay of CHUNK_RETRY_DELAYS_MS) await act(() => vi.advanceTimersByTimeAsync(delay));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe("lazyPart", () => {
  it("shows the part once loaded, and at once on a later mount", async () => {
    const load = vi.fn(async () => Part);
    const use = lazyPart(load);
    const first = render(<Host use={use} />);
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(await screen.findByText("part")).toBeTruthy();
    first.unmount();
    render(<Host use={use} />);
    expect(screen.getByText("part")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads nothing until needed, or until preloaded", async () => {
    const load = vi.fn(async () => Part);
    const use = lazyPart(load);
    render(<Host use={use} needed={false} />);
    expect(load).not.toHaveBeenCalled();
    use.preload();
    use.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {});
    cleanup();
    render(<Host use={use} />);
    expect(screen.getByText("part")).toBeTruthy();
  });

  it("keeps an optional part away when it cannot load, and tries again when needed again", async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<() => ReactNode>>(() => Promise.reject(new Error("offline")));
    const use = lazyPart(load);
    const view = render(
      <Boundary>
        <Host use={use} />
      </Boundary>,
    );
    await afterRetries();
    expect(load).toHaveBeenCalledTimes(CHUNK_RETRY_DELAYS_MS.length + 1);
    expect(screen.getByText("waiting")).toBeTruthy();
    load.mockImplementation(async () => Part);
    view.rerender(
      <Boundary>
        <Host key="again" use={use} />
      </Boundary>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("part")).toBeTruthy();
  });

  it("gives a required part that cannot load to the error boundary, after the retries", async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<() => ReactNode>>(() => Promise.reject(new Error("offline")));
    const use = lazyPart(load, { required: true });
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the caught error
    render(
      <Boundary>
        <Host use={use} />
      </Boundary>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("waiting")).toBeTruthy();
    await afterRetries();
    expect(screen.getByText("boundary")).toBeTruthy();
  });
});
