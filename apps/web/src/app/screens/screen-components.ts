import type { ContractModuleName, ScreenKeyOf } from '@venue/contract';
import type { ScreenComponent } from '../lazyScreen.tsx';

/** The components of one module's screens: exactly the keys its contract file declares. */
export type ScreenComponents<N extends ContractModuleName> = { readonly [K in ScreenKeyOf<N>]: ScreenComponent };
