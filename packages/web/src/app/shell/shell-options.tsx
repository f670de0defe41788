import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '@shop/shared/i18n/languages';

/** Called from the second navigation on with the new path and the current language. */
export type PageViewHandler = (path: string, language: Language) => void | Promise<void>;

export interface ShellOptions {
  onPageView?: PageViewHandler;
}

const ShellOptionsContext = createContext<ShellOptions>({});

export function ShellOptionsProvider({ value, children }: { value: ShellOptions; children: ReactNode }) {
  return <ShellOptionsContext.Provider value={value}>{children}</ShellOptionsContext.Provider>;
}

export function useShellOptions(): ShellOptions {
  return useContext(ShellOptionsContext);
}
