// RemoteApp in the shell's server entry: the remote's page component from its server entry,
// which the gateway loaded for this request.
import { createElement } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { useServerRender } from '../server-render/context';

export function RemoteApp({
  name,
  props,
}: {
  name: string;
  generation: number;
  props: RemoteAppProps;
}) {
  const app = useServerRender().remoteApps[name];
  if (!app) throw new Error(`no server entry for the "${name}" remote`);
  return createElement(app, props);
}
