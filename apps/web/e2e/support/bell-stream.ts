import type { Page, Request, Response } from '@playwright/test';

const STREAM = /\/trpc\/push\.notifications/;
const LIST = /\/trpc\/[^?]*notification\.list/;

/**
 * Resolves once the bell's live stream has opened and the notification list it asks for at that
 * opening (decision 046) has come back. Call it before the page loads. A test that cuts the network
 * waits for it first: that request, cut mid-way, is a console error ("net::ERR_INTERNET_DISCONNECTED").
 * Only a list request made after the stream's answer counts, so the page's own first fetch of the
 * list, still finishing as the stream opens, does not.
 */
export function bellStreamCaughtUp(page: Page): Promise<void> {
  return new Promise((resolve) => {
    let opened = false;
    const askedAfterOpening = new Set<Request>();
    const onResponse = (response: Response) => {
      if (STREAM.test(response.url())) opened = true;
    };
    const onRequest = (request: Request) => {
      if (opened && LIST.test(request.url())) askedAfterOpening.add(request);
    };
    const onFinished = (request: Request) => {
      if (!askedAfterOpening.has(request)) return;
      page.off('response', onResponse);
      page.off('request', onRequest);
      page.off('requestfinished', onFinished);
      resolve();
    };
    page.on('response', onResponse);
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
  });
}
