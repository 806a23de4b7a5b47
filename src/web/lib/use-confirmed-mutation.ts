import { useState } from 'react';
import { notify } from './toast';

interface ConfirmedMutationOptions<Target, Input, Data> {
  /** Sends the change for the target the person confirmed, with what the dialog asked (a shipment), if anything. */
  mutate: (target: Target, input: Input) => Promise<Data>;
  /** The success toast; without one the page itself shows the change (a badge that flips). */
  success?: string | ((target: Target, data: Data) => string);
  /** After the success toast: leave the page, ... */
  onSuccess?: (data: Data, target: Target) => void;
  /** Says a failure; the default is notify.failure (the server's words for a 4xx, "try again" otherwise). */
  onFailure?: (error: unknown, target: Target) => void;
}

/**
 * An action someone confirms in a dialog (delete this order, ship it, refund it) or starts from a
 * row's button: `ask(target)` opens the dialog (`target` is what it asks about; null: closed),
 * `confirm(input)` runs the mutation, then a toast says how it went and the dialog closes, whether
 * it worked or not. `run(target)` does the same for a button without a dialog.
 */
export function useConfirmedMutation<Target, Input = void, Data = unknown>({
  mutate,
  success,
  onSuccess,
  onFailure = (error) => notify.failure(error),
}: ConfirmedMutationOptions<Target, Input, Data>) {
  const [target, setTarget] = useState<Target | null>(null);

  const run = async (confirmed: Target, input: Input): Promise<void> => {
    try {
      const data = await mutate(confirmed, input);
      const message = typeof success === 'function' ? success(confirmed, data) : success;
      if (message !== undefined) notify.success(message);
      onSuccess?.(data, confirmed);
    } catch (error) {
      onFailure(error, confirmed);
    } finally {
      setTarget(null);
    }
  };

  return {
    target,
    ask: (asked: Target) => setTarget(() => asked),
    cancel: () => setTarget(null),
    confirm: (input: Input) => (target === null ? Promise.resolve() : run(target, input)),
    run,
  };
}
