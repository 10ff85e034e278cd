import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

/** 125 000 ms → "2:05". */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Screen readers hear the time left every 30 s and in the last 10 s at 5 s steps, not every second. */
function announced(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const step = seconds > 10 ? 30 : 5;
  return formatCountdown(Math.ceil(seconds / step) * step * 1000);
}

const sentence = (time: string) => `You will be signed out in ${time} for inactivity.`;

/** The time left until the idle logoff, ticking each second. */
export function IdleCountdown({ expiresAt, id }: { expiresAt: number; id: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  const left = expiresAt - now;
  return (
    <>
      <Typography id={id} aria-hidden>
        {sentence(formatCountdown(left))}
      </Typography>
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {sentence(announced(left))}
        </span>
      </VisuallyHidden>
    </>
  );
}
