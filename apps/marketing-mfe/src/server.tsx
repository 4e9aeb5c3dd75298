// The server entry (built by apps/rspack.base.mjs, imported by the gateway by its hashed name): the
// same ./App the shell loads in the browser, given the page's data the gateway fetched, so the
// first render on the server shows what the browser's first render will show.
import { ServerPageDataContext } from '@slotwise/api-client/server';
import { type RemoteAppProps } from '@slotwise/contracts';
import App from './App';
import { BUILD_ID } from './build-info';

export { BUILD_ID };

export function ServerApp({
  props,
  pageData,
}: {
  props: RemoteAppProps;
  pageData: Readonly<Record<string, unknown>>;
}) {
  return (
    <ServerPageDataContext value={pageData}>
      <App {...props} />
    </ServerPageDataContext>
  );
}
