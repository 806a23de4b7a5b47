/**
 * This browser's tabs tell each other when who is signed in changed in one of them. The tabs share
 * the access token (localStorage), so a tab still showing the person who signed out elsewhere
 * would send the next person's token in the old person's name: it asks the server again at once,
 * rather than only when it is next looked at (the session query also refetches on focus).
 */
const CHANNEL_NAME = 'toolhouse.session';
const CHANGED = 'changed';

let channel: BroadcastChannel | null | undefined;

/** One channel per tab, opened on first use; none where the browser has no BroadcastChannel. */
function openChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  return channel;
}

/** Tells the other tabs. A channel never hands a message back to the tab that sent it. */
export function announceSessionChange(): void {
  openChannel()?.postMessage(CHANGED);
}

/** Calls `listener` when another tab announces a change; returns the way to stop listening. */
export function onSessionChangeElsewhere(listener: () => void): () => void {
  const open = openChannel();
  if (!open) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.data === CHANGED) listener();
  };
  open.addEventListener('message', onMessage);
  return () => open.removeEventListener('message', onMessage);
}
