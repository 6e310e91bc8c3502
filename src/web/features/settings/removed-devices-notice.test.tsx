// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RemovedDevicesNotice } from "./removed-devices-notice";

afterEach(cleanup);

describe("RemovedDevicesNotice", () => {
  it("tells, as a status, how many devices were dropped for not answering and how to get them back", () => {
    render(<RemovedDevicesNotice removed={{ count: 2, at: "2026-11-23T07:00:04.000Z" }} />);
    const notice = screen.getByRole("status");
    expect(notice.textContent).toMatch(
      /^2 devices were removed from push reminders on .+ because they stopped answering\./,
    );
    expect(notice.textContent).toContain("open Settings on those devices and enable push");
  });

  it("speaks of one device in the singular", () => {
    render(<RemovedDevicesNotice removed={{ count: 1, at: "2026-11-23T07:00:04.000Z" }} />);
    expect(screen.getByRole("status").textContent).toMatch(
      /^1 device was removed .+ because it stopped answering\./,
    );
  });

  it("shows nothing when no device was dropped, or the server does not say", () => {
    const { container } = render(
      <>
        <RemovedDevicesNotice removed={null} />
        <RemovedDevicesNotice removed={undefined} />
      </>,
    );
    expect(container.textContent).toBe("");
  });
});
