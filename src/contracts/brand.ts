/** The product's name and look, shared by the web app's theme and the identity provider's pages. */
export const BRAND = {
  productName: 'Benefits Portal',
  /** The app's type (MUI's default stack). */
  fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
  primary: '#0b57d0',
  primaryDark: '#0842a0',
  background: '#f4f6f8',
  text: 'rgba(0, 0, 0, 0.87)',
  error: '#d32f2f',
} as const;
