import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster, toast } from './components/ui/toast';
import { BuildCheck } from './features/build-check/build-check';
import { configureApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

// Spec §8: every API failure the caller did not silence becomes a toast of its severity. The
// client imports no UI, so the wiring happens here, once, at module load (browser and server).
configureApiClient({ onError: (error) => toast[error.severity](error.message) });

export function AppProviders({ buildId, children }: { buildId: string; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <BuildCheck buildId={buildId} />
    </QueryClientProvider>
  );
}
