import { lazy, Suspense, useState } from 'react';
import { useNotificationStore } from '../../stores/notification-store';

// Most visits never show a notice: the snackbar and its transitions load with the first one.
const NotificationSnackbar = lazy(() =>
  import('./notification-snackbar').then((m) => ({ default: m.NotificationSnackbar })),
);

/** Shows the call layer's messages (spec 2 §8) as an accessible alert. */
export function Notifications() {
  const hasNotice = useNotificationStore((state) => state.current !== null);
  // Once loaded the snackbar stays mounted, so a dismissed notice still animates out.
  const [loaded, setLoaded] = useState(false);
  if (hasNotice && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationSnackbar />
    </Suspense>
  );
}
