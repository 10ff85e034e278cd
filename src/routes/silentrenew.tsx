import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { completeSilentRenew } from '../features/session/sign-in';

// Loaded inside the hidden iframe of a silent renewal.
export const Route = createFileRoute('/silentrenew')({
  component: SilentRenew,
});

function SilentRenew() {
  useEffect(() => {
    void completeSilentRenew();
  }, []);
  return null;
}
