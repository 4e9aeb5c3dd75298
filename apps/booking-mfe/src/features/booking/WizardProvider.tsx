import { type ReactNode, createContext, use, useState } from 'react';
import { useStore } from 'zustand';
import { type Wizard, type WizardStore, createWizardStore } from './wizard-store';

const WizardContext = createContext<WizardStore | null>(null);

/** Owns the wizard's store for as long as it is mounted (give it a `key` per business). */
export function WizardProvider({ store, children }: { store?: WizardStore; children: ReactNode }) {
  const [own] = useState(() => store ?? createWizardStore());
  return <WizardContext value={own}>{children}</WizardContext>;
}

/** The part of the wizard a component shows or calls; it re-renders when that part changes. */
export function useWizard<T>(select: (wizard: Wizard) => T): T {
  const store = use(WizardContext);
  if (!store) throw new Error('useWizard needs a <WizardProvider>');
  return useStore(store, select);
}
