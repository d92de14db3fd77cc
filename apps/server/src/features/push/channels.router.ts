import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.channels;

export const channelsRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx, input }) =>
    ctx.services.deliveryChannels.list(ctx.caller, input.userEmail),
  ),
  add: authenticatedFrom(c.add).mutation(({ ctx, input }) => {
    const { userEmail, ...channel } = input;
    return ctx.services.deliveryChannels.add(ctx.caller, userEmail, channel);
  }),
  update: authenticatedFrom(c.update).mutation(({ ctx, input }) =>
    ctx.services.deliveryChannels.update(ctx.caller, input.userEmail, input.id, input.mode),
  ),
  remove: authenticatedFrom(c.remove).mutation(({ ctx, input }) =>
    ctx.services.deliveryChannels.remove(ctx.caller, input.userEmail, input.id),
  ),
  test: authenticatedFrom(c.test).mutation(({ ctx, input }) =>
    ctx.services.deliveryChannels.test(ctx.caller, input.userEmail, input.id),
  ),
});
