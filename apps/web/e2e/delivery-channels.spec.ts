import { ChannelSink } from '../../server/test/support/channel-sink';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectToast } from './support/journey';
import { OwnServer } from './support/own-server';
import { captureScreen } from './support/screens';

/**
 * Settings → Notifications, devices and channels (issue 53): the list with each one's last
 * delivery, adding an ntfy topic (a bad URL refused with its reason), the test reminder reported
 * in the page, a webhook's secret shown once. A server of the test's own lists the local sink in
 * CHANNEL_PRIVATE_HOSTS, as an operator allows a host on their network.
 */
const sink = new ChannelSink();
// The server's own settings, read when it starts: the sink's address is known once it listens.
const serverEnv: Record<string, string> = { PUBLIC_URL: 'https://meds.example.org' };
const server = new OwnServer(undefined, serverEnv);

test.beforeAll(async () => {
  await sink.start();
  serverEnv.CHANNEL_PRIVATE_HOSTS = sink.host;
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
  await sink.stop();
});

test.use({
  permissions: ['clipboard-read', 'clipboard-write'],
  baseURL: async ({}, provide) => provide(await server.url()),
});

test('lists devices and channels, adds ntfy, sends a test reminder, shows a webhook secret once', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.slow(); // four screens scanned by axe at two sizes on a loaded machine
  const account = await createAccount(request, { name: 'Channel Chloe' });
  await logIn(page, account);
  await page.goto('/settings?tab=notifications');
  const section = page.getByRole('region', { name: 'Devices and channels' });
  await expect(section.getByText('No device or channel gets reminders yet.')).toBeVisible();
  await captureScreen(page, 'channels-empty');

  const form = section.getByRole('form', { name: 'Add a channel' });
  const url = form.getByLabel('ntfy topic URL');
  await url.fill('http://ntfy.example.org/my-topic');
  await form.getByRole('button', { name: 'Add Channel' }).click();
  await expect(form.getByRole('alert')).toHaveText('The address must start with https://.');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);

  await url.fill(`${sink.origin}/chloe-meds`);
  await form.getByRole('button', { name: 'Add Channel' }).click();
  await expectToast(page, 'Channel added');
  const item = section.getByRole('listitem', { name: `ntfy: ${sink.host}/chloe-meds` });
  await expect(item).toContainText('Not yet');

  await item.getByRole('button', { name: 'Send a test reminder' }).click();
  await expect(item.getByRole('status')).toHaveText(
    `Accepted: ntfy: ${sink.host}/chloe-meds took the test reminder.`,
  );
  expect(sink.requests.map((r) => [r.path, r.body.topic, r.body.title])).toEqual([
    ['/', 'chloe-meds', 'Test reminder'],
  ]);
  await expect(item.getByText('Last delivered')).toBeVisible();
  await expect(item).not.toContainText('Not yet');
  await captureScreen(page, 'channels-ntfy-tested');

  await form.getByLabel('Channel', { exact: true }).selectOption('webhook');
  await form.getByLabel('Webhook URL').fill(`${sink.origin}/hooks/chloe`);
  await form.getByLabel('Send', { exact: true }).selectOption('fallback');
  await form.getByRole('button', { name: 'Add Channel' }).click();
  await expectToast(page, 'Channel added');
  const secret = form.getByLabel('Your webhook’s signing secret');
  await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  const hook = section.getByRole('listitem', { name: `Webhook: ${sink.host}` });
  await expect(hook.getByLabel('Sends', { exact: true })).toHaveValue('fallback');
  await captureScreen(page, 'channels-webhook-secret');

  // Shown once: a reload lists the webhook without its secret.
  await page.reload();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Your webhook’s signing secret')).toHaveCount(0);
});
