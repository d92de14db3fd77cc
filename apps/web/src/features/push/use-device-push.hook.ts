import { useCallback, useSyncExternalStore } from 'react';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import { devicePushState, type DevicePushState } from './push-state';
import { registerForPush } from './push-subscription';

/**
 * This device's push state and the two ways to change it: `check` registers quietly when the
 * permission is already granted (page load), `turnOn` asks for it — call it only from a tap
 * (decision 197).
 */
export function useDevicePush(): {
  state: DevicePushState;
  check: () => Promise<DevicePushState>;
  turnOn: () => Promise<DevicePushState>;
} {
  const { email } = useSignedInUser();
  const utils = trpc.useUtils();
  const state = useSyncExternalStore(devicePushState.subscribe, devicePushState.current);
  const register = useCallback(
    async (ask: boolean) => {
      const next = await registerForPush(
        {
          vapidPublicKey: async () => (await utils.client.push.vapidPublicKey.query()).publicKey,
          saveToken: (tokenForNotification) =>
            utils.client.user.savePushToken.mutate({ email, tokenForNotification }),
        },
        { ask },
      );
      devicePushState.set(next);
      return next;
    },
    [email, utils],
  );
  const check = useCallback(() => register(false), [register]);
  const turnOn = useCallback(() => register(true), [register]);
  return { state, check, turnOn };
}
