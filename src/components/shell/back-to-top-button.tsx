import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import IconButton from '@mui/material/IconButton';
import useScrollTrigger from '@mui/material/useScrollTrigger';

/** Appears once the page is scrolled past 40 pixels (spec 1 §2 Shell). */
export function BackToTopButton() {
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 40 });
  if (!scrolled) return null;
  return (
    <IconButton
      color="inherit"
      aria-label="Back to top"
      onClick={() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
      }}
    >
      <KeyboardArrowUpIcon />
    </IconButton>
  );
}
