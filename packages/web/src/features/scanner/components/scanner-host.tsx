import { lazy, Suspense } from 'react';
import { loadMessages } from '../../../i18n/i18n';
import { useScanRequest } from '../scan-store';

/** The scanner dialog and its messages load when first opened: never on the first page (issue 19 point 7). */
const ScannerDialog = lazy(async () => {
  const [{ ScannerDialog: Component }] = await Promise.all([
    import('./scanner-dialog'),
    loadMessages('catalog', 'feedback'),
  ]);
  return { default: Component };
});

/** Renders the scanner while one is requested (the scan button, a keyboard-wedge scan). */
export function ScannerHost() {
  const request = useScanRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ScannerDialog key={request.kind === 'code' ? `code-${request.code}` : 'camera'} request={request} />
    </Suspense>
  );
}
