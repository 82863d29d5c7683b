/**
 * A port: what one module needs from another that it may not import (the commerce core asks the
 * members module whether a buyer may buy; the members module asks the cards module how many
 * cards a member holds). The module that needs it declares the port; the module that answers
 * plugs an implementation in from its manifest. An unplugged port fails closed: calling it throws
 * at once, so a missing module shows as an error, never as "allowed".
 */
export interface Port<T> {
  readonly name: string;
  /** Plugs the implementation in; a second plug is a wiring mistake and throws. */
  plug(impl: T): void;
  /** The implementation; throws when none is plugged. */
  get(): T;
  /** Whether an implementation is plugged (for a port that is optional by design). */
  readonly plugged: boolean;
  /** Tests only: unplugs, so a test can plug its own. */
  reset(): void;
}

export function definePort<T>(name: string): Port<T> {
  let impl: T | undefined;
  return {
    name,
    plug(next) {
      if (impl !== undefined && impl !== next) throw new Error(`port ${name} is already plugged`);
      impl = next;
    },
    get() {
      if (impl === undefined) throw new Error(`port ${name} is not plugged: the module that answers it is not loaded`);
      return impl;
    },
    get plugged() {
      return impl !== undefined;
    },
    reset() {
      impl = undefined;
    },
  };
}
