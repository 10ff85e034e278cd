import { BRAND } from '../../contracts/brand';

/**
 * The loading screen of the first load: what index.html paints, without MUI, so that the entry
 * chunk carries no styling engine. The routed app's screens use LoadingScreen.
 */
export function PlainLoadingScreen() {
  return (
    <p
      role="status"
      aria-live="polite"
      style={{
        margin: 0,
        minHeight: '50vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontFamily: BRAND.fontFamily,
      }}
    >
      loading
    </p>
  );
}
