import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { config } from '../../../lib/config';
import { createIdleTimer, type IdleState, type IdleTimer } from '../idle-timer';
import { openSessionChannel } from '../session-channel';
import { IdleWarningDialog } from './idle-warning-dialog';

/** What counts as the user being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focus'] as const;

const here = () => `${window.location.pathname}${window.location.search}`;

/** Automatic logoff after the idle timeout (HIPAA 164.312(a)(2)(iii)), shared by the user's tabs. */
export function IdleLogoff() {
  const navigate = useNavigate();
  const [state, setState] = useState<IdleState>({ phase: 'active' });
  const timer = useRef<IdleTimer | null>(null);

  useEffect(() => {
    const channel = openSessionChannel();
    const idle = createIdleTimer({
      timeoutMs: config.session.idleTimeoutMs,
      warningMs: config.session.idleWarningMs,
      channel,
      onStateChange: setState,
      // Through the /logout route, outside the signed-in layout, which would sign in again on a lost user.
      onExpire: () => void navigate({ to: '/logout', search: { reason: 'inactivity', returnTo: here() } }),
      onSignedOutElsewhere: (reason) =>
        void navigate({ to: '/logout', search: { reason, returnTo: here(), fromOtherTab: true } }),
    });
    timer.current = idle;
    const onActivity = () => idle.activity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      idle.dispose();
      channel.close();
      timer.current = null;
    };
  }, [navigate]);

  return (
    <IdleWarningDialog
      expiresAt={state.phase === 'warning' ? state.expiresAt : null}
      onStay={() => timer.current?.staySignedIn()}
      onSignOut={() => void navigate({ to: '/logout' })}
    />
  );
}
