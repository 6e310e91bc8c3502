// Too many requests: a server with the production limit of 5 sign-in attempts per minute and address.
import { messages } from "../src/core/messages";
import { REFUSED_REQUEST, expectError, openLogin, signInWith } from "./support/auth";
import { createUser, expect, startE2eServer, test, type TestServer } from "./support/fixtures";

let limited: TestServer;
test.beforeAll(async () => {
  limited = await startE2eServer({ env: { SIGN_IN_RATE_MAX: "5", SIGN_IN_RATE_WINDOW: "60" } });
});
test.afterAll(async () => {
  await limited?.close();
});

test("the 6th attempt within a minute shows the too-many-requests text, even after a restart", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  const user = await createUser(limited);
  await openLogin(page, `${limited.url}/login`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signInWith(page, user.email, `wrong-password-${attempt}`);
    await expectError(page, messages.signIn.invalidCredentials);
    await expect(
      page.getByRole("button", { name: messages.account.signInButton, exact: true }),
    ).toBeEnabled();
  }
  await signInWith(page, user.email, user.password);
  await expectError(page, messages.signIn.tooManyRequests);

  await limited.restart();
  await signInWith(page, user.email, user.password);
  await expectError(page, messages.signIn.tooManyRequests);
});
