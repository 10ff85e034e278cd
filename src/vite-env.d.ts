/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_OIDC_AUTHORITY?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  readonly VITE_ENROLLMENT_API?: string;
  readonly VITE_MEMBER_API?: string;
  readonly VITE_FINANCE_API?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
